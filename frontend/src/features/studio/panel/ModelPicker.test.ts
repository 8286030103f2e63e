import { describe, expect, it } from 'vitest';
import { unknownLabel } from './ModelPicker';

describe('unknownLabel', () => {
  it('never shows a removed provider by its id', () => {
    expect(unknownLabel('a4cdd1352288e4e59d645d85fdf51c6b', 'qwen2.5')).toBe('a removed provider · qwen2.5');
  });
  it('keeps a name a person or an import wrote', () => {
    expect(unknownLabel('langgenius/openai/openai', 'gpt-4o')).toBe('langgenius/openai/openai · gpt-4o');
    expect(unknownLabel('LM Studio', '')).toBe('LM Studio');
  });
});
