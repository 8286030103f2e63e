import { Callout } from '../../../../components/ui/Callout';
import { listOf, numberOf, textOf } from '../config';
import type { PanelProps } from '../panelProps';
import { UNCITED_POLICIES } from '../cited-answer/definition';
import { CollectionsField } from '../../panel/CollectionsField';
import { NumberField, Section, SelectField, Toggle } from '../../panel/fields';
import { MemorySettings, ModelSettings } from '../../panel/ModelSettings';
import { PromptEditor } from '../../panel/PromptEditor';
import { useTools } from '../../../../shared/apps/queries';
import { difyAgentTools, fixedParameters, MAX_ROUNDS, STRATEGIES, toolName } from './definition';

export function AgentPanel({ id, config, update, errors }: PanelProps) {
  return (
    <>
      <ModelSettings config={config} update={update} errors={errors} />
      <Section title="Instructions">
        <PromptEditor nodeId={id} label="System prompt" value={textOf(config, 'instruction')} onChange={(t) => update({ instruction: t }, 'instruction')} error={errors.instruction} testId="agent-instruction"
          hint="When a library tool is chosen, the rule to cite passages as [1] and answer only from them is added." />
        <PromptEditor nodeId={id} label="Question" rows={2} value={textOf(config, 'query')} onChange={(t) => update({ query: t }, 'query')} error={errors.query} testId="agent-query"
          hint="What the agent is asked; the chat question is {{#sys.query#}}." />
      </Section>
      <ToolsField value={listOf<unknown>(config, 'tools')} onChange={(tools) => update({ tools }, 'tools')} error={errors.tools} difyTools={difyAgentTools(config)} />
      <CollectionsField selected={listOf<string>(config, 'dataset_ids')} onChange={(ids) => update({ dataset_ids: ids }, 'dataset_ids')}
        emptyHint="None chosen: the library tools search every collection (in Chat, the collections picked there)." />
      <Section title="Rounds">
        <NumberField label="Most rounds" hint="Model calls; the last one answers without tools." value={numberOf(config, 'max_iterations')} onChange={(v) => update({ max_iterations: v }, 'max_iterations')}
          min={1} max={MAX_ROUNDS} step={1} placeholder="5" error={errors.max_iterations} testId="agent-rounds" />
        <NumberField label="Tool timeout (seconds)" value={numberOf(config, 'tool_timeout')} onChange={(v) => update({ tool_timeout: v }, 'tool_timeout')} min={1} step={1} placeholder="30" error={errors.tool_timeout} />
        <SelectField label="Tool protocol" value={textOf(config, 'strategy') || 'auto'} onChange={(v) => update({ strategy: v }, 'strategy')} options={STRATEGIES} error={errors.strategy} />
        <SelectField label="Uncited claims" value={textOf(config, 'uncited_policy') || 'partial'} onChange={(v) => update({ uncited_policy: v }, 'uncited_policy')} options={UNCITED_POLICIES} error={errors.uncited_policy} />
      </Section>
      <MemorySettings config={config} update={update} errors={errors} />
    </>
  );
}

/**
 * The tools as checkboxes, from the backend's list; an entry with fixed
 * parameters keeps them. An agent imported from Dify also lists the tools
 * it named there, used while none is chosen here.
 */
function ToolsField({ value, onChange, error, difyTools }: { value: unknown[]; onChange: (tools: unknown[]) => void; error?: string; difyTools: string[] }) {
  const tools = useTools();
  const chosen = new Map(value.map((t) => [toolName(t), t]));
  const known = new Set((tools.data ?? []).map((t) => t.name));
  const toggle = (name: string, on: boolean) => onChange(on ? [...value, name] : value.filter((t) => toolName(t) !== name));
  return (
    <Section title="Tools">
      {error && <p className="panel-error">{error}</p>}
      {tools.error && <p className="panel-error">The tools could not be loaded: {tools.error.message}</p>}
      {difyTools.length > 0 &&
        (value.length === 0 ? (
          <Callout title="Tools from Dify" data-testid="agent-dify-tools">
            {difyTools.join(', ')}. A tool without a Lexflow equivalent is offered as a placeholder, and the run stops with “replace this tool” if the model
            calls it. Choosing tools below replaces them all.
          </Callout>
        ) : (
          <Callout tone="info" data-testid="agent-dify-tools">
            The tools from Dify ({difyTools.join(', ')}) are replaced by the ones chosen below.
          </Callout>
        ))}
      <ul className="panel-checklist" data-testid="agent-tools">
        {(tools.data ?? []).map((t) => {
          const fixed = fixedParameters(chosen.get(t.name));
          return (
            <li key={t.name}>
              <Toggle label={t.name} checked={chosen.has(t.name)} onChange={(on) => toggle(t.name, on)} testId={`agent-tool-${t.name}`} />
              <p className="panel-note">
                {t.description}
                {fixed.length > 0 && ` Fixed: ${fixed.join(', ')}.`}
              </p>
            </li>
          );
        })}
        {tools.data &&
          [...chosen.keys()]
            .filter((name) => !known.has(name))
            .map((name) => (
              <li key={name}>
                <Toggle label={`${name} (not a Lexflow tool)`} checked onChange={() => toggle(name, false)} />
              </li>
            ))}
      </ul>
    </Section>
  );
}
