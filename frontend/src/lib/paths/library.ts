// The library's routes: "#/library", "#/library/{collectionId}" (with ?q=&k= for a search),
// "#/library/{collectionId}/documents/{documentId}?start=&end=[&view=page]" (the source viewer).
import { withQuery } from '../router';

export const LIBRARY_PATH = '/library';

export function collectionPath(collectionId: string, search?: { q?: string; k?: number; hit?: string }): string {
  const path = `${LIBRARY_PATH}/${encodeURIComponent(collectionId)}`;
  return search ? withQuery(path, { q: search.q, k: search.k, hit: search.hit }) : path;
}

export interface SourceTarget {
  start?: number;
  end?: number;
  /** The search this was opened from, to go back to. */
  q?: string;
  k?: number;
  /** The chunk whose hit was opened (focused again on the way back). */
  hit?: string;
  /** An in-app route (e.g. a conversation) the viewer offers to go back to. */
  from?: string;
  /** Open on the original page (PDF documents) rather than the extracted text. */
  view?: SourceView;
}

/** The source viewer's two views of a PDF: its extracted text, or the original page. */
export type SourceView = 'text' | 'page';

/** The view a `view` query parameter asks for; the text unless it says "page". */
export function parseSourceView(raw: string | null): SourceView {
  return raw === 'page' ? 'page' : 'text';
}

export function sourcePath(collectionId: string, documentId: string, target: SourceTarget = {}): string {
  const path = `${collectionPath(collectionId)}/documents/${encodeURIComponent(documentId)}`;
  return withQuery(path, {
    start: target.start,
    end: target.end,
    q: target.q,
    k: target.q ? target.k : undefined,
    hit: target.hit,
    from: target.from,
    view: target.view === 'page' ? 'page' : undefined,
  });
}

export type LibraryRoute =
  | { kind: 'collections' }
  | { kind: 'collection'; collectionId: string }
  | { kind: 'source'; collectionId: string; documentId: string };

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** Matches a path under /library, or null when it is not a library page. */
export function matchLibraryPath(path: string): LibraryRoute | null {
  if (path === LIBRARY_PATH) return { kind: 'collections' };
  const parts = path.split('/');
  // ["", "library", id] or ["", "library", id, "documents", docId]
  if (parts[1] !== 'library') return null;
  if (parts.length === 3 && parts[2]) {
    const collectionId = decode(parts[2]);
    return collectionId ? { kind: 'collection', collectionId } : null;
  }
  if (parts.length === 5 && parts[2] && parts[3] === 'documents' && parts[4]) {
    const collectionId = decode(parts[2]);
    const documentId = decode(parts[4]);
    return collectionId && documentId ? { kind: 'source', collectionId, documentId } : null;
  }
  return null;
}

/** A non-negative integer query parameter, or null. */
export function intParam(params: URLSearchParams, name: string): number | null {
  const raw = params.get(name);
  if (raw === null || !/^\d+$/.test(raw.trim())) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) ? n : null;
}
