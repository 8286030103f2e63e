// The page view's arithmetic: which pages a cited span lies on, zoom steps, and the pixel width
// to ask the backend to draw a page at.
import type { Chunk, HighlightBox, PageSpan } from '../../lib/api.gen';

/** The pages a span lies on, first and last (1-based). */
export interface PageRange {
  first: number;
  last: number;
}

/**
 * The pages code points [start, end) lie on: from the document's page spans when it has them,
 * else from the chunk the span belongs to (documents ingested before page spans were kept).
 */
export function pagesOfSpan(pages: readonly PageSpan[], chunk: Chunk | null, start: number, end: number): PageRange | null {
  if (pages.length > 0) {
    // A span starting between two pages (in the blank line that joins them) starts on the next one.
    const on = pages.filter((p) => p.start < Math.max(end, start + 1) && p.end > start && p.end > p.start);
    if (on.length > 0) return { first: on[0]!.page, last: on[on.length - 1]!.page };
  }
  const l = chunk?.locator;
  if (l && l.pageStart > 0) return { first: l.pageStart, last: Math.max(l.pageStart, l.pageEnd) };
  return null;
}

/** Zoom: fit the page to the width of the view, or a scale where 1 is the page's printed size. */
export type Zoom = 'fit' | number;

export const ZOOM_STEPS = [0.5, 0.67, 0.75, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3] as const;

/** CSS pixels per PDF point at 100%: 96 per inch against 72. */
export const PX_PER_POINT = 96 / 72;

/** The width in CSS pixels the page is shown at. */
export function shownWidth(zoom: Zoom, pagePoints: number, viewWidth: number): number {
  return Math.max(120, Math.round(zoom === 'fit' ? viewWidth : pagePoints * PX_PER_POINT * zoom));
}

/** The scale a shown width amounts to (1 = printed size). */
export function scaleOf(width: number, pagePoints: number): number {
  return pagePoints > 0 ? width / (pagePoints * PX_PER_POINT) : 1;
}

/** The next zoom step above (dir 1) or below (dir -1) a scale, held to the steps' ends. */
export function stepZoom(scale: number, dir: 1 | -1): number {
  if (dir > 0) return ZOOM_STEPS.find((s) => s > scale + 0.005) ?? ZOOM_STEPS[ZOOM_STEPS.length - 1]!;
  return [...ZOOM_STEPS].reverse().find((s) => s < scale - 0.005) ?? ZOOM_STEPS[0];
}

export const MIN_IMAGE_WIDTH = 200;
export const MAX_IMAGE_WIDTH = 2400;
const IMAGE_STEP = 200;

/**
 * The pixel width to draw a page at to show it `cssWidth` wide on a screen of `pixelRatio`:
 * rounded up to a step, so small changes of the window's size reuse the image drawn already.
 */
export function imageWidth(cssWidth: number, pixelRatio: number): number {
  const px = Math.ceil((cssWidth * Math.max(1, pixelRatio || 1)) / IMAGE_STEP) * IMAGE_STEP;
  return Math.min(MAX_IMAGE_WIDTH, Math.max(MIN_IMAGE_WIDTH, px));
}

/** A page number typed by the user, held to 1..count; null when it is not a number. */
export function parsePage(raw: string, count: number): number | null {
  const n = Number.parseInt(raw.trim(), 10);
  if (!Number.isFinite(n)) return null;
  return Math.min(Math.max(1, count), Math.max(1, n));
}

/** A box's position as CSS percentages, held inside the page. */
export function boxStyle(b: HighlightBox): { left: string; top: string; width: string; height: string } {
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  const left = clamp(b.left);
  const top = clamp(b.top);
  const pct = (v: number) => `${(v * 100).toFixed(3)}%`;
  return { left: pct(left), top: pct(top), width: pct(clamp(Math.min(b.width, 1 - left))), height: pct(clamp(Math.min(b.height, 1 - top))) };
}
