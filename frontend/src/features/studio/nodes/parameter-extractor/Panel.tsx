import { listOf, textOf } from '../config';
import { TEXT_TYPES } from '../kind';
import type { PanelProps } from '../panelProps';
import { AddButton, ItemCard, removeAt, replaceAt, Section, SelectField, TextField, Toggle } from '../../panel/fields';
import { MemorySettings, ModelSettings } from '../../panel/ModelSettings';
import { PromptEditor } from '../../panel/PromptEditor';
import { VariablePicker } from '../../panel/VariablePicker';
import { PARAM_TYPES, type ExtractParam } from './definition';

const typeOptions = PARAM_TYPES.map((t) => ({ value: t, label: t }));
const modes = [
  { value: 'prompt', label: 'Prompt (any model)' },
  { value: 'function_call', label: 'Function call' },
];

export function ExtractorPanel({ id, config, update, errors }: PanelProps) {
  const params = listOf<ExtractParam>(config, 'parameters');
  const set = (next: ExtractParam[], field: string) => update({ parameters: next }, field);
  const edit = (i: number, patch: Partial<ExtractParam>, field: string) => set(replaceAt(params, i, { ...params[i]!, ...patch }), `parameters.${i}.${field}`);
  const add = () => set([...params, { name: `param_${params.length + 1}`, type: 'string', description: '', required: true }], 'parameters');
  return (
    <>
      <Section title="Input">
        <VariablePicker nodeId={id} label="Text to read" value={config.query} onChange={(s) => update({ query: s }, 'query')} error={errors.query} accepts={TEXT_TYPES} />
        <SelectField label="Extraction mode" value={textOf(config, 'reasoning_mode') || 'prompt'} onChange={(v) => update({ reasoning_mode: v }, 'reasoning_mode')} options={modes} error={errors.reasoning_mode} />
      </Section>
      <Section title="Parameters" hint="Each becomes an output of this step." action={<AddButton onClick={add}>Add parameter</AddButton>}>
        {errors.parameters && <p className="panel-error">{errors.parameters}</p>}
        {params.map((p, i) => (
          <ItemCard key={i} title={textOf(p, 'name') || `Parameter ${i + 1}`} removeLabel={`Remove parameter ${textOf(p, 'name')}`} onRemove={() => set(removeAt(params, i), 'parameters')}>
            <div className="panel-row">
              <TextField label="Name" value={textOf(p, 'name')} onChange={(t) => edit(i, { name: t }, 'name')} error={errors[`parameters.${i}.name`]} mono />
              <SelectField label="Type" value={textOf(p, 'type')} onChange={(t) => edit(i, { type: t }, 'type')} options={typeOptions} error={errors[`parameters.${i}.type`]} />
            </div>
            <TextField label="Description" value={textOf(p, 'description')} onChange={(t) => edit(i, { description: t }, 'description')} placeholder="What to look for" />
            {p.type === 'select' && (
              <TextField label="Options" hint="Separated by commas." value={listOf<string>(p, 'options').join(', ')}
                onChange={(t) => edit(i, { options: t.split(',').map((s) => s.trim()).filter(Boolean) }, 'options')} error={errors[`parameters.${i}.options`]} />
            )}
            <Toggle label="Required" checked={p.required === true} onChange={(b) => edit(i, { required: b }, 'required')} />
          </ItemCard>
        ))}
        <PromptEditor nodeId={id} label="Instructions" value={textOf(config, 'instruction')} onChange={(t) => update({ instruction: t }, 'instruction')} rows={3} placeholder="Optional guidance for the model" />
      </Section>
      <ModelSettings config={config} update={update} errors={errors} />
      <MemorySettings config={config} update={update} errors={errors} />
    </>
  );
}
