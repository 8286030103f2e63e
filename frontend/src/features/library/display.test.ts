import { describe, expect, it } from 'vitest';
import { chunkTitle, compareNames, formatName, formatTook, headingLabel, isRtlLanguage, languageName, locatorLabel, pagesLabel } from './display';
import { chunk } from './testData';

describe('display helpers', () => {
  it('write pages and heading paths', () => {
    expect(pagesLabel(4, 4)).toBe('p. 4');
    expect(pagesLabel(4, 5)).toBe('pp. 4–5');
    expect(pagesLabel(4, 0)).toBe('p. 4');
    expect(pagesLabel(0, 0)).toBe('');
    expect(headingLabel(['Chapter 2', 'Article 12'])).toBe('Chapter 2 › Article 12');
    expect(headingLabel(null)).toBe('');
    expect(locatorLabel({ pageStart: 4, pageEnd: 5, headingPath: ['الفصل الثاني', 'المادة ١٢'] })).toBe('pp. 4–5 · الفصل الثاني › المادة ١٢');
  });

  it('name languages, formats and directions', () => {
    expect(languageName('en')).toBe('English');
    expect(languageName('ar')).toBe('Arabic');
    expect(languageName('')).toBe('—');
    expect(formatName('pdf')).toBe('PDF');
    expect(formatName('', 'notes.markdown')).toBe('Markdown');
    expect(formatName('htm')).toBe('HTML');
    expect(formatName('', 'x.xyz')).toBe('XYZ');
    expect(isRtlLanguage('ar')).toBe(true);
    expect(isRtlLanguage('ar-EG')).toBe(true);
    expect(isRtlLanguage('en')).toBe(false);
  });

  it('order names numerically and format timings', () => {
    expect(['act-10.pdf', 'Act-2.pdf', 'act-1.pdf'].sort(compareNames)).toEqual(['act-1.pdf', 'Act-2.pdf', 'act-10.pdf']);
    expect(formatTook(0.42)).toBe('0.4 ms');
    expect(formatTook(12.6)).toBe('13 ms');
    expect(formatTook(1500)).toBe('1.5 s');
  });

  it('title outline entries by their last heading, else their first words', () => {
    expect(chunkTitle(chunk())).toBe('Article 12');
    expect(chunkTitle(chunk({ text: '  Preamble   text here ', locator: { headingPath: [] } }))).toBe('Preamble text here');
    expect(chunkTitle(chunk({ text: '', ordinal: 4, locator: { headingPath: [] } }))).toBe('Passage 5');
  });
});
