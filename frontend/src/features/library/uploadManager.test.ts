import { describe, expect, it, vi } from 'vitest';
import type { UploadResult } from '../../lib/api.gen';
import type { UploadOptions } from '../../lib/backend';
import type { WalkResult } from './folderWalk';
import { doc, progress } from '../../test/libraryData';
import { UploadManager } from './uploadManager';

interface Call {
  files: readonly File[];
  options: UploadOptions;
  resolve: (r: UploadResult[]) => void;
  reject: (e: unknown) => void;
}

function setup(limits = { maxFiles: 2, maxBytes: 1_000_000 }, concurrency = 1) {
  const calls: Call[] = [];
  const upload = vi.fn(
    (_collectionId: string, files: readonly File[], options: UploadOptions) =>
      new Promise<UploadResult[]>((resolve, reject) => {
        calls.push({ files, options, resolve, reject });
        options.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );
  const manager = new UploadManager({ upload, limits, concurrency });
  return { manager, upload, calls };
}

function picked(names: string[], problems: WalkResult['problems'] = []): WalkResult {
  return { files: names.map((n) => ({ file: new File([`bytes of ${n}`], n), path: n })), hidden: 0, problems };
}

const ok = (files: readonly File[], id = (i: number) => `d-${files[i]!.name}`): UploadResult[] =>
  files.map((f, i) => ({ part: i + 1, name: f.name, document: doc({ id: id(i), name: f.name, status: 'queued', percent: 0 }), duplicate: false, error: null }));

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('UploadManager', () => {
  it('sends batches one after another and shows every file at once', async () => {
    const { manager, calls } = setup();
    manager.add('c1', picked(['a.pdf', 'b.pdf', 'c.pdf', 'd.pdf', 'e.pdf']));
    expect(manager.snapshot('c1').rows.map((r) => r.status)).toEqual(['uploading', 'uploading', 'waiting', 'waiting', 'waiting']);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.files.map((f) => f.name)).toEqual(['a.pdf', 'b.pdf']);

    calls[0]!.options.onProgress?.(10, 20);
    expect(manager.snapshot('c1').rows[0]!.sent).toBeGreaterThan(0);

    calls[0]!.resolve(ok(calls[0]!.files));
    await flush();
    expect(calls).toHaveLength(2);
    expect(calls[1]!.files.map((f) => f.name)).toEqual(['c.pdf', 'd.pdf']);
    calls[1]!.resolve(ok(calls[1]!.files));
    await flush();
    calls[2]!.resolve(ok(calls[2]!.files));
    await flush();
    expect(calls).toHaveLength(3);
    expect(manager.snapshot('c1').rows.map((r) => r.status)).toEqual(['queued', 'queued', 'queued', 'queued', 'queued']);
  });

  it('keeps `concurrency` requests in flight', async () => {
    const { manager, calls } = setup({ maxFiles: 1, maxBytes: 1_000_000 }, 2);
    manager.add('c1', picked(['a', 'b', 'c']));
    expect(calls).toHaveLength(2);
    calls[1]!.resolve(ok(calls[1]!.files));
    await flush();
    expect(calls).toHaveLength(3);
  });

  it('hands each batch’s results to the caller and follows progress to ready', async () => {
    const { manager, calls } = setup();
    const onResults = vi.fn();
    manager.add('c1', picked(['a.pdf']), { onResults });
    calls[0]!.resolve(ok(calls[0]!.files, () => 'd1'));
    await flush();
    expect(onResults).toHaveBeenCalledWith([expect.objectContaining({ name: 'a.pdf' })]);
    manager.applyProgress([progress({ documentId: 'd1', status: 'indexing', percent: 60 })]);
    expect(manager.snapshot('c1').rows[0]).toMatchObject({ status: 'indexing', percent: 60 });
    manager.applyProgress([progress({ documentId: 'd1', collectionId: 'other', status: 'ready' })]);
    expect(manager.snapshot('c1').rows[0]!.status).toBe('indexing');
    manager.applyProgress([progress({ documentId: 'd1', status: 'ready', percent: 100 })]);
    expect(manager.snapshot('c1').rows[0]!.status).toBe('ready');
  });

  it('fails the files of a batch whose request failed and carries on with the next', async () => {
    const { manager, calls } = setup({ maxFiles: 1, maxBytes: 1_000_000 });
    manager.add('c1', picked(['a', 'b']));
    calls[0]!.reject(new Error('Cannot reach the Lexflow backend.'));
    await flush();
    expect(manager.snapshot('c1').rows[0]).toMatchObject({ status: 'failed', error: 'Cannot reach the Lexflow backend.' });
    expect(calls).toHaveLength(2);
  });

  it('shows files that could not be read as failed rows, without sending them', () => {
    const { manager, calls } = setup();
    manager.add('c1', picked([], [{ path: 'x/locked.pdf', message: 'Could not read this file: denied' }]));
    expect(manager.snapshot('c1').rows[0]).toMatchObject({ name: 'locked.pdf', status: 'failed', error: 'Could not read this file: denied' });
    expect(calls).toHaveLength(0);
  });

  it('cancel aborts the request in flight and drops the queued batches', async () => {
    const { manager, calls } = setup();
    manager.add('c1', picked(['a', 'b', 'c', 'd']));
    manager.cancel('c1');
    await flush();
    expect(manager.snapshot('c1').rows.map((r) => r.status)).toEqual(['cancelled', 'cancelled', 'cancelled', 'cancelled']);
    expect(calls).toHaveLength(1);
  });

  it('keeps collections apart and notifies subscribers', () => {
    const { manager } = setup();
    const listener = vi.fn();
    manager.subscribe(listener);
    manager.add('c1', picked(['a']));
    expect(listener).toHaveBeenCalled();
    expect(manager.snapshot('c2').rows).toEqual([]);
  });
});

describe('UploadManager.addLocal (the desktop window’s native drop)', () => {
  it('adds listed paths in batches, with a failed row for each unreadable item and no byte counts', async () => {
    const calls: { paths: readonly string[]; resolve: (r: UploadResult[]) => void }[] = [];
    const upload = vi.fn();
    const addLocal = vi.fn(
      (_c: string, paths: readonly string[]) => new Promise<UploadResult[]>((resolve) => calls.push({ paths, resolve })),
    );
    const manager = new UploadManager({ upload, addLocal, limits: { maxFiles: 2, maxBytes: 1_000_000 }, concurrency: 1 });
    manager.addLocal('c1', {
      files: [
        { path: '/home/ana/acts/a.pdf', name: 'a.pdf', rel: 'acts/a.pdf', size: 10 },
        { path: '/home/ana/acts/b.pdf', name: 'b.pdf', rel: 'acts/b.pdf', size: 20 },
        { path: '/home/ana/acts/c.pdf', name: 'c.pdf', rel: 'acts/c.pdf', size: 30 },
      ],
      hidden: 1,
      problems: [{ path: 'acts/pipe', message: 'not a regular file' }],
    });
    const rows = () => manager.snapshot('c1').rows;
    expect(rows().map((r) => [r.name, r.path, r.status])).toEqual([
      ['pipe', 'acts/pipe', 'failed'],
      ['a.pdf', 'acts/a.pdf', 'uploading'],
      ['b.pdf', 'acts/b.pdf', 'uploading'],
      ['c.pdf', 'acts/c.pdf', 'waiting'],
    ]);
    expect(rows()[0]!.error).toBe('not a regular file');
    expect(rows().every((r) => r.local)).toBe(true);
    expect(upload).not.toHaveBeenCalled();
    expect(calls.map((c) => c.paths)).toEqual([['/home/ana/acts/a.pdf', '/home/ana/acts/b.pdf']]);

    const okPaths = (paths: readonly string[]): UploadResult[] =>
      paths.map((p) => {
        const name = p.split('/').pop()!;
        return { part: 0, name, document: doc({ id: `d-${name}`, name, status: 'queued', percent: 0 }), duplicate: false, error: null };
      });
    calls[0]!.resolve(okPaths(calls[0]!.paths));
    await flush();
    expect(calls.map((c) => c.paths)).toEqual([['/home/ana/acts/a.pdf', '/home/ana/acts/b.pdf'], ['/home/ana/acts/c.pdf']]);
    calls[1]!.resolve(okPaths(calls[1]!.paths));
    await flush();
    expect(rows().map((r) => r.status)).toEqual(['failed', 'queued', 'queued', 'queued']);
    expect(rows()[1]!.documentId).toBe('d-a.pdf');
  });
});
