import { listOf, textOf } from '../config';
import type { PanelProps } from '../panelProps';
import { AddButton, ItemCard, removeAt, replaceAt, Section, TextAreaField, TextField } from '../../panel/fields';
import { VariablePicker } from '../../panel/VariablePicker';
import type { TemplateVar } from './definition';

export function TemplatePanel({ id, config, update, errors }: PanelProps) {
  const vars = listOf<TemplateVar>(config, 'variables');
  const set = (next: TemplateVar[], field: string) => update({ variables: next }, field);
  const edit = (i: number, patch: Partial<TemplateVar>, field: string) => set(replaceAt(vars, i, { ...vars[i]!, ...patch }), `variables.${i}.${field}`);
  return (
    <>
      <Section title="Variables" hint="Names the template uses for upstream values." action={<AddButton onClick={() => set([...vars, { variable: `arg${vars.length + 1}`, value_selector: [] }], 'variables')}>Add variable</AddButton>}>
        {vars.map((v, i) => (
          <ItemCard key={i} title={textOf(v, 'variable') || `Variable ${i + 1}`} removeLabel={`Remove variable ${textOf(v, 'variable')}`} onRemove={() => set(removeAt(vars, i), 'variables')}>
            <TextField label="Name" value={textOf(v, 'variable')} onChange={(t) => edit(i, { variable: t }, 'variable')} error={errors[`variables.${i}.variable`]} mono />
            <VariablePicker nodeId={id} label="Value" value={v.value_selector} onChange={(s) => edit(i, { value_selector: s }, 'value_selector')} error={errors[`variables.${i}.value_selector`]} />
          </ItemCard>
        ))}
      </Section>
      <Section title="Template">
        <TextAreaField label="Jinja template" value={textOf(config, 'template')} onChange={(t) => update({ template: t }, 'template')} error={errors.template} rows={6} placeholder="{{ arg1 }}" />
      </Section>
    </>
  );
}
