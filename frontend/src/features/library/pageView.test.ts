import { describe, expect, it } from 'vitest';
import { imageWidth, pagesOfSpan, parsePage, scaleOf, shownWidth, stepZoom } from './pageView';
import { chunk } from '../../test/libraryData';

const pages = [
  { page: 1, start: 0, end: 100, ocr: false },
  { page: 2, start: 102, end: 200, ocr: false },
  { page: 3, start: 202, end: 202, ocr: true }, // a page without text
  { page: 4, start: 202, end: 300, ocr: false },
];

describe('pagesOfSpan', () => {
  it('finds the pages a span lies on from the page spans', () => {
    expect(pagesOfSpan(pages, null, 10, 20)).toEqual({ first: 1, last: 1 });
    expect(pagesOfSpan(pages, null, 90, 150)).toEqual({ first: 1, last: 2 });
    expect(pagesOfSpan(pages, null, 100, 120)).toEqual({ first: 2, last: 2 }); // starts in the gap between pages
    expect(pagesOfSpan(pages, null, 150, 250)).toEqual({ first: 2, last: 4 });
    expect(pagesOfSpan(pages, null, 50, 50)).toEqual({ first: 1, last: 1 });
  });

  it('falls back to the chunk’s pages for a document without page spans', () => {
    const c = chunk({ locator: { docId: 'd1', docName: 'a.pdf', pageStart: 3, pageEnd: 4, headingPath: [], start: 0, end: 9 } });
    expect(pagesOfSpan([], c, 0, 9)).toEqual({ first: 3, last: 4 });
    expect(pagesOfSpan([], null, 0, 9)).toBeNull();
    expect(pagesOfSpan(pages, c, 900, 950)).toEqual({ first: 3, last: 4 });
  });
});

describe('zoom and image size', () => {
  it('fits the width or scales the printed size', () => {
    expect(shownWidth('fit', 612, 700)).toBe(700);
    expect(shownWidth(1, 612, 700)).toBe(816);
    expect(scaleOf(816, 612)).toBeCloseTo(1);
  });

  it('steps through the zoom levels and stops at the ends', () => {
    expect(stepZoom(0.86, 1)).toBe(0.9);
    expect(stepZoom(0.86, -1)).toBe(0.75);
    expect(stepZoom(1, 1)).toBe(1.1);
    expect(stepZoom(3, 1)).toBe(3);
    expect(stepZoom(0.5, -1)).toBe(0.5);
  });

  it('asks for whole steps of pixels, sharper on dense screens, within the server’s bounds', () => {
    expect(imageWidth(700, 1)).toBe(800);
    expect(imageWidth(710, 1)).toBe(800);
    expect(imageWidth(700, 2)).toBe(1400);
    expect(imageWidth(50, 1)).toBe(200);
    expect(imageWidth(3000, 2)).toBe(2400);
  });

  it('reads a typed page number within the document', () => {
    expect(parsePage('3', 5)).toBe(3);
    expect(parsePage(' 9 ', 5)).toBe(5);
    expect(parsePage('0', 5)).toBe(1);
    expect(parsePage('', 5)).toBeNull();
  });
});
