import { describe, expect, it } from 'vitest';
import { provider } from '../../../test/api';
import { fieldFromBackend, initialValues, toInput, validate, withKind } from './providerForm';

describe('providerForm', () => {
  it('starts a new provider as Ollama on its default URL', () => {
    expect(initialValues()).toMatchObject({ kind: 'ollama', baseUrl: 'http://127.0.0.1:11434', keyAction: 'replace' });
  });

  it('swaps the base URL with the kind only while it is untouched', () => {
    const v = initialValues();
    expect(withKind(v, 'openai').baseUrl).toBe('');
    expect(withKind(withKind(v, 'openai'), 'ollama').baseUrl).toBe('http://127.0.0.1:11434');
    expect(withKind({ ...v, baseUrl: 'http://gpu-box:8000/v1' }, 'openai').baseUrl).toBe('http://gpu-box:8000/v1');
  });

  it('validates name and URL', () => {
    expect(validate({ ...initialValues(), name: ' ', baseUrl: '' }, false)).toEqual({
      name: 'Enter a name.',
      baseUrl: 'Enter the base URL.',
    });
    expect(validate({ ...initialValues(), name: 'x', baseUrl: 'ftp://x' }, false).baseUrl).toMatch(/http:\/\/ or https:\/\//);
    expect(validate({ ...initialValues(), name: 'x', baseUrl: 'localhost:11434' }, false).baseUrl).toBeDefined();
    expect(validate({ ...initialValues(), name: 'x' }, false)).toEqual({});
  });

  it('maps the key action to apiKey: omitted keeps, "" removes, a value replaces', () => {
    const stored = initialValues(provider({ hasApiKey: true, apiKeyHint: 'sk-…9f2c' }));
    expect(stored.keyAction).toBe('keep');
    expect(toInput(stored)).not.toHaveProperty('apiKey');
    expect(toInput({ ...stored, keyAction: 'remove' }).apiKey).toBe('');
    expect(toInput({ ...stored, keyAction: 'replace', apiKey: ' sk-new ' }).apiKey).toBe('sk-new');
    expect(toInput({ ...initialValues(), name: 'n' })).not.toHaveProperty('apiKey');
  });

  it('requires a new key when replacing a stored one', () => {
    const v = { ...initialValues(provider({ hasApiKey: true })), keyAction: 'replace' as const };
    expect(validate(v, true).apiKey).toBeDefined();
  });

  it('maps backend field names', () => {
    expect(fieldFromBackend('baseUrl')).toBe('baseUrl');
    expect(fieldFromBackend('base_url')).toBe('baseUrl');
    expect(fieldFromBackend('api_key')).toBe('apiKey');
    expect(fieldFromBackend('defaultModel')).toBe('defaultModel');
    expect(fieldFromBackend('other')).toBeNull();
    expect(fieldFromBackend(undefined)).toBeNull();
  });
});
