import { listOf, textOf } from '../config';
import type { PanelProps } from '../panelProps';
import { AddButton, ItemCard, RemoveButton, removeAt, replaceAt, Section, SelectField, TextAreaField, TextField } from '../../panel/fields';
import { VariablePicker } from '../../panel/VariablePicker';
import type { TemplateVar } from '../template-transform/definition';
import { LANGUAGES, OUTPUT_TYPES, outputsConfig, outputsOf, type CodeOutput } from './definition';

const TYPE_OPTIONS = OUTPUT_TYPES.map((t) => ({ value: t, label: t }));

export function CodePanel({ id, config, update, errors }: PanelProps) {
  const vars = listOf<TemplateVar>(config, 'variables');
  const setVars = (next: TemplateVar[], field: string) => update({ variables: next }, field);
  const editVar = (i: number, patch: Partial<TemplateVar>, field: string) => setVars(replaceAt(vars, i, { ...vars[i]!, ...patch }), `variables.${i}.${field}`);
  const outs = outputsOf(config);
  const setOuts = (next: CodeOutput[], field: string) => update({ outputs: outputsConfig(next) }, field);
  return (
    <>
      <Section title="Inputs" hint="Passed to main by name." action={<AddButton onClick={() => setVars([...vars, { variable: `arg${vars.length + 1}`, value_selector: [] }], 'variables')}>Add input</AddButton>}>
        {vars.map((v, i) => (
          <ItemCard key={i} title={textOf(v, 'variable') || `Input ${i + 1}`} removeLabel={`Remove input ${textOf(v, 'variable')}`} onRemove={() => setVars(removeAt(vars, i), 'variables')}>
            <TextField label="Name" value={textOf(v, 'variable')} onChange={(t) => editVar(i, { variable: t }, 'variable')} error={errors[`variables.${i}.variable`]} mono />
            <VariablePicker nodeId={id} label="Value" value={v.value_selector} onChange={(s) => editVar(i, { value_selector: s }, 'value_selector')} error={errors[`variables.${i}.value_selector`]} />
          </ItemCard>
        ))}
      </Section>
      <Section title="Code" hint="Runs sandboxed: no files, network or timers; 15 seconds at most.">
        <SelectField label="Language" value={textOf(config, 'code_language')} options={LANGUAGES} onChange={(l) => update({ code_language: l }, 'code_language')} error={errors.code_language} />
        <TextAreaField label="function main" value={textOf(config, 'code')} onChange={(t) => update({ code: t }, 'code')} error={errors.code} rows={12} mono />
      </Section>
      <Section title="Outputs" hint="main must return each of these, with its type." action={<AddButton onClick={() => setOuts([...outs, { name: freshName(outs), type: 'string' }], 'outputs')}>Add output</AddButton>}>
        {errors.outputs && <p className="panel-error">{errors.outputs}</p>}
        {outs.map((o, i) => (
          <div key={i} className="panel-row">
            <TextField label="Name" value={o.name} onChange={(t) => setOuts(replaceAt(outs, i, { ...o, name: t }), 'outputs')} mono />
            <SelectField label="Type" value={o.type} options={TYPE_OPTIONS} onChange={(t) => setOuts(replaceAt(outs, i, { ...o, type: t }), `outputs.${o.name}.type`)} error={errors[`outputs.${o.name}.type`]} />
            <RemoveButton label={`Remove output ${o.name}`} onClick={() => setOuts(removeAt(outs, i), 'outputs')} />
          </div>
        ))}
      </Section>
    </>
  );
}

function freshName(outs: CodeOutput[]): string {
  for (let n = outs.length + 1; ; n++) if (!outs.some((o) => o.name === `result${n}`)) return `result${n}`;
}
