import { describe, expect, it } from 'vitest';
import type { Citation } from '../../lib/api.gen';
import { answerCopyText, excerptParts, exportFileName } from './citations';

const excerpt = 'Article 5 — Either party may end this agreement with 30 days written notice. Other text.';
const cit = (over: Partial<Citation> = {}): Citation => ({
  marker: 1, nodeId: 'c1', rank: 1, score: 3.2, excerpt,
  quotes: [],
  locator: { docId: 'd1', docName: 'Services Agreement', pageStart: 2, pageEnd: 3, headingPath: ['Part 1', 'Article 5'], start: 1000, end: 1000 + excerpt.length },
  ...over,
});

describe('excerptParts', () => {
  it('marks the verified quote using document offsets', () => {
    const q = 'Either party may end this agreement with 30 days written notice.';
    const at = excerpt.indexOf(q);
    const parts = excerptParts(cit({ quotes: [{ text: q, verified: true, start: 1000 + at, end: 1000 + at + q.length }] }));
    expect(parts.find((p) => p.quoted)?.text).toBe(q);
    expect(parts.map((p) => p.text).join('')).toBe(excerpt);
  });
  it('falls back to finding the quote text, and to the plain excerpt', () => {
    expect(excerptParts(cit({ quotes: [{ text: 'Other text.', verified: true, start: 1, end: 2 }] })).find((p) => p.quoted)?.text).toBe('Other text.');
    expect(excerptParts(cit({ quotes: [{ text: 'nowhere', verified: true, start: 1, end: 2 }] }))).toEqual([{ text: excerpt, quoted: false }]);
  });
});

describe('answerCopyText', () => {
  it('is plain text with one footnote per cited passage', () => {
    const text = answerCopyText('**Notice** is *30 days* [1].', [cit(), cit({ marker: 2, nodeId: 'c2' })]);
    expect(text).toBe(`Notice is 30 days [1].\n\nSources\n[1] Services Agreement, pp. 2–3, Article 5\n    “${excerpt}”\n`);
    expect(text).not.toContain('[2]');
  });
  it('names the document by its title when it has one', () => {
    const titled = cit({ locator: { ...cit().locator, docName: 'msa-final-v3.docx', docTitle: 'Master Services Agreement' } });
    expect(answerCopyText('A [1].', [titled])).toContain('[1] Master Services Agreement, pp. 2–3, Article 5');
  });
  it('quotes the verified quote when there is one', () => {
    const text = answerCopyText('A [1].', [cit({ quotes: [{ text: 'Either party may end', verified: true, start: 0, end: 0 }] })]);
    expect(text).toContain('“Either party may end”');
  });
});

describe('exportFileName', () => {
  it('slugs the title and keeps non-Latin letters', () => {
    const d = new Date('2025-03-01T10:00:00Z');
    expect(exportFileName('Notice periods: UK & EU?', d)).toBe('notice-periods-uk-eu-2025-03-01.md');
    expect(exportFileName('مدة الإخطار', d)).toBe('مدة-الإخطار-2025-03-01.md');
    expect(exportFileName('***', d)).toBe('conversation-2025-03-01.md');
  });
});
