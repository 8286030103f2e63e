// How library things read on screen: pages, heading paths, languages, formats, dates.
import type { Chunk, Locator, Unit } from './api.gen';

/** Orders names as people expect ("act-2" before "act-10"); one shared collator, as
 * localeCompare with options builds a new one per call (slow for thousands of names). */
export const compareNames = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' }).compare;

/** "p. 4", "pp. 4–5", or "" when the format has no pages. */
/** What a passage's document is called: its title, else its file name. */
export function documentLabel(loc: Pick<Locator, 'docName' | 'docTitle'>): string {
  return loc.docTitle || loc.docName;
}

/** The file name to show beside a title, or '' when the title is the file name (or there is none). */
export function fileBeside(loc: Pick<Locator, 'docName' | 'docTitle'>): string {
  return loc.docTitle && loc.docTitle !== loc.docName ? loc.docName : '';
}

export function pagesLabel(pageStart: number, pageEnd: number): string {
  if (!pageStart || pageStart < 1) return '';
  if (!pageEnd || pageEnd <= pageStart) return `p. ${pageStart}`;
  return `pp. ${pageStart}–${pageEnd}`;
}

export const HEADING_SEPARATOR = ' › ';

/** "Chapter 2 › Article 12", or "" for a chunk outside any heading. */
export function headingLabel(path: readonly string[] | null | undefined): string {
  return (path ?? []).filter(Boolean).join(HEADING_SEPARATOR);
}

/**
 * The locator as a lawyer cites it: the pages, then the article, section or clause the passage is
 * ("p. 4, § 12.2 Termination", "Article 6", "第十条"). Headings above the cited one are context
 * (locatorHeading gives the whole path); offsets are never part of it. The backend's
 * evidence.Locator.Cite writes the same, checked against the same table (testdata/cite.json).
 */
export function citeLocator(loc: Pick<Locator, 'pageStart' | 'pageEnd' | 'headingPath' | 'ocr' | 'units'>): string {
  const pages = pagesLabel(loc.pageStart, loc.pageEnd);
  return [pages && loc.ocr ? `${pages} (OCR)` : pages, citedUnit(loc.headingPath ?? [], loc.units ?? [])].filter(Boolean).join(', ');
}

/** The units' label when a passage holds several, else its deepest heading, written as cited. */
function citedUnit(path: readonly string[], units: readonly Unit[]): string {
  if (units.length > 1) {
    const label = unitsLabel(units, path.length);
    return /^[0-9]/.test(label) ? `§§ ${label}` : label; // "4.2–4.3": sections numbered without a keyword
  }
  const last = (path[path.length - 1] ?? '').trim();
  if (isSubClause(last) && path.length > 1) return `${sectionMark(numberOf(path[path.length - 2]!))}${last}`.trim();
  return sectionMark(last);
}

/** A heading that is only a list label: "(a)", "(iv)", "a)". */
function isSubClause(h: string): boolean {
  return h.length <= 8 && /^\(?[\p{L}\p{N}]+\)$/u.test(h);
}

/** A heading's number: "Clause 7" of "Clause 7 Payment", "7" of "7. Payment", else the heading. */
function numberOf(h: string): string {
  const f = h.trim().split(/\s+/);
  if (/^[0-9]/.test(f[0] ?? '')) return f[0]!.replace(/\.$/, '');
  if (f.length > 1 && /^[0-9]/.test(f[1]!)) return `${f[0]} ${f[1]!.replace(/\.$/, '')}`;
  return h;
}

/** "12.2 Termination" → "§ 12.2 Termination"; headings with a keyword ("Article 6") stay as written. */
function sectionMark(h: string): string {
  const t = h.trim();
  if (!/^[0-9]/.test(t)) return t;
  const space = t.indexOf(' ');
  const [num, rest] = space < 0 ? [t, ''] : [t.slice(0, space), t.slice(space + 1).trim()];
  return `§ ${num.replace(/\.$/, '')} ${rest}`.trim();
}

/**
 * A locator's heading path, ending with the articles it holds when several short ones share a
 * passage: "Chapter 3 › Articles 5–6". The backend's evidence.HeadingLabel writes the same.
 */
export function locatorHeading(loc: Pick<Locator, 'headingPath' | 'units'>): string {
  const path = loc.headingPath ?? [];
  const units = loc.units ?? [];
  return headingLabel(units.length > 1 ? [...path, unitsLabel(units, path.length)] : path);
}

/**
 * The locator for citing the span [start, end) of a passage rather than all of it: the heading
 * path of the one article the span lies in, or the articles it spans (as the backend's
 * evidence.Locator.Narrow does for a citation's quotes). Without units it is the locator itself.
 */
export function narrowLocator<L extends Pick<Locator, 'headingPath' | 'units'>>(loc: L, start: number, end: number): L {
  const to = Math.max(end, start + 1); // an empty span still lies in the unit at start
  const within = (loc.units ?? []).filter((u) => u.start < to && start < u.end);
  if (within.length === 0) return loc;
  if (within.length === 1) return { ...loc, headingPath: within[0]!.headingPath, units: undefined };
  return { ...loc, headingPath: commonPath(within), units: within };
}

function commonPath(units: readonly Unit[]): string[] {
  return units.slice(1).reduce((path, u) => {
    let n = 0;
    while (n < path.length && n < u.headingPath.length && path[n] === u.headingPath[n]) n++;
    return path.slice(0, n);
  }, units[0]?.headingPath ?? []);
}

/**
 * Units below the first `common` headings of their paths, as a lawyer cites them: "Articles 5–6",
 * "Sections 4.1–4.3", "Articles 5, 7", "4.2–4.3" for clauses numbered without a keyword. Units of
 * different kinds, without numbers, or whose keyword has no English plural (المادة) are listed by
 * their headings as the document writes them.
 */
export function unitsLabel(units: readonly Unit[], common: number): string {
  const keyword = sharedKeyword(units, common);
  if (keyword !== null) return `${pluralKeyword(keyword)} ${numberRange(units)}`.trim();
  const headings = units.map((u) => u.headingPath.slice(common).join(HEADING_SEPARATOR));
  return headings.join(listSeparator(headings[0] ?? ''));
}

/** How the script of a heading separates list items: "、" in Chinese, "؛ " in Arabic, "; " otherwise. */
function listSeparator(heading: string): string {
  const letter = heading.match(/\p{L}/u)?.[0] ?? '';
  if (/\p{Script=Han}/u.test(letter)) return '、';
  if (/\p{Script=Arabic}/u.test(letter)) return '؛ ';
  return '; ';
}

/** The word every unit's heading puts before its number ("Article"), or null when they share none. */
function sharedKeyword(units: readonly Unit[], common: number): string | null {
  let keyword: string | null = null;
  for (const u of units) {
    const heading = u.headingPath[common];
    if (u.headingPath.length !== common + 1 || !u.number || heading === undefined) return null;
    const at = heading.indexOf(u.number);
    if (at < 0) return null;
    const k = heading.slice(0, at).trim();
    if (keyword !== null && k !== keyword) return null;
    keyword = k;
  }
  return keyword !== null && (keyword === '' || keyword === '§' || /^[A-Za-z]+\.?$/.test(keyword)) ? keyword : null;
}

/**
 * "Articles", "ARTICLES", "Arts.", "§§", "Annexes", "Appendices": a keyword of up to three
 * letters is an abbreviation and keeps its period; a whole word ("Section.") loses it.
 */
function pluralKeyword(keyword: string): string {
  if (keyword === '' || keyword === '§') return keyword + keyword;
  let stem = keyword.replace(/\.$/, '');
  const period = stem.length <= 3 && stem !== keyword;
  let suffix = 's';
  const lower = stem.toLowerCase();
  if (period) {
    // "Art." → "Arts."
  } else if (lower.endsWith('ix')) {
    stem = stem.slice(0, -2);
    suffix = 'ices';
  } else if (lower.endsWith('x') || lower.endsWith('s')) {
    suffix = 'es';
  }
  if (stem === stem.toUpperCase()) suffix = suffix.toUpperCase();
  return stem + suffix + (period ? '.' : '');
}

/** "5–6" when each number follows the one before, else "5, 7". */
function numberRange(units: readonly Unit[]): string {
  const numbers = units.map((u) => u.number ?? '');
  const ranged = units.every((u, i) => i === 0 || u.follows);
  return ranged ? `${numbers[0]}–${numbers[numbers.length - 1]}` : numbers.join(', ');
}

let languageNames: Intl.DisplayNames | null | undefined;

/** "en" → "English", "ar" → "Arabic"; "" → "—". */
export function languageName(code: string): string {
  if (!code) return '—';
  if (languageNames === undefined) {
    try {
      languageNames = new Intl.DisplayNames(['en'], { type: 'language' });
    } catch {
      languageNames = null;
    }
  }
  try {
    return languageNames?.of(code) ?? code;
  } catch {
    return code;
  }
}

const rtlLanguages = new Set(['ar', 'fa', 'he', 'ur', 'ps', 'sd', 'ug', 'yi', 'dv', 'ckb']);

/** True for languages written right to left ("ar", "fa", "he", …; region tags allowed: "ar-EG"). */
export function isRtlLanguage(code: string): boolean {
  return rtlLanguages.has((code || '').toLowerCase().split(/[-_]/)[0] ?? '');
}

/** The format as users know it: "PDF", "DOCX", "HTML", "Markdown", "Text". */
export function formatName(format: string, name = ''): string {
  const f = (format || name.split('.').pop() || '').toLowerCase().replace(/^\./, '');
  switch (f) {
    case 'pdf':
      return 'PDF';
    case 'docx':
      return 'DOCX';
    case 'html':
    case 'htm':
      return 'HTML';
    case 'md':
    case 'markdown':
      return 'Markdown';
    case 'txt':
    case 'text':
      return 'Text';
    default:
      return f ? f.toUpperCase() : '—';
  }
}

/** "12 Mar 2025" (with the time in a tooltip elsewhere). */
export function formatDate(iso: string): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '—';
  return new Date(t).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

export function formatDateTime(iso: string): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  return new Date(t).toLocaleString();
}

/** Search time: "0.4 ms", "12 ms", "1.2 s". */
export function formatTook(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 10) return `${ms.toFixed(1)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
}

export function formatScore(score: number): string {
  if (!Number.isFinite(score)) return '—';
  return score >= 100 ? score.toFixed(0) : score >= 10 ? score.toFixed(1) : score.toFixed(2);
}

/** A clause number opening a line: "8.2", "12.4.1" (dotted, so "12 months" is not one). */
const clauseNumber = /^(\d+(?:\.\d+)+)(?=[\s.)]|$)/;

const squashed = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * How the outline shows a chunk, and at what depth. A chunk that opens with one of its
 * headings is that heading (a clause heading merged with its first sub-clause is the clause);
 * one that holds merged sibling clauses under their parent's path is their number range
 * ("Articles 5–6", "8.2–8.3"), one level below the parent; otherwise the last heading, or the
 * first words.
 */
export function outlineTitle(chunk: Pick<Chunk, 'text' | 'ordinal' | 'locator'>): { title: string; depth: number } {
  const path = chunk.locator.headingPath ?? [];
  const lines = chunk.text.split('\n').map((l) => l.trim()).filter(Boolean);
  const first = squashed(lines[0] ?? '');
  const opens = (h: string) => h !== '' && first.startsWith(h) && !/[\p{L}\p{N}]/u.test(first.charAt(h.length));
  const opening = path.findIndex((h) => opens(squashed(h)));
  if (opening >= 0) return { title: path[opening]!, depth: opening };
  const units = chunk.locator.units ?? [];
  if (units.length > 1) return { title: unitsLabel(units, path.length), depth: path.length };
  const numbers = lines.map((l) => clauseNumber.exec(l)?.[1]).filter((n): n is string => n !== undefined);
  const last = path[path.length - 1] ?? '';
  if (path.length > 0 && numbers.length > 0 && clauseNumber.test(lines[0]!) && !last.startsWith(numbers[0]!)) {
    const range = numbers.length > 1 ? `${numbers[0]}–${numbers[numbers.length - 1]}` : numbers[0]!;
    return { title: range, depth: path.length };
  }
  return { title: chunkTitle(chunk), depth: Math.max(0, path.length - 1) };
}

/** How the outline names a chunk: the last heading, or its first words when it has none. */
export function chunkTitle(chunk: Pick<Chunk, 'text' | 'ordinal' | 'locator'>): string {
  const path = chunk.locator.headingPath ?? [];
  const last = path[path.length - 1];
  if (last) return last;
  const words = chunk.text.trim().replace(/\s+/g, ' ').slice(0, 48);
  return words ? `${words}${chunk.text.trim().length > 48 ? '…' : ''}` : `Passage ${chunk.ordinal + 1}`;
}
