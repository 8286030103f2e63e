import { describe, expect, it } from 'vitest';
import { markdownToPlainText, markersIn, parseInline, parseMarkdown, type Inline } from './markdown';

const kinds = (inline: Inline[]) => inline.map((t) => t.type);

describe('parseInline', () => {
  it('turns citation markers into cite tokens with their numbers and source range', () => {
    const src = 'Notice is 30 days [1]. Both apply [2, 3]; see also [4 ; 5].';
    const tokens = parseInline(src, 0, src.length);
    const cites = tokens.filter((t) => t.type === 'cite');
    expect(cites.map((c) => (c.type === 'cite' ? c.markers : []))).toEqual([[1], [2, 3], [4, 5]]);
    const first = cites[0]!;
    expect(first.type === 'cite' && src.slice(first.start, first.end)).toBe('[1]');
  });

  it('leaves HTML as text tokens: nothing becomes markup', () => {
    const src = '<img src=x onerror=alert(1)> and <script>alert(2)</script> [1]';
    const tokens = parseInline(src, 0, src.length);
    expect(kinds(tokens)).toEqual(['text', 'cite']);
    const t = tokens[0]!;
    expect(t.type === 'text' && src.slice(t.start, t.end)).toContain('<script>');
  });

  it('parses emphasis, code and escapes, but not snake_case', () => {
    const src = '**Article 12** says *shall* `notify` \\[1\\] snake_case_name';
    const tokens = parseInline(src, 0, src.length);
    expect(kinds(tokens).slice(0, 5)).toEqual(['strong', 'text', 'em', 'text', 'code']);
    expect(tokens.some((t) => t.type === 'cite')).toBe(false);
    const text = tokens.map((t) => (t.type === 'text' ? src.slice(t.start, t.end) : '')).join('');
    expect(text).toBe(' says   [1] snake_case_name');
  });

  it('keeps only the label of a link', () => {
    const src = 'see [the act](https://example.com) now';
    const tokens = parseInline(src, 0, src.length);
    const text = tokens.map((t) => (t.type === 'text' ? src.slice(t.start, t.end) : '')).join('');
    expect(text).toBe('see the act now');
  });

  it('does not treat [123456] or [a] as markers', () => {
    const src = 'ids [123456] and [a]';
    expect(parseInline(src, 0, src.length).some((t) => t.type === 'cite')).toBe(false);
  });
});

describe('parseMarkdown', () => {
  it('parses headings, lists, quotes, code and paragraphs', () => {
    const src = '# Title\n\nFirst line\nsecond line [1].\n\n- one [2]\n- two\n  continued\n\n1. a\n2. b\n\n> quoted\n> more\n\n```\n<b>raw</b>\n```\n\n---';
    const blocks = parseMarkdown(src);
    expect(blocks.map((b) => b.type)).toEqual(['h', 'p', 'ul', 'ol', 'quote', 'code', 'hr']);
    const code = blocks[5]!;
    expect(code.type === 'code' && code.text).toBe('<b>raw</b>');
    const ul = blocks[2]!;
    expect(ul.type === 'ul' && ul.items.length).toBe(2);
  });

  it('never throws on odd input', () => {
    for (const s of ['', '\n\n', '**', '`', '[', '[1', '*a', '```', '# ', '> ', '1.', '\r\n\r\n']) expect(() => parseMarkdown(s)).not.toThrow();
  });
});

describe('markdownToPlainText / markersIn', () => {
  it('removes syntax and keeps markers', () => {
    expect(markdownToPlainText('**Notice**: 30 *days* [1].\n\n- a [2]\n- b')).toBe('Notice: 30 days [1].\n\n• a [2]\n• b');
  });
  it('lists each marker once in order', () => {
    expect(markersIn('a [2] b [1, 2] c [3]')).toEqual([2, 1, 3]);
  });
});
