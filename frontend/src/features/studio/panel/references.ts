// Finds the {{#node.var#}} references in a template, as the engine reads
// them: anything else between "{{#" and "#}}" is plain text.
const REFERENCE = /\{\{#([A-Za-z0-9_-]{1,64}(?:\.[A-Za-z_][A-Za-z0-9_]*)+)#\}\}/g;

export interface Segment {
  text: string;
  /** The selector, when this segment is a reference. */
  selector?: string[];
}

/** The text split into plain runs and references, in order; joined, the texts give back the input. */
export function splitReferences(text: string): Segment[] {
  const out: Segment[] = [];
  let at = 0;
  for (const m of text.matchAll(REFERENCE)) {
    if (m.index > at) out.push({ text: text.slice(at, m.index) });
    out.push({ text: m[0], selector: m[1]!.split('.') });
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push({ text: text.slice(at) });
  return out;
}

export function referenceTo(selector: string[]): string {
  return `{{#${selector.join('.')}#}}`;
}

/** Inserts `insert` in place of text[start, end), returning the new text and the caret after it. */
export function insertAt(text: string, start: number, end: number, insert: string): { text: string; caret: number } {
  return { text: text.slice(0, start) + insert + text.slice(end), caret: start + insert.length };
}

/** The text with every reference to `from` made a reference to `to`, or taken out when `to` is null. */
export function replaceReference(text: string, from: string[], to: string[] | null): string {
  const key = from.join('.');
  return splitReferences(text)
    .map((s) => (s.selector?.join('.') === key ? (to ? referenceTo(to) : '') : s.text))
    .join('');
}
