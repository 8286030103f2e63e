// Locators count Unicode code points into a document's extracted text (end exclusive);
// JavaScript strings index UTF-16 code units. Everything that slices document text with a
// locator goes through these conversions — never slice with code-point numbers directly.

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

/**
 * Maps code-point offsets to UTF-16 indices and back for one text. Building it scans the text
 * once and remembers where the astral characters (surrogate pairs) are; each conversion is then a
 * binary search, so a multi-megabyte text converts offsets in microseconds.
 */
export class OffsetMap {
  /** Length of the text in UTF-16 code units. */
  readonly utf16Length: number;
  /** Length of the text in code points. */
  readonly codePointLength: number;
  /** The code-point offsets of the astral characters, ascending. */
  private readonly astral: number[];

  constructor(text: string) {
    const astral: number[] = [];
    let cp = 0;
    for (let i = 0; i < text.length; i++, cp++) {
      if (isHighSurrogate(text.charCodeAt(i)) && i + 1 < text.length && isLowSurrogate(text.charCodeAt(i + 1))) {
        astral.push(cp);
        i++;
      }
    }
    this.astral = astral;
    this.utf16Length = text.length;
    this.codePointLength = cp;
  }

  /** How many astral characters start before code point `cp`. */
  private astralBefore(cp: number): number {
    let lo = 0;
    let hi = this.astral.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.astral[mid]! < cp) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The UTF-16 index of code-point offset `cp`, clamped to the text. */
  toUtf16(cp: number): number {
    if (!Number.isFinite(cp) || cp <= 0) return 0;
    if (cp >= this.codePointLength) return this.utf16Length;
    const c = Math.floor(cp);
    return c + this.astralBefore(c);
  }

  /** The code-point offset of UTF-16 index `index` (inside a surrogate pair: that character's offset), clamped. */
  toCodePoint(index: number): number {
    if (!Number.isFinite(index) || index <= 0) return 0;
    if (index >= this.utf16Length) return this.codePointLength;
    // The code point at `index` is the largest cp with toUtf16(cp) <= index.
    let lo = 0;
    let hi = this.astral.length;
    const i = Math.floor(index);
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      // astral[mid] starts at UTF-16 index astral[mid] + mid.
      if (this.astral[mid]! + mid < i) lo = mid + 1;
      else hi = mid;
    }
    // `lo` astral characters start before index i, each one UTF-16 unit longer than a code point.
    // (If i is the low half of a pair starting at i - 1, this is that character's offset too.)
    return i - lo;
  }

  /** A code-point range [start, end) as a UTF-16 range, clamped and ordered. */
  rangeToUtf16(start: number, end: number): { start: number; end: number } {
    const s = this.toUtf16(Math.min(start, end));
    const e = this.toUtf16(Math.max(start, end));
    return { start: s, end: e };
  }
}

/** The UTF-16 index of code-point offset `cp` in `text` (one-off; use OffsetMap for many). */
export function codePointToUtf16(text: string, cp: number): number {
  return new OffsetMap(text).toUtf16(cp);
}

/** The code-point offset of UTF-16 index `index` in `text` (one-off; use OffsetMap for many). */
export function utf16ToCodePoint(text: string, index: number): number {
  return new OffsetMap(text).toCodePoint(index);
}

/** The part of `text` between code-point offsets [start, end). */
export function sliceCodePoints(text: string, start: number, end: number, map: OffsetMap = new OffsetMap(text)): string {
  const r = map.rangeToUtf16(start, end);
  return text.slice(r.start, r.end);
}
