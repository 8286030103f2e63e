// Runs uploads per collection: plans batches, sends them a few at a time with byte progress,
// and keeps the rows' state. It lives outside React so an upload carries on while the user
// opens the source viewer or another page, and the rows are still there when they come back.
import { useCallback, useSyncExternalStore } from 'react';
import type { Document, LocalFileList, UploadResult } from '../../lib/api.gen';
import { addLocalFiles, uploadDocuments, type UploadOptions } from '../../lib/backend';
import { DEFAULT_BATCH_LIMITS, planBatches, type BatchLimits } from './batches';
import type { WalkResult } from './folderWalk';
import type { ProgressItem } from '../../shared/library/progress';
import { emptyUploads, newRow, reduceUploads, type UploadAction, type UploadRow, type UploadsState } from './uploads';

export type UploadFn = (collectionId: string, files: readonly File[], options: UploadOptions) => Promise<UploadResult[]>;
export type AddLocalFn = (collectionId: string, paths: readonly string[], signal?: AbortSignal) => Promise<UploadResult[]>;

export interface UploadManagerOptions {
  upload?: UploadFn;
  /** Adds files on this machine by path (the desktop window's native drop). */
  addLocal?: AddLocalFn;
  limits?: BatchLimits;
  /** Requests in flight at once per collection. */
  concurrency?: number;
}

export interface AddHooks {
  /** Called with each batch's results (to put the new documents into the cache). */
  onResults?: (results: UploadResult[]) => void;
}

/** One request: files to upload, or paths on this machine for the backend to read. */
interface Job {
  ids: string[];
  files: File[];
  paths: string[];
  hooks: AddHooks;
}

interface CollectionRun {
  state: UploadsState;
  queue: Job[];
  running: number;
  controllers: Set<AbortController>;
}

function messageOf(err: unknown): string {
  return err instanceof Error && err.message ? err.message : 'The upload failed.';
}

/** The last segment of a slash path ("acts/2020/" → "2020"). */
function baseName(path: string): string {
  return path.replace(/\/+$/, '').split('/').pop() || path;
}

function isAbort(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { name?: unknown }).name === 'AbortError';
}

export class UploadManager {
  private runs = new Map<string, CollectionRun>();
  private listeners = new Set<() => void>();
  private nextId = 1;
  private readonly upload: UploadFn;
  private readonly addLocalFiles: AddLocalFn;
  private readonly limits: BatchLimits;
  private readonly concurrency: number;

  constructor(options: UploadManagerOptions = {}) {
    this.upload = options.upload ?? uploadDocuments;
    this.addLocalFiles = options.addLocal ?? addLocalFiles;
    this.limits = options.limits ?? DEFAULT_BATCH_LIMITS;
    this.concurrency = Math.max(1, options.concurrency ?? 2);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The rows of a collection's uploads (a stable object until they change). */
  snapshot(collectionId: string): UploadsState {
    return this.runs.get(collectionId)?.state ?? emptyUploads;
  }

  private run(collectionId: string): CollectionRun {
    let run = this.runs.get(collectionId);
    if (!run) {
      run = { state: emptyUploads, queue: [], running: 0, controllers: new Set() };
      this.runs.set(collectionId, run);
    }
    return run;
  }

  private dispatch(collectionId: string, action: UploadAction): void {
    const run = this.run(collectionId);
    const next = reduceUploads(run.state, action);
    if (next === run.state) return;
    run.state = next;
    this.listeners.forEach((l) => l());
  }

  /** Adds what was dropped or picked: rows appear at once, batches go out in order. */
  add(collectionId: string, picked: WalkResult, hooks: AddHooks = {}): void {
    const rows: UploadRow[] = [];
    const files: { id: string; file: File; size: number }[] = [];
    for (const p of picked.problems) {
      rows.push(newRow(`u${this.nextId++}`, baseName(p.path), p.path, 0, { status: 'failed', error: p.message }));
    }
    for (const { file, path } of picked.files) {
      const id = `u${this.nextId++}`;
      rows.push(newRow(id, file.name, path, file.size));
      files.push({ id, file, size: file.size });
    }
    if (rows.length === 0) return;
    this.dispatch(collectionId, { type: 'add', rows });
    const run = this.run(collectionId);
    for (const batch of planBatches(files, this.limits)) {
      run.queue.push({ ids: batch.map((b) => b.id), files: batch.map((b) => b.file), paths: [], hooks });
    }
    this.pump(collectionId);
  }

  /**
   * Adds files on this machine that a native drop named, as listed by the backend: rows
   * appear at once (a failed row for each item that cannot be read), batches go out in order.
   */
  addLocal(collectionId: string, listed: LocalFileList, hooks: AddHooks = {}): void {
    const rows = listed.problems.map((p) => newRow(`u${this.nextId++}`, baseName(p.path), p.path, 0, { status: 'failed', error: p.message, local: true }));
    const items = listed.files.map((f) => ({ id: `u${this.nextId++}`, path: f.path, size: f.size }));
    listed.files.forEach((f, i) => rows.push(newRow(items[i]!.id, f.name, f.rel, f.size, { local: true })));
    if (rows.length === 0) return;
    this.dispatch(collectionId, { type: 'add', rows });
    const run = this.run(collectionId);
    for (const batch of planBatches(items, this.limits)) {
      run.queue.push({ ids: batch.map((b) => b.id), files: [], paths: batch.map((b) => b.path), hooks });
    }
    this.pump(collectionId);
  }

  private pump(collectionId: string): void {
    const run = this.run(collectionId);
    while (run.running < this.concurrency && run.queue.length > 0) {
      const job = run.queue.shift()!;
      run.running++;
      void this.send(collectionId, run, job).finally(() => {
        run.running--;
        this.pump(collectionId);
      });
    }
  }

  private async send(collectionId: string, run: CollectionRun, job: Job): Promise<void> {
    const ac = new AbortController();
    run.controllers.add(ac);
    this.dispatch(collectionId, { type: 'sending', ids: job.ids });
    try {
      const results =
        job.paths.length > 0
          ? await this.addLocalFiles(collectionId, job.paths, ac.signal)
          : await this.upload(collectionId, job.files, {
              signal: ac.signal,
              onProgress: (loaded, total) => this.dispatch(collectionId, { type: 'sent', ids: job.ids, loaded, total }),
            });
      this.dispatch(collectionId, { type: 'results', ids: job.ids, results });
      job.hooks.onResults?.(results);
    } catch (err) {
      if (isAbort(err)) this.dispatch(collectionId, { type: 'cancel', ids: job.ids });
      else this.dispatch(collectionId, { type: 'batchFailed', ids: job.ids, message: messageOf(err) });
    } finally {
      run.controllers.delete(ac);
    }
  }

  /** Stops sending: queued batches are dropped, requests in flight are aborted. Files already sent keep ingesting. */
  cancel(collectionId: string): void {
    const run = this.runs.get(collectionId);
    if (!run) return;
    const dropped = run.queue.flatMap((j) => j.ids);
    run.queue = [];
    run.controllers.forEach((ac) => ac.abort());
    this.dispatch(collectionId, { type: 'cancel', ids: dropped });
  }

  /** Removes the rows that are finished (ready, failed, duplicate, cancelled). */
  clearFinished(collectionId: string): void {
    if (this.runs.has(collectionId)) this.dispatch(collectionId, { type: 'clearFinished' });
  }

  /** Feeds "progress" events to the rows of the collections they concern. */
  applyProgress(items: readonly ProgressItem[]): void {
    const byCollection = new Map<string, ProgressItem[]>();
    for (const item of items) {
      if (!this.runs.has(item.collectionId)) continue;
      const list = byCollection.get(item.collectionId) ?? [];
      list.push(item);
      byCollection.set(item.collectionId, list);
    }
    byCollection.forEach((list, id) => this.dispatch(id, { type: 'progress', items: list }));
  }

  /** Brings rows up to date with a freshly fetched document list (events missed while away). */
  syncDocuments(collectionId: string, docs: readonly Document[]): void {
    const run = this.runs.get(collectionId);
    if (run && run.state.rows.length > 0) this.dispatch(collectionId, { type: 'sync', docs: docs as Document[] });
  }

  /** Forgets everything (tests). */
  reset(): void {
    this.runs.forEach((run) => run.controllers.forEach((ac) => ac.abort()));
    this.runs.clear();
    this.listeners.forEach((l) => l());
  }
}

export const uploadManager = new UploadManager();

/** The upload rows of a collection and the actions on them. */
export function useUploads(collectionId: string, manager: UploadManager = uploadManager) {
  const state = useSyncExternalStore(manager.subscribe, () => manager.snapshot(collectionId));
  const add = useCallback((picked: WalkResult, hooks?: AddHooks) => manager.add(collectionId, picked, hooks), [manager, collectionId]);
  const addLocal = useCallback((listed: LocalFileList, hooks?: AddHooks) => manager.addLocal(collectionId, listed, hooks), [manager, collectionId]);
  const cancel = useCallback(() => manager.cancel(collectionId), [manager, collectionId]);
  const clearFinished = useCallback(() => manager.clearFinished(collectionId), [manager, collectionId]);
  return { state, add, addLocal, cancel, clearFinished };
}
