import { useState } from 'react';
import type { Tool } from '../../../../lib/api.gen';
import { kindOf } from '../catalog';
import { recordOf, textOf, type Config } from '../config';
import type { PanelProps } from '../panelProps';
import { AddButton, ItemCard, Section, SelectField, TextAreaField, TextField } from '../../panel/fields';
import { PromptEditor } from '../../panel/PromptEditor';
import { useAvailableVariables } from '../../panel/useNodeConfig';
import { useTools } from '../../../../shared/apps/queries';
import { VariablePicker } from '../../panel/VariablePicker';
import { PARAM_KINDS, paramsOf, type ToolParam } from './definition';

/** Node types whose "context" output an extraction can read: the LLM family. */
const CONVERSATIONAL = new Set(['llm', 'question-classifier', 'parameter-extractor', 'agent']);

/** A tool's parameters from its JSON Schema: name, description, whether required. */
function schemaParams(tool: Tool | undefined): { name: string; description: string; required: boolean }[] {
  const props = tool?.parameters.properties ?? {};
  const required = new Set(tool?.parameters.required ?? []);
  return Object.entries(props).map(([name, p]) => ({ name, description: p.description ?? '', required: required.has(name) }));
}

export function ToolPanel({ id, config, update, errors }: PanelProps) {
  const tools = useTools();
  const toolName = textOf(config, 'tool_name');
  const tool = tools.data?.find((t) => t.name === toolName);
  const declared = schemaParams(tool);
  const params = paramsOf(config);
  const setParams = (next: [string, ToolParam][], field: string) => update({ tool_parameters: Object.fromEntries(next) }, field);
  const edit = (name: string, p: ToolParam) => setParams(params.map(([n, x]) => [n, n === name ? p : x]), `tool_parameters.${name}`);
  const [draft, setDraft] = useState('');
  const add = () => {
    const name = draft.trim();
    if (!name || params.some(([n]) => n === name)) return;
    setParams([...params, [name, { type: 'mixed', value: '' }]], 'tool_parameters');
    setDraft('');
  };
  return (
    <>
      <Section title="Tool">
        <SelectField
          label="Tool"
          value={toolName}
          onChange={(t) => update({ tool_name: t }, 'tool_name')}
          options={(tools.data ?? []).map((t) => ({ value: t.name, label: t.name }))}
          error={errors.tool_name ?? (tools.data && toolName && !tool ? 'Not a built-in tool: choose one of the list.' : undefined)}
          hint={tools.error ? `The tools could not be loaded: ${tools.error.message}` : tool?.description}
          testId="panel-tool"
        />
      </Section>
      <Section title="Parameters" hint={declared.length > 0 ? 'Required parameters are marked; the others have defaults.' : undefined}>
        {params.map(([name, p]) => {
          const d = declared.find((x) => x.name === name);
          return (
            <ItemCard key={name} title={<><code>{name}</code>{d?.required && <span className="panel-required"> required</span>}</>} removeLabel={`Remove parameter ${name}`} onRemove={() => setParams(params.filter(([n]) => n !== name), 'tool_parameters')}>
              {d?.description && <p className="panel-section-hint">{d.description}</p>}
              <ParamEditor nodeId={id} name={name} param={p} onChange={(x) => edit(name, x)} errors={errors} />
            </ItemCard>
          );
        })}
        {declared.length > 0 ? (
          <MissingParams declared={declared} set={params.map(([n]) => n)} onAdd={(name) => setParams([...params, [name, { type: 'mixed', value: '' }]], 'tool_parameters')} />
        ) : (
          <div className="panel-inline panel-add-param">
            <TextField label="New parameter" value={draft} onChange={setDraft} placeholder="collection" mono error={params.some(([n]) => n === draft.trim()) ? 'This parameter is already set.' : undefined} />
            <AddButton onClick={add}>Add</AddButton>
          </div>
        )}
      </Section>
    </>
  );
}

/** The tool's parameters not set yet, each a button that adds it. */
function MissingParams({ declared, set, onAdd }: { declared: ReturnType<typeof schemaParams>; set: string[]; onAdd: (name: string) => void }) {
  const missing = declared.filter((d) => !set.includes(d.name));
  if (missing.length === 0) return null;
  return (
    <div className="panel-add-params" data-testid="tool-missing-params">
      {missing.map((d) => (
        <AddButton key={d.name} onClick={() => onAdd(d.name)}>
          {d.name}
          {d.required ? ' (required)' : ''}
        </AddButton>
      ))}
    </div>
  );
}

function ParamEditor({ nodeId, name, param, onChange, errors }: { nodeId: string; name: string; param: ToolParam; onChange: (p: ToolParam) => void; errors: PanelProps['errors'] }) {
  const kind = param.type || 'mixed';
  const f = `tool_parameters.${name}`;
  const switchKind = (k: string) => onChange({ ...param, type: k, value: k === 'variable' ? [] : k === 'extraction' ? { source_node_id: '', source_variable: 'context', extraction_prompt: '' } : '' });
  return (
    <>
      <SelectField label="Filled from" value={kind} onChange={switchKind} options={PARAM_KINDS} error={errors[`${f}.type`]} />
      {kind === 'mixed' && <PromptEditor nodeId={nodeId} label="Text" value={typeof param.value === 'string' ? param.value : ''} onChange={(t) => onChange({ ...param, value: t })} rows={2} />}
      {kind === 'variable' && <VariablePicker nodeId={nodeId} label="Variable" value={param.value} onChange={(s) => onChange({ ...param, value: s })} error={errors[`${f}.value`]} />}
      {kind === 'constant' && <TextField label="Value" value={typeof param.value === 'string' ? param.value : JSON.stringify(param.value ?? '')} onChange={(t) => onChange({ ...param, value: t })} />}
      {kind === 'extraction' && <ExtractionEditor nodeId={nodeId} value={recordOf(param, 'value')} onChange={(v) => onChange({ ...param, value: v })} errors={errors} field={`${f}.value`} />}
    </>
  );
}

/** A value a model extracts from an upstream LLM step's conversation before the tool runs. */
function ExtractionEditor({ nodeId, value, onChange, errors, field }: { nodeId: string; value: Config; onChange: (v: Config) => void; errors: PanelProps['errors']; field: string }) {
  const sources = useAvailableVariables(nodeId).filter((g) => CONVERSATIONAL.has(g.kind));
  const options = sources.map((g) => ({ value: g.nodeId, label: `${g.title} · ${kindOf(g.kind).label}` }));
  return (
    <>
      <SelectField label="Conversation of" value={textOf(value, 'source_node_id')} onChange={(v) => onChange({ ...value, source_node_id: v })} options={options} error={errors[`${field}.source_node_id`]}
        hint={options.length === 0 ? 'Connect an LLM step before this one.' : 'Its model is used unless the DSL names another.'} />
      <TextAreaField label="What to extract" value={textOf(value, 'extraction_prompt')} onChange={(t) => onChange({ ...value, extraction_prompt: t })} error={errors[`${field}.extraction_prompt`]} rows={2} placeholder="The article number the user asked about" />
    </>
  );
}
