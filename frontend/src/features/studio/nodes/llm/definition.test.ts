import { describe, expect, it } from 'vitest';
import { llmKind, validateLLM } from './definition';

describe('llm', () => {
  it('starts with one empty system message, to be written', () => {
    const d = llmKind.defaults();
    expect(d.prompt_template).toEqual([{ role: 'system', text: '' }]);
    expect(Object.keys(validateLLM(d))).toEqual(['prompt_template']);
  });
  it('checks roles, parameters and the memory window', () => {
    const errs = validateLLM({
      prompt_template: [{ role: 'user', text: 'Hi' }, { role: 'tool', text: 'x' }],
      model: { completion_params: { temperature: 3, max_tokens: 1.5 } },
      memory: { window: { enabled: true, size: 0 } },
    });
    expect(Object.keys(errs).sort()).toEqual(['memory.window.size', 'model.completion_params.max_tokens', 'model.completion_params.temperature', 'prompt_template.1.role']);
  });
});
