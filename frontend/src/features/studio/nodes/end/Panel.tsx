import { listOf, textOf } from '../config';
import type { PanelProps } from '../panelProps';
import { AddButton, ItemCard, removeAt, replaceAt, Section, TextField } from '../../panel/fields';
import { VariablePicker } from '../../panel/VariablePicker';
import type { EndOutput } from './definition';

export function EndPanel({ id, config, update, errors }: PanelProps) {
  const outs = listOf<EndOutput>(config, 'outputs');
  const set = (next: EndOutput[], field: string) => update({ outputs: next }, field);
  const edit = (i: number, patch: Partial<EndOutput>, field: string) => set(replaceAt(outs, i, { ...outs[i]!, ...patch }), `outputs.${i}.${field}`);
  const add = () => set([...outs, { variable: `output_${outs.length + 1}`, value_selector: [] }], 'outputs');
  return (
    <Section title="Outputs" hint="What the workflow returns when it ends here." action={<AddButton onClick={add}>Add output</AddButton>}>
      {outs.length === 0 && <p className="panel-empty">No outputs yet.</p>}
      {outs.map((o, i) => (
        <ItemCard key={i} title={textOf(o, 'variable') || `Output ${i + 1}`} removeLabel={`Remove output ${textOf(o, 'variable')}`} onRemove={() => set(removeAt(outs, i), 'outputs')}>
          <TextField label="Name" value={textOf(o, 'variable')} onChange={(t) => edit(i, { variable: t }, 'variable')} error={errors[`outputs.${i}.variable`]} mono />
          <VariablePicker nodeId={id} label="Value" value={o.value_selector} onChange={(s) => edit(i, { value_selector: s }, 'value_selector')} error={errors[`outputs.${i}.value_selector`]} />
        </ItemCard>
      ))}
    </Section>
  );
}
