// The provider form's state, validation and mapping to ProviderInput: pure functions.
import type { Provider, ProviderInput } from '../../../lib/api.gen';
import { OLLAMA_DEFAULT_URL } from './kinds';

export type EditableKind = 'ollama' | 'openai';

/** What happens to the API key on save: keep the stored one, set a new one, or remove it. */
export type KeyAction = 'keep' | 'replace' | 'remove';

export interface ProviderFormValues {
  kind: EditableKind;
  name: string;
  baseUrl: string;
  apiKey: string;
  keyAction: KeyAction;
  defaultModel: string;
}

export type FieldName = 'kind' | 'name' | 'baseUrl' | 'apiKey' | 'defaultModel';
export type FieldErrors = Partial<Record<FieldName, string>>;

export function initialValues(provider?: Provider): ProviderFormValues {
  if (!provider) {
    return { kind: 'ollama', name: '', baseUrl: OLLAMA_DEFAULT_URL, apiKey: '', keyAction: 'replace', defaultModel: '' };
  }
  return {
    kind: provider.kind === 'openai' ? 'openai' : 'ollama',
    name: provider.name,
    baseUrl: provider.baseUrl,
    apiKey: '',
    keyAction: provider.hasApiKey ? 'keep' : 'replace',
    defaultModel: provider.defaultModel,
  };
}

/** Switching kind swaps the base URL when it is still the previous kind's default. */
export function withKind(values: ProviderFormValues, kind: EditableKind): ProviderFormValues {
  const untouched = values.baseUrl.trim() === '' || values.baseUrl.trim() === OLLAMA_DEFAULT_URL;
  const baseUrl = untouched ? (kind === 'ollama' ? OLLAMA_DEFAULT_URL : '') : values.baseUrl;
  return { ...values, kind, baseUrl };
}

export function validate(values: ProviderFormValues, hasStoredKey: boolean): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.name.trim()) errors.name = 'Enter a name.';
  const url = values.baseUrl.trim();
  if (!url) errors.baseUrl = 'Enter the base URL.';
  else if (!isHttpUrl(url)) errors.baseUrl = 'Enter a URL that starts with http:// or https://.';
  if (hasStoredKey && values.keyAction === 'replace' && !values.apiKey.trim()) {
    errors.apiKey = 'Enter the new key, or keep the stored one.';
  }
  return errors;
}

function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

/** The request body. apiKey: omitted keeps the stored key, "" removes it, a value sets it. */
export function toInput(values: ProviderFormValues): ProviderInput {
  const input: ProviderInput = {
    name: values.name.trim(),
    kind: values.kind,
    baseUrl: values.baseUrl.trim(),
    defaultModel: values.defaultModel.trim(),
  };
  if (values.keyAction === 'remove') input.apiKey = '';
  else if (values.keyAction === 'replace' && values.apiKey.trim()) input.apiKey = values.apiKey.trim();
  return input;
}

/** Maps the backend's `field` (JSON name, maybe snake_case) to a form field. */
export function fieldFromBackend(field: string | undefined): FieldName | null {
  if (!field) return null;
  const norm = field.replace(/[_-]/g, '').toLowerCase();
  const map: Record<string, FieldName> = {
    kind: 'kind',
    name: 'name',
    baseurl: 'baseUrl',
    url: 'baseUrl',
    apikey: 'apiKey',
    key: 'apiKey',
    defaultmodel: 'defaultModel',
    model: 'defaultModel',
  };
  return map[norm] ?? null;
}
