// Document status: labels, ordering, and how "progress" events and upload replies update the
// cached document list of a collection.
import type { Document, DocumentStatus, IngestProgress } from '../../lib/api.gen';

/** An IngestProgress with the time of its event (used to ignore events older than the list). */
export interface ProgressItem extends IngestProgress {
  time?: string;
}

const rank: Record<DocumentStatus, number> = { queued: 1, parsing: 2, indexing: 3, ready: 4, failed: 4, deleting: 5 };

/** How far along a status is: queued < parsing < indexing < ready | failed < deleting. */
export function stageRank(status: DocumentStatus | string): number {
  return rank[status as DocumentStatus] ?? 0;
}

/** True while ingestion is under way (a progress bar shows). */
export function isIngesting(status: DocumentStatus | string): boolean {
  return status === 'queued' || status === 'parsing' || status === 'indexing';
}

export function isFinished(status: DocumentStatus | string): boolean {
  return status === 'ready' || status === 'failed';
}

const labels: Record<DocumentStatus, string> = {
  queued: 'Queued',
  parsing: 'Parsing',
  indexing: 'Indexing',
  ready: 'Ready',
  failed: 'Failed',
  deleting: 'Deleting',
};

export function statusLabel(status: DocumentStatus | string): string {
  return labels[status as DocumentStatus] ?? status;
}

/** "Parsing 40%", "Indexing 0%", "Queued", "Ready". */
export function stageText(status: DocumentStatus | string, percent: number): string {
  if (status === 'parsing' || status === 'indexing') return `${statusLabel(status)} ${clampPercent(percent)}%`;
  return statusLabel(status);
}

export function clampPercent(n: number): number {
  if (!Number.isFinite(n)) return 0;
  return Math.max(0, Math.min(100, Math.round(n)));
}

/** True when `b` is further along than `a` (a later stage, or the same stage with a higher percent). */
export function isAhead(a: { status: string; percent: number }, b: { status: string; percent: number }): boolean {
  const ra = stageRank(a.status);
  const rb = stageRank(b.status);
  return rb > ra || (rb === ra && b.percent > a.percent);
}

function olderThan(time: string | undefined, iso: string | undefined): boolean {
  if (!time || !iso) return false;
  const t = Date.parse(time);
  const u = Date.parse(iso);
  return Number.isFinite(t) && Number.isFinite(u) && t < u;
}

/** The last item per document, in order of first appearance. */
export function latestPerDocument<T extends { documentId: string }>(items: readonly T[]): T[] {
  const latest = new Map<string, T>();
  for (const item of items) {
    latest.delete(item.documentId);
    latest.set(item.documentId, item);
  }
  return [...latest.values()];
}

export interface AppliedProgress {
  docs: Document[];
  /** Documents the events speak of that the list does not hold (yet). */
  unknown: string[];
  /** Documents that reached ready or failed with these events. */
  finished: string[];
}

/**
 * Applies progress events to a collection's document list: status, percent and error of the
 * documents they name. Events older than a document's `updatedAt` (a replay of what the list
 * already shows) are ignored. Unchanged documents keep their identity; an unchanged list is
 * returned as is.
 */
export function applyProgress(docs: readonly Document[], items: readonly ProgressItem[]): AppliedProgress {
  const index = new Map<string, number>();
  docs.forEach((d, i) => index.set(d.id, i));
  let next: Document[] | null = null;
  const unknown: string[] = [];
  const finished: string[] = [];
  for (const item of latestPerDocument(items)) {
    const i = index.get(item.documentId);
    if (i === undefined) {
      unknown.push(item.documentId);
      continue;
    }
    const doc = (next ?? docs)[i]!;
    if (olderThan(item.time, doc.updatedAt)) continue;
    const error = item.status === 'failed' ? item.error || doc.error || 'Ingestion failed.' : '';
    const percent = clampPercent(item.percent);
    if (doc.status === item.status && doc.percent === percent && doc.error === error) continue;
    if (isFinished(item.status) && !isFinished(doc.status)) finished.push(doc.id);
    next ??= docs.slice();
    next[i] = { ...doc, status: item.status, percent, error };
  }
  return { docs: next ?? (docs as Document[]), unknown, finished };
}

/**
 * Puts the documents of an upload reply into the list: new ones are added, known ones are
 * updated, keeping the status of whichever copy is further along (progress events may have
 * overtaken the reply), and the counts of a document the list already has finished: a reply
 * written while it was queued says 0 chunks, and no event comes after "ready" to correct it.
 */
export function mergeUploaded(docs: readonly Document[], incoming: readonly Document[]): Document[] {
  if (incoming.length === 0) return docs as Document[];
  const index = new Map<string, number>();
  docs.forEach((d, i) => index.set(d.id, i));
  const next = docs.slice();
  for (const doc of incoming) {
    const i = index.get(doc.id);
    if (i === undefined) {
      index.set(doc.id, next.length);
      next.push(doc);
      continue;
    }
    const cur = next[i]!;
    if (!isAhead(doc, cur)) next[i] = doc;
    else if (isFinished(cur.status)) next[i] = { ...doc, status: cur.status, percent: cur.percent, error: cur.error, chunks: cur.chunks, pages: cur.pages };
    else next[i] = { ...doc, status: cur.status, percent: cur.percent, error: cur.error };
  }
  return next;
}

/** Replaces one document in the list (e.g. after re-index, which starts it over). */
export function replaceDocument(docs: readonly Document[], doc: Document): Document[] {
  const i = docs.findIndex((d) => d.id === doc.id);
  if (i < 0) return [...docs, doc];
  const next = docs.slice();
  next[i] = doc;
  return next;
}
