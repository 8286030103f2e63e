import { describe, expect, it } from 'vitest';
import type { Unit } from './api.gen';
import {
  chunkTitle,
  outlineTitle,
  compareNames,
  formatName,
  formatTook,
  headingLabel,
  isRtlLanguage,
  languageName,
  locatorHeading,
  citeLocator,
  narrowLocator,
  pagesLabel,
  unitsLabel,
} from './display';
import { chunk } from '../test/libraryData';
import citeTable from '../../../backend/evidence/testdata/cite.json';

describe('display helpers', () => {
  it('write pages and heading paths', () => {
    expect(pagesLabel(4, 4)).toBe('p. 4');
    expect(pagesLabel(4, 5)).toBe('pp. 4–5');
    expect(pagesLabel(4, 0)).toBe('p. 4');
    expect(pagesLabel(0, 0)).toBe('');
    expect(headingLabel(['Chapter 2', 'Article 12'])).toBe('Chapter 2 › Article 12');
    expect(headingLabel(null)).toBe('');
    expect(citeLocator({ pageStart: 4, pageEnd: 5, headingPath: ['الفصل الثاني', 'المادة ١٢'] })).toBe('pp. 4–5, المادة ١٢');
    expect(citeLocator({ pageStart: 3, pageEnd: 3, headingPath: ['8. Insurance'], ocr: true })).toBe('p. 3 (OCR), § 8 Insurance');
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

const chapter = 'Chapter 3 — Rent and Deposits';
/** A passage holding two short articles, as the backend's chunker merges them. */
const rentAndDeposits = {
  headingPath: [chapter],
  start: 100,
  end: 300,
  units: [
    { start: 100, end: 190, headingPath: [chapter, 'Article 5 Rent increases'], number: '5' },
    { start: 192, end: 300, headingPath: [chapter, 'Article 6 Security deposit'], number: '6', follows: true },
  ],
};

describe('passages holding several articles', () => {
  it('read as the articles they hold', () => {
    expect(locatorHeading(rentAndDeposits)).toBe('Chapter 3 — Rent and Deposits › Articles 5–6');
    expect(citeLocator({ ...rentAndDeposits, pageStart: 2, pageEnd: 2 })).toBe('p. 2, Articles 5–6');
    expect(locatorHeading({ headingPath: ['Chapter 2', 'Article 12'] })).toBe('Chapter 2 › Article 12');
  });

  it('name the article a span lies in', () => {
    const at = (start: number, end: number) => locatorHeading(narrowLocator(rentAndDeposits, start, end));
    expect(at(230, 260)).toBe('Chapter 3 — Rent and Deposits › Article 6 Security deposit');
    expect(at(120, 150)).toBe('Chapter 3 — Rent and Deposits › Article 5 Rent increases');
    expect(at(180, 200)).toBe('Chapter 3 — Rent and Deposits › Articles 5–6');
    expect(at(100, 300)).toBe('Chapter 3 — Rent and Deposits › Articles 5–6');
    expect(at(192, 192)).toBe('Chapter 3 — Rent and Deposits › Article 6 Security deposit');
    const narrowed = narrowLocator(rentAndDeposits, 230, 260);
    expect([narrowed.start, narrowed.end, narrowed.units]).toEqual([100, 300, undefined]);
    const plain = { headingPath: ['Article 1'], start: 0, end: 50 };
    expect(narrowLocator(plain, 10, 20)).toBe(plain);
  });

  it('cite numbered articles as a range or a list, other kinds by their headings', () => {
    const unit = (heading: string, number: string, follows = false): Unit => ({ start: 0, end: 0, headingPath: ['Part 2', heading], number, follows });
    const cases: [Unit[], string][] = [
      [[unit('Article 5', '5'), unit('Article 7', '7')], 'Articles 5, 7'],
      [[unit('Section 4.1 Fees', '4.1'), unit('Section 4.2', '4.2', true), unit('Section 4.3', '4.3', true)], 'Sections 4.1–4.3'],
      [[unit('8.2', '8.2'), unit('8.3', '8.3', true)], '8.2–8.3'],
      [[unit('ARTICLE V — RENT', 'V'), unit('ARTICLE VI — DEPOSIT', 'VI', true)], 'ARTICLES V–VI'],
      [[unit('Art. 12', '12'), unit('Art. 13', '13', true)], 'Arts. 12–13'],
      [[unit('Section. 1.', '1'), unit('Section. 2.', '2', true)], 'Sections 1–2'],
      [[unit('§ 5', '5'), unit('§ 6', '6', true)], '§§ 5–6'],
      [[unit('Annex 1', '1'), unit('Annex 2', '2', true)], 'Annexes 1–2'],
      [[unit('Appendix 1', '1'), unit('Appendix 3', '3')], 'Appendices 1, 3'],
      [[unit('المادة ١٤٧ — العقد شريعة المتعاقدين', '١٤٧'), unit('المادة ١٤٨', '١٤٨', true)], 'المادة ١٤٧ — العقد شريعة المتعاقدين؛ المادة ١٤٨'],
      [[unit('第五十四条', '54'), unit('第五十六条', '56')], '第五十四条、第五十六条'],
      [[unit('Schedule 1', '1'), unit('Annex 2', '2')], 'Schedule 1; Annex 2'],
      [[unit('DEFINITIONS', ''), unit('INTERPRETATION', '')], 'DEFINITIONS; INTERPRETATION'],
    ];
    for (const [units, want] of cases) expect(unitsLabel(units, 1)).toBe(want);
  });

  it('show in the outline as the articles they hold', () => {
    const merged = chunk({ text: 'Article 5 Rent increases\nThe landlord…\n\nArticle 6 Security deposit\nThe deposit…', locator: rentAndDeposits });
    expect(outlineTitle(merged)).toEqual({ title: 'Articles 5–6', depth: 1 });
  });
});

// The backend's evidence.Locator.Cite is checked against the same table: both write a locator alike.
describe('citeLocator', () => {
  it.each(citeTable)('$name', ({ locator, cite }) => {
    expect(citeLocator(locator)).toBe(cite);
  });
});
