import { describe, expect, it } from 'vitest';
import { insertMention, matchDocuments, mentionAt, stillMentioned } from './match';

const docs = [
  { id: 'a', title: 'Distributor Agreement', name: 'dist.pdf' },
  { id: 'b', title: 'Lease', name: 'lease-2024.docx' },
  { id: 'c', title: 'Consumer Rights Act 2015', name: 'cra.docx' },
  { id: 'd', title: 'Code civil égyptien', name: 'eg.txt' },
];

describe('matchDocuments', () => {
  it('keeps titles holding every word, title prefixes first', () => {
    expect(matchDocuments(docs, 'ag').map((d) => d.id)).toEqual(['a']);
    expect(matchDocuments(docs, 'act 2015').map((d) => d.id)).toEqual(['c']);
    expect(matchDocuments(docs, 'le').map((d) => d.id)).toEqual(['b']);
    expect(matchDocuments(docs, 'a').map((d) => d.id)[0]).toBe('a');
  });
  it('matches file names, ignores case and accents, and limits', () => {
    expect(matchDocuments(docs, '2024').map((d) => d.id)).toEqual(['b']);
    expect(matchDocuments(docs, 'EGYPTIEN').map((d) => d.id)).toEqual(['d']);
    expect(matchDocuments(docs, '', 2)).toHaveLength(2);
  });
});

describe('mentionAt', () => {
  it('reads the mention before the caret', () => {
    expect(mentionAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionAt('In @Dist', 8)).toEqual({ start: 3, query: 'Dist' });
    expect(mentionAt('In @Distributor Ag', 18)).toEqual({ start: 3, query: 'Distributor Ag' });
  });
  it('is not fooled by addresses, new lines or a space after @', () => {
    expect(mentionAt('mail me@home', 12)).toBeNull();
    expect(mentionAt('@Lease\nand', 10)).toBeNull();
    expect(mentionAt('@ Lease', 7)).toBeNull();
    expect(mentionAt('no mention', 10)).toBeNull();
  });
});

describe('insertMention and stillMentioned', () => {
  it('replaces what was typed with the title', () => {
    const text = 'What does @dis say?';
    const m = mentionAt(text, 14)!;
    expect(insertMention(text, m, 14, 'Distributor Agreement')).toEqual({ text: 'What does @Distributor Agreement say?', caret: 33 });
  });
  it('keeps mentions whose text is still there', () => {
    const ms = [docs[0]!, docs[1]!];
    expect(stillMentioned('Does @Lease allow it?', ms).map((d) => d.id)).toEqual(['b']);
  });
});
