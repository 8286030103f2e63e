// Preparing a document's extracted text for the source viewer: cut into sections at line
// breaks (so a multi-megabyte text renders as a few hundred memoised blocks the browser can skip
// off screen), and find the chunk a highlighted span belongs to.
import type { Chunk } from '../../lib/api.gen';

/** A run of whole lines: [start, end) in UTF-16 units of the text. */
export interface Section {
  start: number;
  end: number;
}

export const SECTION_CHARS = 6000;

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

/**
 * Cuts text into consecutive sections of about `target` UTF-16 units, each ending just after
 * a line break where possible. A very long line is cut anyway, but never inside a surrogate
 * pair. The sections cover the text exactly, in order.
 */
export function splitSections(text: string, target: number = SECTION_CHARS): Section[] {
  const sections: Section[] = [];
  const n = text.length;
  const size = Math.max(1, Math.floor(target));
  let start = 0;
  while (start < n) {
    let end = Math.min(n, start + size);
    if (end < n) {
      // Prefer the next line break within another `size` units, else the last one before.
      const limit = Math.min(n, start + 2 * size);
      let cut = -1;
      for (let i = end - 1; i < limit; i++) {
        if (text.charCodeAt(i) === 10) {
          cut = i + 1;
          break;
        }
      }
      for (let i = end - 2; cut < 0 && i > start; i--) if (text.charCodeAt(i) === 10) cut = i + 1;
      if (cut > start) end = cut;
      else if (isLowSurrogate(text.charCodeAt(end))) end -= 1;
    }
    if (end <= start) end = Math.min(n, start + size);
    sections.push({ start, end });
    start = end;
  }
  return sections;
}

/**
 * The sections to render: consecutive sections are merged into one where the highlight
 * [hlStart, hlEnd) spans them, so the highlight is a single element.
 */
export function groupForHighlight(sections: readonly Section[], hlStart: number, hlEnd: number): Section[] {
  if (hlEnd <= hlStart) return sections as Section[];
  const out: Section[] = [];
  let merging: Section | null = null;
  for (const s of sections) {
    const touches = s.start < hlEnd && s.end > hlStart;
    if (touches) {
      merging = merging ? { start: merging.start, end: s.end } : { ...s };
      continue;
    }
    if (merging) {
      out.push(merging);
      merging = null;
    }
    out.push(s);
  }
  if (merging) out.push(merging);
  return out;
}

/**
 * The chunk a code-point span [start, end) belongs to: one that contains it, else the one it
 * overlaps most, else null. Chunks are compared by their locators (code points too).
 */
export function chunkForSpan(chunks: readonly Chunk[], start: number, end: number): Chunk | null {
  let containing: Chunk | null = null;
  let overlapping: Chunk | null = null;
  let bestOverlap = 0;
  for (const c of chunks) {
    const { start: cs, end: ce } = c.locator;
    if (cs <= start && end <= ce) {
      // The tightest one, when overlapping chunks both contain the span.
      if (!containing || ce - cs < containing.locator.end - containing.locator.start) containing = c;
      continue;
    }
    const overlap = Math.min(end, ce) - Math.max(start, cs);
    if (overlap > bestOverlap) {
      overlapping = c;
      bestOverlap = overlap;
    }
  }
  return containing ?? overlapping;
}
