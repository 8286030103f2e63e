import { describe, expect, it } from 'vitest';
import { chunkTitle, outlineTitle, compareNames, formatName, formatTook, headingLabel, isRtlLanguage, languageName, locatorLabel, pagesLabel } from './display';
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
    expect(locatorLabel({ pageStart: 3, pageEnd: 3, headingPath: ['8. Insurance'], ocr: true })).toBe('p. 3 (OCR) · 8. Insurance');
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

  it('show merged clauses in the outline as what they hold', () => {
    const at = (text: string, headingPath: string[]) => outlineTitle(chunk({ text, locator: { headingPath } }));
    const agreement = 'MASTER SERVICES AGREEMENT';
    // A clause heading merged with its first sub-clause is the clause.
    expect(at('8. CONFIDENTIALITY\n\n8.1 Each party undertakes…', [agreement, '8. CONFIDENTIALITY', '8.1'])).toEqual({ title: '8. CONFIDENTIALITY', depth: 1 });
    // Sibling sub-clauses merged under their parent are their range, below the parent.
    expect(at('8.2 Each party may disclose…\n\n8.3 No party shall use…', [agreement, '8. CONFIDENTIALITY'])).toEqual({ title: '8.2–8.3', depth: 2 });
    expect(at('4.3 If the Customer fails…', [agreement, '4. FEES AND PAYMENT', '4.3'])).toEqual({ title: '4.3', depth: 2 });
    // A statute article opening with its heading, and text without headings, as before.
    expect(at('Article 12 – Termination\nEither party…', ['Chapter 2', 'Article 12 – Termination'])).toEqual({ title: 'Article 12 – Termination', depth: 1 });
    expect(at('(2) The notice shall be in writing.', ['Chapter 2', 'Article 12 – Termination'])).toEqual({ title: 'Article 12 – Termination', depth: 1 });
    expect(at('12 months after delivery the warranty ends.', ['Schedule 1'])).toEqual({ title: 'Schedule 1', depth: 0 });
    expect(at('12. TERM\n12.1 Either party…', ['1', '12. TERM'])).toEqual({ title: '12. TERM', depth: 1 });
  });
});
