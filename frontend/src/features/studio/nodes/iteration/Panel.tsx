import { numberOf, textOf } from '../config';
import type { PanelProps } from '../panelProps';
import { NumberField, Section, SelectField, Toggle } from '../../panel/fields';
import { VariablePicker } from '../../panel/VariablePicker';
import { DEFAULT_PARALLEL, ERROR_MODES, iterationKind, MAX_PARALLEL, OUTPUT_TYPES } from './definition';

export function IterationPanel({ id, config, update, errors }: PanelProps) {
  const parallel = config.is_parallel === true;
  return (
    <>
      <Section title="List" hint="The steps inside the iteration run once for each of its items; they read the item and its index (from 0) from the iteration.">
        <VariablePicker nodeId={id} label="List" value={config.iterator_selector} accepts={iterationKind.slots?.[0]?.accepts} onChange={(s) => update({ iterator_selector: s }, 'iterator_selector')} error={errors.iterator_selector} testId="iteration-list" />
      </Section>
      <Section title="Result" hint="What each item gives, from a step inside; the iteration's output lists them in item order.">
        <VariablePicker nodeId={id} label="Result of each item" value={config.output_selector} onChange={(s) => update({ output_selector: s }, 'output_selector')} error={errors.output_selector} testId="iteration-result" />
        <SelectField label="Result type" value={textOf(config, 'output_type') || 'array[any]'} options={OUTPUT_TYPES} onChange={(v) => update({ output_type: v }, 'output_type')} error={errors.output_type} />
        <Toggle label="Join lists the items give into one list" checked={config.flatten_output === true} onChange={(on) => update({ flatten_output: on }, 'flatten_output')} />
      </Section>
      <Section title="Run items at once" action={<Toggle label="Run items in parallel" checked={parallel} onChange={(on) => update({ is_parallel: on }, 'is_parallel')} testId="iteration-parallel" />}
        hint={parallel ? 'Items run side by side; their results keep the list’s order.' : 'Items run one after another, in order.'}>
        {parallel && (
          <NumberField label="Items at once" value={numberOf(config, 'parallel_nums') ?? DEFAULT_PARALLEL} min={1} max={MAX_PARALLEL} onChange={(n) => update({ parallel_nums: n }, 'parallel_nums')} error={errors.parallel_nums} testId="iteration-parallel-nums" />
        )}
      </Section>
      <Section title="When an item fails">
        <SelectField label="When an item fails" value={textOf(config, 'error_handle_mode') || 'terminated'} options={ERROR_MODES} onChange={(v) => update({ error_handle_mode: v }, 'error_handle_mode')} error={errors.error_handle_mode} testId="iteration-error-mode" />
      </Section>
      {errors.start_node_id && <p className="panel-error">{errors.start_node_id}</p>}
    </>
  );
}
