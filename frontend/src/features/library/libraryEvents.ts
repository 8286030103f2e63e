// Live ingestion progress: the "library" topic's "progress" events update the cached document
// lists (no refetch per event) and the upload rows. Events are applied in small batches so a
// folder of thousands of files does not re-render the page thousands of times a second; when a
// document reaches ready or failed its collection is refetched once (debounced) for the final
// page and chunk counts.
import { useEffect, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Document, Event, IngestProgress } from '../../lib/api.gen';
import { listen } from '../../lib/events';
import { applyProgress, type ProgressItem } from '../../shared/library/progress';
import { keys } from '../../shared/library/queries';
import { uploadManager, type UploadManager } from './uploadManager';

export const LIBRARY_TOPIC = 'library';
export const FLUSH_MS = 60;
const REFRESH_DEBOUNCE_MS = 350;
const REFRESH_MAX_WAIT_MS = 2000;

/** The last seq seen per query client, so a remounted page resumes rather than replays. */
const lastSeq = new WeakMap<QueryClient, number>();

function isProgress(data: unknown): data is IngestProgress {
  if (typeof data !== 'object' || data === null) return false;
  const p = data as IngestProgress;
  return typeof p.documentId === 'string' && typeof p.collectionId === 'string' && typeof p.status === 'string';
}

/** Debounced refetches of a collection's documents (and the collection counts). */
export class Refresher {
  private timers = new Map<string, { timer: ReturnType<typeof setTimeout>; first: number }>();
  private asked = new Set<string>();

  constructor(private readonly qc: QueryClient) {}

  /** Refetch soon; a burst of calls gives one refetch (at most every REFRESH_MAX_WAIT_MS while it lasts). */
  collection(collectionId: string): void {
    const now = Date.now();
    const cur = this.timers.get(collectionId);
    if (cur) {
      if (now - cur.first >= REFRESH_MAX_WAIT_MS) return;
      clearTimeout(cur.timer);
    }
    const first = cur?.first ?? now;
    const timer = setTimeout(() => this.run(collectionId), REFRESH_DEBOUNCE_MS);
    this.timers.set(collectionId, { timer, first });
  }

  /** Documents the cached list does not know: refetch once for each (not again for the same id). */
  unknown(collectionId: string, documentIds: readonly string[]): void {
    const fresh = documentIds.filter((id) => !this.asked.has(id));
    if (fresh.length === 0) return;
    fresh.forEach((id) => this.asked.add(id));
    this.collection(collectionId);
  }

  private run(collectionId: string): void {
    this.timers.delete(collectionId);
    void this.qc.invalidateQueries({ queryKey: keys.documents(collectionId) });
    void this.qc.invalidateQueries({ queryKey: keys.collections, exact: true });
  }

  /** Runs what is pending now (on unmount: the lists are then marked stale, refetched when next shown). */
  dispose(): void {
    const pending = [...this.timers.keys()];
    this.timers.forEach((t) => clearTimeout(t.timer));
    this.timers.clear();
    pending.forEach((id) => this.run(id));
  }
}

/** Applies a batch of progress to the cached document lists; returns what it did per collection. */
export function applyProgressToCache(qc: QueryClient, items: readonly ProgressItem[], refresher: Refresher): void {
  const byCollection = new Map<string, ProgressItem[]>();
  for (const item of items) {
    const list = byCollection.get(item.collectionId) ?? [];
    list.push(item);
    byCollection.set(item.collectionId, list);
  }
  byCollection.forEach((list, collectionId) => {
    const cached = qc.getQueryData<Document[]>(keys.documents(collectionId));
    if (!cached) {
      if (list.some((i) => i.status === 'ready' || i.status === 'failed')) refresher.collection(collectionId);
      return;
    }
    const applied = applyProgress(cached, list);
    if (applied.docs !== cached) qc.setQueryData(keys.documents(collectionId), applied.docs);
    if (applied.unknown.length > 0) refresher.unknown(collectionId, applied.unknown);
    if (applied.finished.length > 0) refresher.collection(collectionId);
  });
}

/**
 * Follows the library topic while mounted. Returns the subscription's error, if the backend
 * refused it (the pages show that live progress is unavailable).
 */
export function useLibraryEvents(manager: UploadManager = uploadManager): { error: unknown } {
  const qc = useQueryClient();
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    const refresher = new Refresher(qc);
    let buffer: ProgressItem[] = [];
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      timer = null;
      if (buffer.length === 0) return;
      const items = buffer;
      buffer = [];
      applyProgressToCache(qc, items, refresher);
      manager.applyProgress(items);
    };
    const stop = listen(LIBRARY_TOPIC, {
      after: lastSeq.get(qc) ?? 0,
      onEvent: (event: Event) => {
        lastSeq.set(qc, Math.max(lastSeq.get(qc) ?? 0, event.seq));
        setError(null);
        if (event.type !== 'progress' || !isProgress(event.data)) return;
        buffer.push({ ...event.data, time: event.time });
        timer ??= setTimeout(flush, FLUSH_MS);
      },
      onError: (err) => setError(err),
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
      flush();
      refresher.dispose();
    };
  }, [qc, manager]);

  return { error };
}
