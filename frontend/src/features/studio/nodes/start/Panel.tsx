import { listOf, textOf } from '../config';
import type { PanelProps } from '../panelProps';
import { AddButton, ItemCard, removeAt, replaceAt, Section, SelectField, TextField, Toggle } from '../../panel/fields';
import { INPUT_TYPES, type StartVariable } from './definition';

export function StartPanel({ config, update, errors }: PanelProps) {
  const vars = listOf<StartVariable>(config, 'variables');
  const set = (next: StartVariable[], field: string) => update({ variables: next }, field);
  const edit = (i: number, patch: Partial<StartVariable>, field: string) => set(replaceAt(vars, i, { ...vars[i]!, ...patch }), `variables.${i}.${field}`);
  const add = () => set([...vars, { variable: nextName(vars), label: '', type: 'text-input', required: true }], 'variables');
  return (
    <Section title="Inputs" hint="What a run asks for before it starts. Later steps read them as start.name." action={<AddButton onClick={add} testId="add-input">Add input</AddButton>}>
      {vars.length === 0 && <p className="panel-empty">No inputs: a chatflow reads the user’s message as sys.query.</p>}
      {vars.map((v, i) => (
        <ItemCard key={i} title={textOf(v, 'variable') || `Input ${i + 1}`} removeLabel={`Remove input ${textOf(v, 'variable')}`} onRemove={() => set(removeAt(vars, i), 'variables')}>
          <div className="panel-row">
            <TextField label="Name" value={textOf(v, 'variable')} onChange={(t) => edit(i, { variable: t }, 'variable')} error={errors[`variables.${i}.variable`]} mono />
            <SelectField label="Type" value={textOf(v, 'type') || 'text-input'} onChange={(t) => edit(i, { type: t }, 'type')} options={INPUT_TYPES} />
          </div>
          <TextField label="Label" note="Optional" value={textOf(v, 'label')} onChange={(t) => edit(i, { label: t }, 'label')} placeholder="Shown on the run form" />
          {v.type === 'select' && (
            <TextField
              label="Options"
              hint="Separated by commas."
              value={listOf<string>(v, 'options').join(', ')}
              onChange={(t) => edit(i, { options: t.split(',').map((s) => s.trim()).filter(Boolean) }, 'options')}
              error={errors[`variables.${i}.options`]}
            />
          )}
          <Toggle label="Required" checked={v.required === true} onChange={(b) => edit(i, { required: b }, 'required')} />
        </ItemCard>
      ))}
    </Section>
  );
}

function nextName(vars: StartVariable[]): string {
  const taken = new Set(vars.map((v) => v.variable));
  for (let i = vars.length + 1; ; i++) if (!taken.has(`input_${i}`)) return `input_${i}`;
}
