// The model of an LLM-family node: a configured provider and one of its
// models, or the default the Settings name. Reuses Chat's model choices.
import { Field } from '../../../components/ui/Field';
import { useModelChoices } from '../../../shared/providers/useModelChoices';
import { recordOf, type Config } from '../nodes/config';
import { modelOf } from '../nodes/model';
import type { Update } from './useNodeConfig';

const SEP = '\u0000';

/** Lexflow's own provider ids: one that matches no provider is a provider that was removed. */
const PROVIDER_ID = /^[0-9a-f]{32}$/;

/** How a model no configured provider offers is shown: never by a removed provider's id. */
export function unknownLabel(provider: string, name: string): string {
  const who = PROVIDER_ID.test(provider) ? 'a removed provider' : provider;
  return [who, name].filter(Boolean).join(' · ');
}

export function ModelPicker({ config, update, error }: { config: Config; update: Update; error?: string }) {
  const { providers, models, defaultLabel } = useModelChoices();
  const { provider, name } = modelOf(config);
  const current = provider ? `${provider}${SEP}${name}` : '';
  const byId = providers.find((p) => p.id === provider || p.name === provider);
  const known = current === '' || (byId && (name === '' || byId.builtIn || models[byId.id]?.includes(name)));
  const removed = !byId && PROVIDER_ID.test(provider);
  const hint = removed ? 'This step’s provider was removed: choose another model.' : 'This model is not among the configured providers’ models.';
  const onChange = (v: string) => {
    const [p = '', n = ''] = v ? v.split(SEP) : [];
    update({ model: { ...recordOf(config, 'model'), provider: p, name: n } }, 'model');
  };
  return (
    <Field label="Model" error={error} hint={!known ? hint : undefined}>
      {(p) => (
        <select {...p} className="select" value={current} onChange={(e) => onChange(e.target.value)} data-testid="panel-model">
          <option value="">Default: {defaultLabel}</option>
          {!known && <option value={current}>{unknownLabel(provider, name)}</option>}
          {providers.map((pr) =>
            pr.builtIn ? (
              <option key={pr.id} value={`${pr.id}${SEP}`}>
                {pr.name} (built-in, no model)
              </option>
            ) : (
              <optgroup key={pr.id} label={pr.name}>
                {(models[pr.id] ?? []).length === 0 && <option value={`${pr.id}${SEP}`}>{pr.defaultModel || 'Provider default'}</option>}
                {(models[pr.id] ?? []).map((m) => (
                  <option key={m} value={`${pr.id}${SEP}${m}`}>
                    {m}
                  </option>
                ))}
              </optgroup>
            ),
          )}
        </select>
      )}
    </Field>
  );
}
