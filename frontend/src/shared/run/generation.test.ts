import { describe, expect, it } from 'vitest';
import type { GenerationDetail } from '../../lib/api.gen';
import { generationSteps, generationText } from './generation';

describe('generationSteps', () => {
  const detail: GenerationDetail = {
    reasoningContent: ['Look up the statute first.'],
    toolCalls: [{ name: 'lookup_article', arguments: { article: '49' }, result: 'Article 49: …' }],
    sequence: [
      { type: 'reasoning', index: 0 },
      { type: 'tool_call', index: 0 },
      { type: 'content', start: 0, end: 4 },
      { type: 'content', start: 4, end: 9 },
    ],
  };

  it('keeps stream order and joins adjacent content spans', () => {
    expect(generationSteps(detail, 'Yes, §49.').map((s) => s.type)).toEqual(['reasoning', 'tool_call', 'content']);
    expect(generationSteps(detail, 'Yes, §49.')[2]).toEqual({ type: 'content', text: 'Yes, §49.' });
  });

  it('slices content by code points, not UTF-16 units', () => {
    const emoji: GenerationDetail = { reasoningContent: [], toolCalls: [], sequence: [{ type: 'content', start: 1, end: 3 }] };
    expect(generationSteps(emoji, '⚖️ ok')).toEqual([{ type: 'content', text: '️ ' }]);
    expect(generationSteps({ ...emoji, sequence: [{ type: 'content', start: 0, end: 2 }] }, '😀x')).toEqual([{ type: 'content', text: '😀x' }]);
  });

  it('skips steps that point at nothing', () => {
    const broken: GenerationDetail = { reasoningContent: [], toolCalls: [], sequence: [{ type: 'reasoning', index: 3 }, { type: 'tool_call', index: 0 }] };
    expect(generationSteps(broken, '')).toEqual([]);
  });
});

describe('generationText', () => {
  it('reads an LLM node text, else a cited answer', () => {
    expect(generationText({ text: 'a', answer: 'b' })).toBe('a');
    expect(generationText({ answer: 'b' })).toBe('b');
    expect(generationText(null)).toBe('');
  });
});
