// The model of an LLM-family node: a configured provider and one of its
// models, or the default the Settings name. The options are Chat's (shared/providers).
import { Field } from '../../../components/ui/Field';
import { ModelOptions, parseModelValue, useModelChoice } from '../../../shared/providers/ModelOptions';
import { recordOf, type Config } from '../nodes/config';
import { modelOf } from '../nodes/model';
import type { Update } from './useNodeConfig';

/** Lexflow's own provider ids: one that matches no provider is a provider that was removed. */
const PROVIDER_ID = /^[0-9a-f]{32}$/;

/** How a model no configured provider offers is shown: never by a removed provider's id. */
export function unknownLabel(provider: string, name: string): string {
  const who = PROVIDER_ID.test(provider) ? 'a removed provider' : provider;
  return [who, name].filter(Boolean).join(' · ');
}

export function ModelPicker({ config, update, error }: { config: Config; update: Update; error?: string }) {
  const { provider, name } = modelOf(config);
  const choice = useModelChoice(provider, name);
  const removed = !choice.provider && PROVIDER_ID.test(provider);
  const hint = removed ? 'This step’s provider was removed: choose another model.' : 'This model is not among the configured providers’ models.';
  const onChange = (v: string) => {
    const { providerId, model } = parseModelValue(v);
    update({ model: { ...recordOf(config, 'model'), provider: providerId, name: model } }, 'model');
  };
  return (
    <Field label="Model" error={error} hint={!choice.known ? hint : undefined}>
      {(p) => (
        <select {...p} className="select" value={choice.value} onChange={(e) => onChange(e.target.value)} data-testid="panel-model">
          <ModelOptions choice={choice} unknownLabel={unknownLabel(provider, name)} />
        </select>
      )}
    </Field>
  );
}
