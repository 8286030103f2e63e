// Choosing a model: the value a choice has in a <select>, whether the configured providers
// still offer the chosen one, and the options themselves. Chat's turn toolbar and a Studio
// step's panel wrap the same choice in their own look.
import type { Provider } from '../../lib/api.gen';
import { useModelChoices, type ModelChoices } from './useModelChoices';

const SEP = '\u0000';

/** The value of a model choice: "providerId\u0000model"; "" for the configured default. */
export function modelValue(providerId: string, model: string): string {
  return providerId ? `${providerId}${SEP}${model}` : '';
}

export function parseModelValue(v: string): { providerId: string; model: string } {
  const [providerId = '', model = ''] = v ? v.split(SEP) : [];
  return { providerId, model };
}

export interface ModelChoice extends ModelChoices {
  /** The chosen model's option value. */
  value: string;
  /** Whether a configured provider offers the chosen model (the default always counts). */
  known: boolean;
  /** The configured provider the choice names, by id or (in an imported app) by name. */
  provider: Provider | undefined;
}

/** The model choices, with where `providerId`/`model` stands among them. */
export function useModelChoice(providerId: string, model: string): ModelChoice {
  return modelChoice(useModelChoices(), providerId, model);
}

export function modelChoice(choices: ModelChoices, providerId: string, model: string): ModelChoice {
  const value = modelValue(providerId, model);
  const provider = choices.providers.find((p) => p.id === providerId || p.name === providerId);
  const known = value === '' || (provider !== undefined && (model === '' || provider.builtIn || (choices.models[provider.id]?.includes(model) ?? false)));
  return { ...choices, value, known, provider };
}

/**
 * The options of a model <select>: the default, the chosen model when no provider offers it
 * (shown as `unknownLabel`, so the select still says what is chosen), then each provider's models.
 */
export function ModelOptions({ choice, unknownLabel }: { choice: ModelChoice; unknownLabel: string }) {
  const { providers, models, defaultLabel, value, known } = choice;
  return (
    <>
      <option value="">Default: {defaultLabel}</option>
      {!known && <option value={value}>{unknownLabel}</option>}
      {providers.map((p) =>
        p.builtIn ? (
          <option key={p.id} value={modelValue(p.id, '')}>
            {p.name} (built-in, no model)
          </option>
        ) : (
          <optgroup key={p.id} label={p.name}>
            {(models[p.id] ?? []).length === 0 && <option value={modelValue(p.id, '')}>{p.defaultModel || 'Provider default'}</option>}
            {(models[p.id] ?? []).map((m) => (
              <option key={m} value={modelValue(p.id, m)}>
                {m}
              </option>
            ))}
          </optgroup>
        ),
      )}
    </>
  );
}
