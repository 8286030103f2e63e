// Finding documents by title, and @-mentions in a question: pure functions, tested on their own.

export interface Titled {
  id: string;
  title: string;
  name?: string;
}

function fold(s: string): string {
  return s.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/**
 * The documents whose title (or file name) holds every word of the query, those whose title starts
 * with it first; at most limit of them. An empty query keeps them all, in order.
 */
export function matchDocuments<T extends Titled>(docs: readonly T[], query: string, limit = Infinity): T[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return docs.slice(0, limit);
  const q = fold(query.trim());
  const hits = docs.filter((d) => {
    const hay = `${fold(d.title)} ${fold(d.name ?? '')}`;
    return words.every((w) => hay.includes(w));
  });
  const starts = (d: T) => (fold(d.title).startsWith(q) ? 0 : 1);
  return hits.sort((a, b) => starts(a) - starts(b)).slice(0, limit);
}

/** An @-mention being typed: where its @ is, and the text typed after it. */
export interface MentionQuery {
  start: number;
  query: string;
}

/** The longest text after an @ still read as a mention being typed (titles have spaces). */
export const MAX_MENTION_QUERY = 40;

/**
 * The mention being typed just before the caret: an @ at the start or after a space, then up to
 * MAX_MENTION_QUERY characters on the same line. "email@example" is not a mention.
 */
export function mentionAt(text: string, caret: number): MentionQuery | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at < 0 || (at > 0 && !/\s/.test(before[at - 1]!))) return null;
  const query = before.slice(at + 1);
  if (query.length > MAX_MENTION_QUERY || /[\n@]/.test(query) || /^\s/.test(query)) return null;
  return { start: at, query };
}

/** The text with the mention being typed replaced by "@Title ", and the caret after it. */
export function insertMention(text: string, m: MentionQuery, caret: number, title: string): { text: string; caret: number } {
  const inserted = `@${title} `;
  const rest = text.slice(caret).replace(/^ /, '');
  return { text: text.slice(0, m.start) + inserted + rest, caret: m.start + inserted.length };
}

/** The mentioned documents whose "@Title" the text still holds. */
export function stillMentioned<T extends Titled>(text: string, mentions: readonly T[]): T[] {
  return mentions.filter((m) => text.includes(`@${m.title}`));
}
