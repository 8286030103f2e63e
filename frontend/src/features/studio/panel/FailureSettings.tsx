// Retries and what happens when the node still fails: the settings the
// engine applies to every node (engine/settings.go).
import type { VariableDecl } from '../../../lib/api.gen';
import { ERROR_STRATEGIES, errorStrategyOf, MAX_RETRIES, retryOf } from '../nodes/common';
import { listOf, recordOf, textOf, type Config, type FieldErrors } from '../nodes/config';
import { useEditor } from '../store/editorStore';
import { NumberField, Section, SelectField, TextField, Toggle } from './fields';
import type { Update } from './useNodeConfig';

export function FailureSettings({ nodeId, config, update, errors }: { nodeId: string; config: Config; update: Update; errors: FieldErrors }) {
  const retry = retryOf(config);
  const strategy = errorStrategyOf(config);
  const setRetry = (r: { enabled: boolean; maxRetries: number | undefined; intervalMs: number | undefined }) =>
    update({ retry_config: { ...recordOf(config, 'retry_config'), retry_enabled: r.enabled, max_retries: r.maxRetries, retry_interval: r.intervalMs } }, 'retry_config');
  return (
    <Section title="When it fails">
      <Toggle label="Retry on failure" checked={retry.enabled} onChange={(v) => setRetry({ ...retry, enabled: v, maxRetries: v && retry.maxRetries === 0 ? 3 : retry.maxRetries })} testId="panel-retry" />
      {retry.enabled && (
        <div className="panel-row">
          <NumberField label="Retries" value={retry.maxRetries} onChange={(v) => setRetry({ ...retry, maxRetries: v })} min={0} max={MAX_RETRIES} step={1} error={errors['retry_config.max_retries']} testId="panel-max-retries" />
          <NumberField label="Interval (ms)" value={retry.intervalMs} onChange={(v) => setRetry({ ...retry, intervalMs: v })} min={0} step={100} error={errors['retry_config.retry_interval']} />
        </div>
      )}
      <SelectField
        label="Then"
        value={strategy}
        onChange={(v) => update({ error_strategy: v }, 'error_strategy')}
        options={ERROR_STRATEGIES}
        hint={ERROR_STRATEGIES.find((s) => s.value === strategy)?.hint}
        testId="panel-error-strategy"
      />
      {strategy === 'default_value' && <DefaultValues nodeId={nodeId} config={config} update={update} />}
    </Section>
  );
}

/** One value per declared output, used when the node fails. */
function DefaultValues({ nodeId, config, update }: { nodeId: string; config: Config; update: Update }) {
  const outputs = useEditor((s) => s.outputs[nodeId]) ?? [];
  const defaults = listOf(config, 'default_value');
  const shown = outputs.filter((o) => o.name !== 'error_message' && o.name !== 'error_type');
  if (shown.length === 0) return <p className="panel-section-hint">The step’s outputs appear here once it is saved.</p>;
  const valueOf = (o: VariableDecl) => {
    const d = defaults.find((x) => textOf(x, 'key') === o.name);
    return d === undefined ? '' : typeof d.value === 'string' ? d.value : JSON.stringify(d.value);
  };
  const set = (o: VariableDecl, text: string) => {
    const rest = defaults.filter((x) => textOf(x, 'key') !== o.name);
    const next = text === '' ? rest : [...rest, { key: o.name, type: o.type, value: parseDefault(text, o.type) }];
    update({ default_value: next }, `default_value.${o.name}`);
  };
  return (
    <div className="panel-defaults">
      {shown.map((o) => (
        <TextField key={o.name} label={o.name} note={o.type} value={valueOf(o)} onChange={(t) => set(o, t)} placeholder="Empty" mono />
      ))}
    </div>
  );
}

/** Text as the declared type wants it: strings stay text; other types are read as JSON when they parse. */
function parseDefault(text: string, type: string): unknown {
  if (type === 'string' || type === 'secret') return text;
  try {
    return JSON.parse(text);
  } catch {
    return text; // the backend reports the mismatch on save, and the text is kept
  }
}
