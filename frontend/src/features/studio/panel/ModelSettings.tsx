// The model block and its common parameters, shared by LLM-family panels,
// and the memory window of chat nodes.
import { numberOf, recordOf, type Config, type FieldErrors } from '../nodes/config';
import { memoryWindowOf } from '../nodes/model';
import { NumberField, Section, Toggle } from './fields';
import { ModelPicker } from './ModelPicker';
import type { Update } from './useNodeConfig';

const PARAMS = 'model.completion_params';

export function ModelSettings({ config, update, errors }: { config: Config; update: Update; errors: FieldErrors }) {
  const model = recordOf(config, 'model');
  const params = recordOf(model, 'completion_params');
  const setParam = (key: string, v: number | undefined) => {
    const next = { ...params, [key]: v };
    if (v === undefined) delete next[key];
    update({ model: { ...model, completion_params: next } }, `${PARAMS}.${key}`);
  };
  return (
    <Section title="Model">
      <ModelPicker config={config} update={update} error={errors.model} />
      <div className="panel-row">
        <NumberField label="Temperature" value={numberOf(params, 'temperature')} onChange={(v) => setParam('temperature', v)} min={0} max={2} step={0.1} placeholder="Model default" error={errors[`${PARAMS}.temperature`]} testId="panel-temperature" />
        <NumberField label="Max tokens" value={numberOf(params, 'max_tokens')} onChange={(v) => setParam('max_tokens', v)} min={1} step={1} placeholder="No limit" error={errors[`${PARAMS}.max_tokens`]} />
      </div>
      <NumberField label="Top P" note="Optional" value={numberOf(params, 'top_p')} onChange={(v) => setParam('top_p', v)} min={0} max={1} step={0.05} placeholder="Model default" error={errors[`${PARAMS}.top_p`]} />
    </Section>
  );
}

/** How many earlier chat messages the node replays (chatflows only). */
export function MemorySettings({ config, update, errors }: { config: Config; update: Update; errors: FieldErrors }) {
  const { enabled, size } = memoryWindowOf(config);
  const memory = recordOf(config, 'memory');
  const setWindow = (w: { enabled: boolean; size: number | undefined }) => update({ memory: { ...memory, window: { ...recordOf(memory, 'window'), ...w } } }, 'memory.window');
  return (
    <Section title="Memory" hint="In a chatflow, earlier turns of the conversation are sent along.">
      <Toggle label="Limit to the last messages" checked={enabled} onChange={(v) => setWindow({ enabled: v, size })} testId="panel-memory" />
      {enabled && <NumberField label="Messages kept" value={size} onChange={(v) => setWindow({ enabled, size: v })} min={1} max={100} step={1} error={errors['memory.window.size']} />}
    </Section>
  );
}
