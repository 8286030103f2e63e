// A small, safe Markdown parser for model answers. It never produces HTML: it returns a tree
// of blocks and inline tokens that React renders as elements and text, so nothing in a
// model's output can become markup. Every text token keeps its UTF-16 range in the source,
// which is what lets claims (code-point offsets into the answer) be flagged exactly.
//
// Supported: paragraphs, headings, bullet and numbered lists, block quotes, fenced code,
// rules, **strong**, *emphasis*, `code`, \escapes, [label](url) (label only: no links are
// made), and citation markers [1], [1, 2], [1; 3] which become chips.

export type Inline =
  | { type: 'text'; start: number; end: number }
  | { type: 'code'; start: number; end: number }
  | { type: 'strong' | 'em'; children: Inline[] }
  | { type: 'cite'; markers: number[]; start: number; end: number }
  | { type: 'soft' };

export type Block =
  | { type: 'p'; inline: Inline[] }
  | { type: 'h'; level: number; inline: Inline[] }
  | { type: 'ul'; items: Inline[][] }
  | { type: 'ol'; start: number; items: Inline[][] }
  | { type: 'quote'; inline: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'hr' };

/** A citation marker at the start of `s`: "[1]", "[1, 2]", "[ 3 ; 4 ]" (the backend's pattern). */
export const MARKER_AT = /^\[\s*\d{1,3}(?:\s*[,;]\s*\d{1,3})*\s*\]/;
const MARKER_ALL = /\[\s*\d{1,3}(?:\s*[,;]\s*\d{1,3})*\s*\]/g;

export function markerNumbers(marker: string): number[] {
  return (marker.match(/\d{1,3}/g) ?? []).map(Number);
}

/** Every marker number in a text, in order of appearance, each once. */
export function markersIn(text: string): number[] {
  const seen = new Set<number>();
  for (const m of text.match(MARKER_ALL) ?? []) for (const n of markerNumbers(m)) seen.add(n);
  return [...seen];
}

interface Range {
  start: number;
  end: number;
}

const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/** Parses the inline tokens of src[start, end). */
export function parseInline(src: string, start: number, end: number): Inline[] {
  const out: Inline[] = [];
  let textStart = start;
  const flush = (to: number) => {
    if (to > textStart) {
      const last = out[out.length - 1];
      if (last && last.type === 'text' && last.end === textStart) last.end = to;
      else out.push({ type: 'text', start: textStart, end: to });
    }
  };
  let i = start;
  while (i < end) {
    const c = src[i]!;
    if (c === '\\' && i + 1 < end && /[\\`*_[\]()#>+\-.!]/.test(src[i + 1]!)) {
      flush(i);
      out.push({ type: 'text', start: i + 1, end: i + 2 });
      i += 2;
      textStart = i;
      continue;
    }
    if (c === '`') {
      const close = src.indexOf('`', i + 1);
      if (close > i + 1 && close < end) {
        flush(i);
        out.push({ type: 'code', start: i + 1, end: close });
        i = close + 1;
        textStart = i;
        continue;
      }
    }
    if (c === '*' || c === '_') {
      const double = src[i + 1] === c;
      const delim = double ? c + c : c;
      const open = i + delim.length;
      const leftOk = c === '*' || !isWordChar(src[i - 1]);
      if (leftOk && open < end && !/\s/.test(src[open]!)) {
        let close = src.indexOf(delim, open + 1);
        // a single delimiter must not be the first of a double one
        while (!double && close >= 0 && close < end && src[close + 1] === c) close = src.indexOf(delim, close + 2);
        const rightOk = close >= 0 && close + delim.length <= end && !/\s/.test(src[close - 1]!) && (c === '*' || !isWordChar(src[close + delim.length]));
        if (rightOk && close > open) {
          flush(i);
          out.push({ type: double ? 'strong' : 'em', children: parseInline(src, open, close) });
          i = close + delim.length;
          textStart = i;
          continue;
        }
      }
    }
    if (c === '[') {
      const rest = src.slice(i, end);
      const marker = MARKER_AT.exec(rest);
      if (marker) {
        flush(i);
        out.push({ type: 'cite', markers: markerNumbers(marker[0]), start: i, end: i + marker[0].length });
        i += marker[0].length;
        textStart = i;
        continue;
      }
      const link = /^\[([^\]\n]+)\]\(([^)\s]*)\)/.exec(rest);
      if (link) {
        // The label only, as text: answers are evidence, not a place for links to leave the app.
        flush(i);
        out.push(...parseInline(src, i + 1, i + 1 + link[1]!.length));
        i += link[0].length;
        textStart = i;
        continue;
      }
    }
    i++;
  }
  flush(end);
  return out;
}

function inlineOf(src: string, ranges: Range[]): Inline[] {
  const out: Inline[] = [];
  ranges.forEach((r, k) => {
    if (k > 0) out.push({ type: 'soft' });
    out.push(...parseInline(src, r.start, r.end));
  });
  return out;
}

/** Parses Markdown into blocks. Never throws; anything unrecognised is text. */
export function parseMarkdown(src: string): Block[] {
  const lines: Range[] = [];
  for (let s = 0; ; ) {
    const nl = src.indexOf('\n', s);
    if (nl < 0) {
      lines.push({ start: s, end: src.length });
      break;
    }
    lines.push({ start: s, end: nl });
    s = nl + 1;
  }
  const blocks: Block[] = [];
  type Open =
    | { kind: 'p'; ranges: Range[] }
    | { kind: 'quote'; ranges: Range[] }
    | { kind: 'ul' | 'ol'; start: number; items: Range[][] }
    | null;
  let open = null as Open;
  const close = () => {
    if (!open) return;
    if (open.kind === 'p') blocks.push({ type: 'p', inline: inlineOf(src, open.ranges) });
    else if (open.kind === 'quote') blocks.push({ type: 'quote', inline: inlineOf(src, open.ranges) });
    else if (open.kind === 'ul') blocks.push({ type: 'ul', items: open.items.map((r) => inlineOf(src, r)) });
    else blocks.push({ type: 'ol', start: open.start, items: open.items.map((r) => inlineOf(src, r)) });
    open = null;
  };

  for (let li = 0; li < lines.length; li++) {
    const line = lines[li]!;
    const text = src.slice(line.start, line.end).replace(/\r$/, '');
    const lineEnd = line.start + text.length;
    const trimmedStart = line.start + (text.length - text.trimStart().length);
    if (text.trim() === '') {
      close();
      continue;
    }
    const fence = /^\s*(```|~~~)/.exec(text);
    if (fence) {
      close();
      const body: string[] = [];
      li++;
      while (li < lines.length) {
        const l = src.slice(lines[li]!.start, lines[li]!.end).replace(/\r$/, '');
        if (l.trimStart().startsWith(fence[1]!)) break;
        body.push(l);
        li++;
      }
      blocks.push({ type: 'code', text: body.join('\n') });
      continue;
    }
    const heading = /^(#{1,6})[ \t]+/.exec(text);
    if (heading) {
      close();
      const contentEnd = line.start + text.replace(/[ \t]+#+[ \t]*$/, '').length;
      blocks.push({ type: 'h', level: heading[1]!.length, inline: parseInline(src, line.start + heading[0].length, contentEnd) });
      continue;
    }
    if (/^\s{0,3}([-*_])(\s*\1){2,}\s*$/.test(text)) {
      close();
      blocks.push({ type: 'hr' });
      continue;
    }
    const bullet = /^\s{0,3}[-*+][ \t]+/.exec(text);
    const numbered = bullet ? null : /^\s{0,3}(\d{1,9})[.)][ \t]+/.exec(text);
    if (bullet || numbered) {
      const kind = bullet ? 'ul' : 'ol';
      const m = (bullet ?? numbered)!;
      const range = { start: line.start + m[0].length, end: lineEnd };
      if (open?.kind === kind) open.items.push([range]);
      else {
        close();
        open = { kind, start: numbered ? Number(numbered[1]) : 1, items: [[range]] };
      }
      continue;
    }
    const quote = /^\s{0,3}>[ \t]?/.exec(text);
    if (quote) {
      const range = { start: line.start + quote[0].length, end: lineEnd };
      if (open?.kind === 'quote') open.ranges.push(range);
      else {
        close();
        open = { kind: 'quote', ranges: [range] };
      }
      continue;
    }
    const range = { start: trimmedStart, end: lineEnd };
    if (open?.kind === 'ul' || open?.kind === 'ol') {
      if (/^\s/.test(text)) {
        open.items[open.items.length - 1]!.push(range);
        continue;
      }
      close();
    }
    if (open?.kind === 'p' || open?.kind === 'quote') open.ranges.push(range);
    else {
      close();
      open = { kind: 'p', ranges: [range] };
    }
  }
  close();
  return blocks;
}

function inlineText(src: string, inline: Inline[]): string {
  return inline
    .map((t) => {
      switch (t.type) {
        case 'text':
        case 'code':
        case 'cite':
          return src.slice(t.start, t.end);
        case 'strong':
        case 'em':
          return inlineText(src, t.children);
        case 'soft':
          return '\n';
      }
    })
    .join('');
}

/** The answer as plain text: Markdown syntax removed, citation markers kept as [n]. */
export function markdownToPlainText(src: string): string {
  return parseMarkdown(src)
    .map((b) => {
      switch (b.type) {
        case 'p':
        case 'h':
          return inlineText(src, b.inline);
        case 'quote':
          return inlineText(src, b.inline)
            .split('\n')
            .map((l) => `> ${l}`)
            .join('\n');
        case 'ul':
          return b.items.map((it) => `• ${inlineText(src, it)}`).join('\n');
        case 'ol':
          return b.items.map((it, k) => `${b.start + k}. ${inlineText(src, it)}`).join('\n');
        case 'code':
          return b.text;
        case 'hr':
          return '———';
      }
    })
    .join('\n\n');
}
