import { describe, expect, it } from 'vitest';
import { extractive, provider } from '../../test/api';
import { modelChoice, modelValue, parseModelValue } from './ModelOptions';

const ollama = provider({ id: 'a4cdd1352288e4e59d645d85fdf51c6b', name: 'Local Ollama' });
const choices = { providers: [ollama, extractive], models: { [ollama.id]: ['llama3.2', 'qwen2.5'], extractive: [] }, defaultLabel: 'Local Ollama · llama3.2' };

describe('model choice', () => {
  it('reads back the provider and model it was given', () => {
    expect(parseModelValue(modelValue(ollama.id, 'qwen2.5'))).toEqual({ providerId: ollama.id, model: 'qwen2.5' });
    expect(parseModelValue(modelValue('', 'ignored'))).toEqual({ providerId: '', model: '' });
  });
  it('knows the default, a listed model, a provider default and a built-in provider', () => {
    for (const [p, m] of [['', ''], [ollama.id, 'qwen2.5'], [ollama.id, ''], ['extractive', 'anything']]) {
      expect(modelChoice(choices, p!, m!).known, `${p} ${m}`).toBe(true);
    }
  });
  it('does not know a model its provider does not list, nor a removed provider', () => {
    expect(modelChoice(choices, ollama.id, 'mistral').known).toBe(false);
    const removed = modelChoice(choices, 'ffffffffffffffffffffffffffffffff', 'llama3.2');
    expect([removed.known, removed.provider]).toEqual([false, undefined]);
  });
  it('finds the provider an imported app names', () => {
    const c = modelChoice(choices, 'Local Ollama', 'llama3.2');
    expect([c.known, c.provider?.id]).toEqual([true, ollama.id]);
  });
});
