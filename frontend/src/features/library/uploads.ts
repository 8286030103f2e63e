// The per-file rows of an upload: bytes sent, then the document's real stage from progress
// events, until ready, failed (with the reason), a duplicate, or cancelled. A pure reducer.
import type { Document, UploadResult } from '../../lib/api.gen';
import { bytesPerFile } from './batches';
import { clampPercent, isAhead, type ProgressItem } from '../../shared/library/progress';

export type UploadStatus =
  | 'waiting'
  | 'uploading'
  | 'queued'
  | 'parsing'
  | 'indexing'
  | 'ready'
  | 'failed'
  | 'duplicate'
  | 'cancelled';

export interface UploadRow {
  id: string;
  /** The file name (what the backend stores). */
  name: string;
  /** Where it came from in a dropped or picked folder ("acts/2020/act.pdf"). */
  path: string;
  size: number;
  /** Bytes of this file sent so far. */
  sent: number;
  status: UploadStatus;
  /** Percent within the current ingestion stage. */
  percent: number;
  error: string;
  documentId: string | null;
  /** A file on this machine the backend reads in place (native drop): no bytes to send. */
  local?: boolean;
}

export interface UploadsState {
  rows: UploadRow[];
  /** Row id → position in rows. */
  index: Record<string, number>;
  /** Document id → row id, once the upload reply named the document. */
  byDoc: Record<string, string>;
  /** Progress that arrived before the upload reply named its document. */
  early: Record<string, ProgressItem>;
}

export type UploadAction =
  | { type: 'add'; rows: UploadRow[] }
  | { type: 'sending'; ids: string[] }
  | { type: 'sent'; ids: string[]; loaded: number; total: number }
  | { type: 'results'; ids: string[]; results: UploadResult[] }
  | { type: 'batchFailed'; ids: string[]; message: string }
  | { type: 'cancel'; ids?: string[] }
  | { type: 'progress'; items: ProgressItem[] }
  | { type: 'sync'; docs: Document[] }
  | { type: 'clearFinished' };

export const emptyUploads: UploadsState = { rows: [], index: {}, byDoc: {}, early: {} };

const TERMINAL: ReadonlySet<UploadStatus> = new Set(['ready', 'failed', 'duplicate', 'cancelled']);
const STAGES: ReadonlySet<string> = new Set(['queued', 'parsing', 'indexing', 'ready', 'failed']);

export function isDone(status: UploadStatus): boolean {
  return TERMINAL.has(status);
}

/** A row not yet sent or answered: only such rows may still learn their document. */
function unresolved(row: UploadRow): boolean {
  return row.status === 'waiting' || row.status === 'uploading';
}

export function newRow(id: string, name: string, path: string, size: number, over: Partial<UploadRow> = {}): UploadRow {
  return { id, name, path, size, sent: 0, status: 'waiting', percent: 0, error: '', documentId: null, ...over };
}

function reindex(rows: UploadRow[]): Pick<UploadsState, 'index' | 'byDoc'> {
  const index: Record<string, number> = {};
  const byDoc: Record<string, string> = {};
  rows.forEach((r, i) => {
    index[r.id] = i;
    if (r.documentId && (r.status === 'queued' || r.status === 'parsing' || r.status === 'indexing' || r.status === 'ready' || r.status === 'failed'))
      byDoc[r.documentId] = r.id;
  });
  return { index, byDoc };
}

/** Applies a document stage to a row, never moving it backwards. */
function withStage(row: UploadRow, status: string, percent: number, error: string): UploadRow {
  if (!STAGES.has(status) || isDone(row.status)) return row;
  const cur = { status: row.status === 'waiting' || row.status === 'uploading' ? 'none' : row.status, percent: row.percent };
  const next = { status, percent: clampPercent(percent) };
  if (!isAhead(cur, next)) return row;
  return {
    ...row,
    status: status as UploadStatus,
    percent: next.percent,
    sent: row.size,
    error: status === 'failed' ? error || 'Ingestion failed.' : '',
  };
}

class Draft {
  private rows: UploadRow[] | null = null;
  constructor(private readonly state: UploadsState) {}
  get(id: string): UploadRow | undefined {
    const i = this.state.index[id];
    return i === undefined ? undefined : (this.rows ?? this.state.rows)[i];
  }
  set(row: UploadRow): void {
    const i = this.state.index[row.id];
    if (i === undefined || (this.rows ?? this.state.rows)[i] === row) return;
    this.rows ??= this.state.rows.slice();
    this.rows[i] = row;
  }
  get changed(): boolean {
    return this.rows !== null;
  }
  result(extra: Partial<UploadsState> = {}): UploadsState {
    return { ...this.state, ...(this.rows ? { rows: this.rows } : {}), ...extra };
  }
}

/**
 * Pairs each result with the row it answers: by its part number (the file's place in the request),
 * else by position when the counts agree, else by name. A nameless result is where the request
 * broke off: it answers its part and every part after it.
 */
function pairResults(rows: UploadRow[], results: UploadResult[]): Map<string, UploadResult> {
  const pairs = new Map<string, UploadResult>();
  if (results.length > 0 && results.every((res) => res.part > 0)) {
    const byPart = new Map(results.map((res) => [res.part, res]));
    const brokeOff = results.find((res) => !res.name && !res.document);
    rows.forEach((r, i) => {
      const res = byPart.get(i + 1) ?? (brokeOff && i + 1 >= brokeOff.part ? brokeOff : undefined);
      if (res) pairs.set(r.id, res);
    });
    return pairs;
  }
  if (rows.length === results.length) {
    rows.forEach((r, i) => pairs.set(r.id, results[i]!));
    return pairs;
  }
  const left = results.slice();
  for (const r of rows) {
    const i = left.findIndex((res) => res.name === r.name);
    if (i >= 0) pairs.set(r.id, left.splice(i, 1)[0]!);
  }
  return pairs;
}

export function reduceUploads(state: UploadsState, action: UploadAction): UploadsState {
  switch (action.type) {
    case 'add': {
      if (action.rows.length === 0) return state;
      const rows = [...state.rows, ...action.rows];
      return { ...state, rows, ...reindex(rows) };
    }
    case 'sending': {
      const d = new Draft(state);
      for (const id of action.ids) {
        const row = d.get(id);
        if (row?.status === 'waiting') d.set({ ...row, status: 'uploading' });
      }
      return d.changed ? d.result() : state;
    }
    case 'sent': {
      const d = new Draft(state);
      const rows = action.ids.map((id) => d.get(id));
      const sent = bytesPerFile(
        rows.map((r) => r?.size ?? 0),
        action.loaded,
        action.total,
      );
      rows.forEach((row, i) => {
        if (row?.status === 'uploading' && sent[i]! > row.sent) d.set({ ...row, sent: sent[i]! });
      });
      return d.changed ? d.result() : state;
    }
    case 'results': {
      const d = new Draft(state);
      const rows = action.ids.map((id) => d.get(id)).filter((r): r is UploadRow => Boolean(r));
      const pairs = pairResults(rows, action.results);
      const byDoc = { ...state.byDoc };
      const early = { ...state.early };
      for (const row of rows) {
        if (!unresolved(row)) continue;
        const res = pairs.get(row.id);
        if (!res) {
          d.set({ ...row, status: 'failed', error: 'The backend did not report on this file.' });
          continue;
        }
        if (res.error) {
          d.set({ ...row, status: 'failed', sent: row.size, error: res.error.message || 'The file was refused.' });
          continue;
        }
        const doc = res.document;
        if (res.duplicate) {
          d.set({ ...row, status: 'duplicate', sent: row.size, documentId: doc?.id ?? null });
          continue;
        }
        if (!doc) {
          d.set({ ...row, status: 'failed', sent: row.size, error: 'The backend accepted the file but named no document.' });
          continue;
        }
        let next: UploadRow = { ...row, status: 'queued', percent: 0, sent: row.size, documentId: doc.id };
        next = withStage(next, doc.status, doc.percent, doc.error);
        const pending = early[doc.id];
        if (pending) {
          next = withStage(next, pending.status, pending.percent, pending.error);
          delete early[doc.id];
        }
        byDoc[doc.id] = row.id;
        d.set(next);
      }
      return d.result({ byDoc, early });
    }
    case 'batchFailed': {
      const d = new Draft(state);
      for (const id of action.ids) {
        const row = d.get(id);
        if (row && unresolved(row)) d.set({ ...row, status: 'failed', error: action.message });
      }
      return d.changed ? d.result() : state;
    }
    case 'cancel': {
      const d = new Draft(state);
      for (const id of action.ids ?? state.rows.map((r) => r.id)) {
        const row = d.get(id);
        if (row && unresolved(row)) d.set({ ...row, status: 'cancelled', error: '' });
      }
      return d.changed ? d.result() : state;
    }
    case 'progress': {
      const d = new Draft(state);
      let early: Record<string, ProgressItem> | null = null;
      const waiting = state.rows.some(unresolved);
      for (const item of action.items) {
        const rowId = state.byDoc[item.documentId];
        const row = rowId ? d.get(rowId) : undefined;
        if (row) {
          d.set(withStage(row, item.status, item.percent, item.error));
        } else if (waiting) {
          early ??= { ...state.early };
          early[item.documentId] = item;
        }
      }
      if (!d.changed && !early) return state;
      return d.result(early ? { early } : {});
    }
    case 'sync': {
      const d = new Draft(state);
      for (const doc of action.docs) {
        const rowId = state.byDoc[doc.id];
        const row = rowId ? d.get(rowId) : undefined;
        if (row) d.set(withStage(row, doc.status, doc.percent, doc.error));
      }
      return d.changed ? d.result() : state;
    }
    case 'clearFinished': {
      const rows = state.rows.filter((r) => !isDone(r.status));
      if (rows.length === state.rows.length) return state;
      return { ...state, rows, ...reindex(rows), early: rows.some(unresolved) ? state.early : {} };
    }
  }
}

export interface UploadTotals {
  total: number;
  done: number;
  ready: number;
  failed: number;
  duplicates: number;
  cancelled: number;
  /** Files still being sent or ingested. */
  active: number;
  bytesSent: number;
  bytesTotal: number;
}

export function uploadTotals(rows: readonly UploadRow[]): UploadTotals {
  const t: UploadTotals = { total: rows.length, done: 0, ready: 0, failed: 0, duplicates: 0, cancelled: 0, active: 0, bytesSent: 0, bytesTotal: 0 };
  for (const r of rows) {
    if (!r.local) {
      // A file read in place sends no bytes.
      t.bytesTotal += r.size;
      t.bytesSent += Math.min(r.sent, r.size);
    }
    if (isDone(r.status)) t.done++;
    else t.active++;
    if (r.status === 'ready') t.ready++;
    else if (r.status === 'failed') t.failed++;
    else if (r.status === 'duplicate') t.duplicates++;
    else if (r.status === 'cancelled') t.cancelled++;
  }
  return t;
}
