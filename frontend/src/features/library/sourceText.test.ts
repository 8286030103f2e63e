import { describe, expect, it } from 'vitest';
import { chunkForSpan, groupForHighlight, splitSections } from './sourceText';
import { chunk } from '../../test/libraryData';

function cover(text: string, target: number) {
  const sections = splitSections(text, target);
  expect(sections.map((s) => text.slice(s.start, s.end)).join('')).toBe(text);
  for (let i = 1; i < sections.length; i++) expect(sections[i]!.start).toBe(sections[i - 1]!.end);
  return sections;
}

describe('splitSections', () => {
  it('cuts after line breaks and covers the text exactly', () => {
    const text = Array.from({ length: 50 }, (_, i) => `Article ${i + 1}. Some text of the article.`).join('\n');
    const sections = cover(text, 200);
    expect(sections.length).toBeGreaterThan(5);
    for (const s of sections.slice(0, -1)) expect(text[s.end - 1]).toBe('\n');
  });

  it('cuts a long line without splitting a surrogate pair', () => {
    const text = '😀'.repeat(1000);
    const sections = cover(text, 101);
    for (const s of sections) {
      const code = text.charCodeAt(s.start);
      expect(code >= 0xdc00 && code <= 0xdfff).toBe(false);
    }
  });

  it('handles empty text and a text shorter than a section', () => {
    expect(splitSections('')).toEqual([]);
    expect(splitSections('short')).toEqual([{ start: 0, end: 5 }]);
  });
});

describe('groupForHighlight', () => {
  const sections = [
    { start: 0, end: 10 },
    { start: 10, end: 20 },
    { start: 20, end: 30 },
    { start: 30, end: 40 },
  ];

  it('merges the sections a highlight spans into one', () => {
    expect(groupForHighlight(sections, 15, 25)).toEqual([
      { start: 0, end: 10 },
      { start: 10, end: 30 },
      { start: 30, end: 40 },
    ]);
    expect(groupForHighlight(sections, 12, 18)).toEqual(sections);
    expect(groupForHighlight(sections, 5, 5)).toBe(sections);
  });
});

describe('chunkForSpan', () => {
  const chunks = [
    chunk({ id: 'a', locator: { start: 0, end: 100, headingPath: ['Chapter 1'] } }),
    chunk({ id: 'b', locator: { start: 80, end: 200, headingPath: ['Chapter 1', 'Article 2'] } }),
    chunk({ id: 'c', locator: { start: 90, end: 150, headingPath: ['Chapter 1', 'Article 2', '(1)'] } }),
  ];

  it('finds the tightest chunk that contains the span', () => {
    expect(chunkForSpan(chunks, 10, 20)?.id).toBe('a');
    expect(chunkForSpan(chunks, 95, 140)?.id).toBe('c');
    expect(chunkForSpan(chunks, 80, 200)?.id).toBe('b');
  });

  it('falls back to the chunk it overlaps most, or none', () => {
    expect(chunkForSpan(chunks, 140, 260)?.id).toBe('b');
    expect(chunkForSpan(chunks, 500, 600)).toBeNull();
  });
});
