// Citation display helpers: the excerpt with its verified quote marked, the locator line,
// and the plain-text copy of an answer with its footnotes.
import type { Citation } from '../../lib/api.gen';
import { citeLocator, documentLabel } from '../../lib/display';
import { OffsetMap } from '../../lib/offsets';
import { markdownToPlainText, markersIn } from './markdown';

export interface ExcerptPart {
  text: string;
  quoted: boolean;
}

/**
 * The citation's excerpt, split so the verified quote can be highlighted. The quote's offsets
 * are code points into the document; the excerpt starts at the locator's start. When the
 * offsets do not line up with the excerpt, the quote is looked up by its text.
 */
export function excerptParts(c: Citation): ExcerptPart[] {
  const excerpt = c.excerpt ?? '';
  const q = c.quotes?.find((x) => x.verified && x.text);
  if (!q || !excerpt) return excerpt ? [{ text: excerpt, quoted: false }] : [];
  const map = new OffsetMap(excerpt);
  let start = map.toUtf16(q.start - c.locator.start);
  let end = map.toUtf16(q.end - c.locator.start);
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
  if (q.start < c.locator.start || end <= start || norm(excerpt.slice(start, end)) !== norm(q.text)) {
    start = excerpt.indexOf(q.text);
    if (start < 0) return [{ text: excerpt, quoted: false }];
    end = start + q.text.length;
  }
  return [
    { text: excerpt.slice(0, start), quoted: false },
    { text: excerpt.slice(start, end), quoted: true },
    { text: excerpt.slice(end), quoted: false },
  ].filter((p) => p.text);
}

/** "Services Agreement, p. 4, § 12.2 Termination" (the file name when it has no title). */
export function citationLocator(c: Citation): string {
  return [documentLabel(c.locator), citeLocator(c.locator)].filter(Boolean).join(', ');
}

function clip(text: string, max: number): string {
  const t = text.replace(/\s+/g, ' ').trim();
  const cps = Array.from(t);
  return cps.length > max ? `${cps.slice(0, max - 1).join('').trimEnd()}…` : t;
}

/**
 * The answer as plain text for the clipboard: Markdown removed, markers kept, and a footnote
 * per cited passage (the ones the answer refers to, in marker order) with its locator and
 * the verified quote, or the start of the excerpt.
 */
export function answerCopyText(content: string, citations: readonly Citation[] | null | undefined): string {
  const body = markdownToPlainText(content).trim();
  const used = new Set(markersIn(content));
  const notes = [...(citations ?? [])]
    .filter((c) => used.has(c.marker))
    .sort((a, b) => a.marker - b.marker)
    .map((c) => {
      const quote = c.quotes?.find((q) => q.verified)?.text;
      return `[${c.marker}] ${citationLocator(c)}\n    “${clip(quote || c.excerpt, 240)}”`;
    });
  return notes.length ? `${body}\n\nSources\n${notes.join('\n')}\n` : `${body}\n`;
}

/** A file name for a conversation's Markdown export: "notice-periods-2025-03-01.md". */
export function exportFileName(title: string, date: Date = new Date()): string {
  const slug = title
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  const day = date.toISOString().slice(0, 10);
  return `${slug || 'conversation'}-${day}.md`;
}
