import { describe, expect, it } from 'vitest';
import type { Citation, Claim } from '../../lib/api.gen';
import { citationSpan, flaggedRanges, splitByFlags } from './claims';

const cpLen = (s: string) => Array.from(s).length;

function claim(answer: string, text: string, verdict: Claim['verdict'], markers: number[] = []): Claim {
  const at = answer.indexOf(text);
  const start = cpLen(answer.slice(0, at));
  return { text, start, end: start + cpLen(text), markers, verdict };
}

describe('flaggedRanges', () => {
  it('flags uncited and quote_failed claims, never cited ones', () => {
    const a = 'Notice is 30 days [1]. The seller must refund. The buyer may reject [2].';
    const ranges = flaggedRanges(a, [
      claim(a, 'Notice is 30 days [1].', 'cited', [1]),
      claim(a, 'The seller must refund.', 'uncited'),
      claim(a, 'The buyer may reject [2].', 'quote_failed', [2]),
    ]);
    expect(ranges.map((r) => [r.text, r.verdict])).toEqual([
      ['The seller must refund.', 'uncited'],
      ['The buyer may reject [2].', 'quote_failed'],
    ]);
  });

  it('converts code-point offsets to UTF-16 with emoji before the claim', () => {
    const a = '👩‍⚖️ Court 🏛️ rules [1]. Unsupported 😀 sentence.';
    const c = claim(a, 'Unsupported 😀 sentence.', 'uncited');
    expect(c.start).not.toBe(a.indexOf('Unsupported')); // code points differ from UTF-16 here
    const [r] = flaggedRanges(a, [c]);
    expect(r!.text).toBe('Unsupported 😀 sentence.');
    expect(r!.start).toBe(a.indexOf('Unsupported'));
  });

  it('handles Arabic text', () => {
    const a = 'يجب الإخطار قبل ثلاثين يوماً [1]. ويحق للمشتري الفسخ.';
    const [r] = flaggedRanges(a, [claim(a, 'ويحق للمشتري الفسخ.', 'uncited')]);
    expect(r!.text).toBe('ويحق للمشتري الفسخ.');
  });

  it('finds a claim by its text when its offsets are stale, and drops one it cannot find', () => {
    const a = 'One [1]. Two is unsupported.';
    const stale: Claim = { text: 'Two is unsupported.', start: 0, end: 5, markers: [], verdict: 'uncited' };
    const missing: Claim = { text: 'Not in the answer.', start: 0, end: 3, markers: [], verdict: 'uncited' };
    expect(flaggedRanges(a, [stale, missing]).map((r) => r.text)).toEqual(['Two is unsupported.']);
  });

  it('splits a text range at flag edges', () => {
    const a = 'abc DEF ghi';
    const ranges = [{ start: 4, end: 7, verdict: 'uncited' as const, text: 'DEF' }];
    expect(splitByFlags(ranges, 0, a.length).map((p) => [a.slice(p.start, p.end), Boolean(p.flag)])).toEqual([
      ['abc ', false],
      ['DEF', true],
      [' ghi', false],
    ]);
  });
});

describe('citationSpan', () => {
  const base: Citation = {
    marker: 1, nodeId: 'c1', rank: 1, score: 2, excerpt: 'x',
    quotes: [], locator: { docId: 'd', docName: 'D', pageStart: 1, pageEnd: 1, headingPath: [], start: 100, end: 200 },
  };
  it('prefers the verified quote span', () => {
    expect(citationSpan({ ...base, quotes: [{ text: 'q', verified: true, start: 120, end: 130 }] })).toEqual({ start: 120, end: 130, quoted: true });
  });
  it('falls back to the passage when the quote is unverified', () => {
    expect(citationSpan({ ...base, quotes: [{ text: 'q', verified: false, start: 0, end: 0 }] })).toEqual({ start: 100, end: 200, quoted: false });
  });
});
