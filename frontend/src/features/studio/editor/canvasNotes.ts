import type { DslDocument, DslNode } from '../store/dsl';

/** A sticky note of the canvas (Dify's custom-note), as the canvas shows it. */
export interface CanvasNote {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  text: string;
  author: string;
  theme: string;
}

/** The notes of a document's graph (workflow.graph.notes), ready to draw. */
export function notesOf(doc: DslDocument | null): CanvasNote[] {
  const notes = doc?.workflow.graph.notes;
  if (!Array.isArray(notes)) return [];
  return (notes as DslNode[]).map((n) => {
    const data = n.data ?? {};
    const num = (v: unknown, fallback: number) => (typeof v === 'number' && v > 0 ? v : fallback);
    return {
      id: n.id,
      x: n.position?.x ?? 0,
      y: n.position?.y ?? 0,
      width: num(data.width ?? n.width, 240),
      height: num(data.height ?? n.height, 120),
      text: noteText(data.text),
      author: data.showAuthor === false || typeof data.author !== 'string' ? '' : data.author,
      theme: typeof data.theme === 'string' ? data.theme : 'yellow',
    };
  });
}

type Lexical = { text?: unknown; children?: Lexical[] };

/**
 * The plain text of a note: Dify stores the editor's state (Lexical JSON),
 * one child of the root per paragraph; anything else is shown as written.
 */
export function noteText(raw: unknown): string {
  if (typeof raw !== 'string') return '';
  let root: Lexical | undefined;
  try {
    root = (JSON.parse(raw) as { root?: Lexical }).root;
  } catch {
    return raw;
  }
  if (!root || !Array.isArray(root.children)) return raw;
  const textOf = (n: Lexical): string => (typeof n.text === 'string' ? n.text : (n.children ?? []).map(textOf).join(''));
  return root.children.map(textOf).join('\n').trim();
}
