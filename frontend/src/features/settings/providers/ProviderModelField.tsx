import type { Model } from '../../../lib/api.gen';
import { Field } from '../../../components/ui/Field';

export interface ProviderModelFieldProps {
  /** The server's models; undefined until the connection was tested. */
  models: Model[] | undefined;
  value: string;
  error?: string;
  placeholder: string;
  onChange: (model: string) => void;
}

/** The provider's default model: picked from the server's list, typed only when the server lists none. */
export function ProviderModelField({ models, value, error, placeholder, onChange }: ProviderModelFieldProps) {
  const names = models?.map((m) => m.name) ?? [];
  if (names.length > 0) {
    const options = value && !names.includes(value) ? [value, ...names] : names;
    return (
      <Field
        label="Default model"
        error={error}
        hint={value ? 'Used when a chat or workflow does not choose a model.' : 'Without one, this provider is never the default.'}
      >
        {(control) => (
          <select {...control} className="select" value={value} onChange={(e) => onChange(e.target.value)}>
            <option value="">Choose a model…</option>
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
  const hint =
    models === undefined
      ? 'Test the connection to choose from the server’s models.'
      : 'The server lists no models: type the name of one it serves.';
  return (
    <Field label="Default model" note="Optional" error={error} hint={hint}>
      {(control) => (
        <input
          {...control}
          className="input mono"
          spellCheck={false}
          autoComplete="off"
          value={value}
          placeholder={placeholder}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
