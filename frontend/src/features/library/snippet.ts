// Search snippets arrive as HTML-escaped text whose matches are wrapped in <mark>…</mark>.
// They are parsed into text pieces, never handed to the DOM as HTML.

export interface SnippetPart {
  text: string;
  mark: boolean;
}

const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function fromCodePoint(n: number): string | null {
  if (!Number.isInteger(n) || n < 0 || n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return null;
  return String.fromCodePoint(n);
}

/** Replaces HTML character references (&amp; &lt; &gt; &quot; &#39; &#x27; …) with their characters. Unknown ones stay as they are. */
export function unescapeHtml(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]{2,8});/g, (whole, ref: string) => {
    if (ref[0] === '#') {
      const hex = ref[1] === 'x' || ref[1] === 'X';
      return fromCodePoint(parseInt(ref.slice(hex ? 2 : 1), hex ? 16 : 10)) ?? whole;
    }
    return named[ref] ?? whole;
  });
}

/**
 * Splits a snippet into plain and marked parts, unescaped. Only `<mark>` and `</mark>` are
 * tags; anything else that looks like markup is text (it arrives escaped anyway). An unclosed
 * mark runs to the end; a stray `</mark>` is dropped. Adjacent parts of the same kind are joined.
 */
export function parseSnippet(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  const push = (raw: string, mark: boolean) => {
    if (!raw) return;
    const text = unescapeHtml(raw);
    const last = parts[parts.length - 1];
    if (last && last.mark === mark) last.text += text;
    else parts.push({ text, mark });
  };
  const re = /<(\/?)mark>/gi;
  let inMark = false;
  let pos = 0;
  for (let m = re.exec(snippet); m; m = re.exec(snippet)) {
    push(snippet.slice(pos, m.index), inMark);
    pos = m.index + m[0].length;
    inMark = m[1] !== '/';
  }
  push(snippet.slice(pos), inMark);
  return parts;
}

/** The snippet as plain text (marks removed, entities unescaped). */
export function snippetText(snippet: string): string {
  return parseSnippet(snippet)
    .map((p) => p.text)
    .join('');
}
