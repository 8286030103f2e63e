import { listOf, textOf } from '../config';
import type { PanelProps } from '../panelProps';
import { AddButton, RemoveButton, removeAt, replaceAt, Section, SelectField } from '../../panel/fields';
import { VariablePicker } from '../../panel/VariablePicker';
import { OUTPUT_TYPES } from './definition';

const typeOptions = OUTPUT_TYPES.map((t) => ({ value: t, label: t }));

export function AggregatorPanel({ id, config, update, errors }: PanelProps) {
  const vars = listOf<string[]>(config, 'variables');
  const set = (next: string[][], field: string) => update({ variables: next }, field);
  return (
    <>
      <Section title="Output">
        <SelectField label="Type" value={textOf(config, 'output_type') || 'string'} onChange={(v) => update({ output_type: v }, 'output_type')} options={typeOptions} />
      </Section>
      <Section title="Variables" hint="The output is the first of these that a branch has set." action={<AddButton onClick={() => set([...vars, []], 'variables')}>Add variable</AddButton>}>
        {errors.variables && <p className="panel-error">{errors.variables}</p>}
        {vars.map((sel, i) => (
          <div key={i} className="panel-inline">
            <VariablePicker nodeId={id} label={`Variable ${i + 1}`} value={sel} onChange={(s) => set(replaceAt(vars, i, s), `variables.${i}`)} error={errors[`variables.${i}`]} />
            <RemoveButton label={`Remove variable ${i + 1}`} onClick={() => set(removeAt(vars, i), 'variables')} />
          </div>
        ))}
      </Section>
    </>
  );
}
