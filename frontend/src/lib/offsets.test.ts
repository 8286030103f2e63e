import { describe, expect, it } from 'vitest';
import { OffsetMap, codePointToUtf16, sliceCodePoints, utf16ToCodePoint } from './offsets';

/** The reference: slice by code points with Array.from (slow, obviously right). */
function refSlice(text: string, start: number, end: number): string {
  return Array.from(text).slice(start, end).join('');
}

const judge = '👩‍⚖️'; // U+1F469 (astral: two UTF-16 units), ZWJ, U+2696, U+FE0F → 4 code points, 5 units
const arabic = 'المادة ١٢: يجب إخطار الطرف الآخر';

describe('code point ↔ UTF-16 offsets', () => {
  it('is the identity for BMP-only text, Arabic included', () => {
    const map = new OffsetMap(arabic);
    expect(map.codePointLength).toBe(arabic.length);
    for (let i = 0; i <= arabic.length; i++) {
      expect(map.toUtf16(i)).toBe(i);
      expect(map.toCodePoint(i)).toBe(i);
    }
    expect(sliceCodePoints(arabic, 0, 6)).toBe('المادة');
  });

  it('counts an astral character as one code point and two UTF-16 units', () => {
    expect(judge.length).toBe(5);
    const map = new OffsetMap(judge);
    expect(map.codePointLength).toBe(4);
    expect([0, 1, 2, 3, 4].map((cp) => map.toUtf16(cp))).toEqual([0, 2, 3, 4, 5]);
    expect([0, 1, 2, 3, 4, 5].map((i) => map.toCodePoint(i))).toEqual([0, 0, 1, 2, 3, 4]);
  });

  it('slices mixed Arabic, emoji and English text exactly like code-point slicing', () => {
    const text = `Art. 1 ${judge} القاضي 😀 rules 𝔸 ${arabic} end 🇪🇬`;
    const n = Array.from(text).length;
    const map = new OffsetMap(text);
    expect(map.codePointLength).toBe(n);
    for (let s = 0; s <= n; s++) {
      for (let e = s; e <= n; e += 3) {
        expect(sliceCodePoints(text, s, e, map)).toBe(refSlice(text, s, e));
      }
    }
  });

  it('round-trips every code-point offset', () => {
    const text = `a😀b${judge}c😀😀d`;
    const map = new OffsetMap(text);
    for (let cp = 0; cp <= map.codePointLength; cp++) expect(map.toCodePoint(map.toUtf16(cp))).toBe(cp);
  });

  it('clamps out-of-range and odd offsets', () => {
    const text = 'x😀y';
    expect(codePointToUtf16(text, -5)).toBe(0);
    expect(codePointToUtf16(text, 99)).toBe(4);
    expect(codePointToUtf16(text, Number.NaN)).toBe(0);
    expect(utf16ToCodePoint(text, 99)).toBe(3);
    expect(new OffsetMap(text).rangeToUtf16(3, 1)).toEqual({ start: 1, end: 4 });
    expect(new OffsetMap('').toUtf16(3)).toBe(0);
  });

  it('maps offsets deep into a multi-megabyte text with many astral characters', () => {
    const text = 'Article 12. The employer shall give notice. 😀 '.repeat(60_000); // ~2.8 M units
    const map = new OffsetMap(text);
    const points = Array.from(text);
    expect(map.codePointLength).toBe(points.length);
    for (const cp of [0, 45, 46, 47, 1_000_003, points.length - 7]) {
      expect(sliceCodePoints(text, cp, cp + 5, map)).toBe(points.slice(cp, cp + 5).join(''));
    }
  });
});
