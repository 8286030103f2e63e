import { describe, expect, it } from 'vitest';
import { insertAt, referenceTo, splitReferences } from './references';

describe('template references', () => {
  it('splits text into plain runs and references', () => {
    const text = 'Q: {{#sys.query#}} — see {{#retrieve.result#}}.';
    const segs = splitReferences(text);
    expect(segs).toEqual([
      { text: 'Q: ' },
      { text: '{{#sys.query#}}', selector: ['sys', 'query'] },
      { text: ' — see ' },
      { text: '{{#retrieve.result#}}', selector: ['retrieve', 'result'] },
      { text: '.' },
    ]);
    expect(segs.map((s) => s.text).join('')).toBe(text);
  });

  it('reads paths into objects and leaves what the engine would not read as text', () => {
    expect(splitReferences('{{#llm_1.usage.total_tokens#}}')[0]!.selector).toEqual(['llm_1', 'usage', 'total_tokens']);
    for (const plain of ['{{#nodot#}}', '{{# a.b #}}', '{{#a.1x#}}', '{{a.b}}', '{{#a.b#}']) {
      expect(splitReferences(plain)).toEqual([{ text: plain }]);
    }
    expect(splitReferences('')).toEqual([]);
  });

  it('writes a reference and inserts it at the caret', () => {
    expect(referenceTo(['cite', 'answer'])).toBe('{{#cite.answer#}}');
    expect(insertAt('Hello !', 6, 6, '{{#start.name#}}')).toEqual({ text: 'Hello {{#start.name#}}!', caret: 22 });
    expect(insertAt('Hello XX!', 6, 8, 'Y')).toEqual({ text: 'Hello Y!', caret: 7 });
  });
});
