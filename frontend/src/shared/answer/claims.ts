// Claims are sentences of the answer with code-point offsets (offsets count Unicode
// code points). The answer is rendered from a JavaScript string (UTF-16), so every claim
// range is converted here, once, and checked against the text it says it covers.
import type { Citation, Claim } from '../../lib/api.gen';
import { OffsetMap } from '../../lib/offsets';

export type FlagVerdict = 'uncited' | 'quote_failed';

/** A claim to flag, as a UTF-16 range of the answer. */
export interface FlaggedRange {
  start: number;
  end: number;
  verdict: FlagVerdict;
  text: string;
}

export const flagMessages: Record<FlagVerdict, string> = {
  uncited: 'No citation supports this sentence',
  quote_failed: 'The quoted text was not found in the cited passage',
};

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * The claims to flag (uncited, quote_failed), as UTF-16 ranges of `content`, sorted and
 * non-overlapping. A claim whose offsets do not cover its own text (an answer edited since)
 * is found by its text instead; one that cannot be found is left out rather than misplaced.
 */
export function flaggedRanges(content: string, claims: readonly Claim[] | null | undefined): FlaggedRange[] {
  if (!claims?.length) return [];
  const map = new OffsetMap(content);
  const out: FlaggedRange[] = [];
  for (const c of claims) {
    if (c.verdict !== 'uncited' && c.verdict !== 'quote_failed') continue;
    let start = map.toUtf16(c.start);
    let end = map.toUtf16(c.end);
    if (end <= start || squash(content.slice(start, end)) !== squash(c.text)) {
      const at = c.text ? content.indexOf(c.text) : -1;
      if (at < 0) continue;
      start = at;
      end = at + c.text.length;
    }
    out.push({ start, end, verdict: c.verdict, text: content.slice(start, end) });
  }
  out.sort((a, b) => a.start - b.start);
  const merged: FlaggedRange[] = [];
  for (const r of out) {
    const prev = merged[merged.length - 1];
    if (prev && r.start < prev.end) continue;
    merged.push(r);
  }
  return merged;
}

/** The flagged range containing UTF-16 index `at`, if any. */
export function flagAt(ranges: readonly FlaggedRange[], at: number): FlaggedRange | null {
  for (const r of ranges) if (at >= r.start && at < r.end) return r;
  return null;
}

/** Splits the text range [start, end) at the flagged ranges' edges. */
export function splitByFlags(ranges: readonly FlaggedRange[], start: number, end: number): { start: number; end: number; flag: FlaggedRange | null }[] {
  const cuts = new Set<number>([start, end]);
  for (const r of ranges) {
    if (r.start > start && r.start < end) cuts.add(r.start);
    if (r.end > start && r.end < end) cuts.add(r.end);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const out: { start: number; end: number; flag: FlaggedRange | null }[] = [];
  for (let k = 0; k + 1 < points.length; k++) {
    const s = points[k]!;
    const e = points[k + 1]!;
    if (e > s) out.push({ start: s, end: e, flag: flagAt(ranges, s) });
  }
  return out;
}

/** The citation a chip marker stands for. */
export function citationFor(citations: readonly Citation[] | null | undefined, marker: number): Citation | undefined {
  return citations?.find((c) => c.marker === marker);
}

/** Where a citation click opens the source: the verified quote's span when there is one, else the passage. */
export function citationSpan(c: Citation): { start: number; end: number; quoted: boolean } {
  const q = c.quotes?.find((x) => x.verified && x.end > x.start);
  if (q) return { start: q.start, end: q.end, quoted: true };
  return { start: c.locator.start, end: c.locator.end, quoted: false };
}
