import type { UseQueryResult } from '@tanstack/react-query';
import type { Model, Provider } from '../../../lib/api.gen';
import { Field } from '../../../components/ui/Field';

export interface DefaultModelFieldProps {
  provider: Provider | undefined;
  models: UseQueryResult<Model[]>;
  value: string;
  onChange: (model: string) => void;
}

/** A select of the provider's models when they are known, else a text input. */
export function DefaultModelField({ provider, models, value, onChange }: DefaultModelFieldProps) {
  if (provider?.builtIn) {
    return (
      <Field label="Default model" hint="The built-in provider quotes your documents and needs no model.">
        {(control) => <input {...control} className="input" value="" disabled placeholder="None needed" readOnly />}
      </Field>
    );
  }
  const names = models.data?.map((m) => m.name) ?? [];
  if (names.length > 0) {
    const options = value && !names.includes(value) ? [value, ...names] : names;
    return (
      <Field label="Default model">
        {(control) => (
          <select {...control} className="select" value={value} onChange={(e) => onChange(e.target.value)}>
            <option value="">{provider?.defaultModel ? `Provider default (${provider.defaultModel})` : 'Choose a model…'}</option>
            {options.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        )}
      </Field>
    );
  }
  const hint = models.isFetching
    ? 'Loading the provider’s models…'
    : models.error
      ? `The model list is unavailable (${models.error.message}). Type a model name.`
      : 'Leave empty to use the provider’s default model.';
  return (
    <Field label="Default model" hint={hint}>
      {(control) => (
        <input
          {...control}
          className="input mono"
          value={value}
          spellCheck={false}
          autoComplete="off"
          placeholder={provider?.defaultModel || 'Model name'}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
