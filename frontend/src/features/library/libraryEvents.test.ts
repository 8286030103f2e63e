import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { Document } from '../../lib/api.gen';
import { applyProgressToCache, Refresher } from './libraryEvents';
import { keys } from '../../shared/library/queries';
import { doc, progress } from '../../test/libraryData';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup(docs: Document[] = [doc({ id: 'd1', status: 'parsing', percent: 10 })]) {
  const qc = new QueryClient();
  qc.setQueryData(keys.documents('c1'), docs);
  const invalidate = vi.spyOn(qc, 'invalidateQueries');
  const refresher = new Refresher(qc);
  const documentRefetches = () => invalidate.mock.calls.filter(([f]) => JSON.stringify(f?.queryKey) === JSON.stringify(keys.documents('c1'))).length;
  return { qc, refresher, documentRefetches };
}

describe('progress events into the query cache', () => {
  it('update the cached list in place without refetching', () => {
    const { qc, refresher, documentRefetches } = setup();
    applyProgressToCache(qc, [progress({ status: 'indexing', percent: 55 })], refresher);
    expect(qc.getQueryData<Document[]>(keys.documents('c1'))![0]).toMatchObject({ status: 'indexing', percent: 55 });
    vi.advanceTimersByTime(5000);
    expect(documentRefetches()).toBe(0);
  });

  it('refetch once after a burst of documents reaching ready or failed', () => {
    const docs = ['d1', 'd2', 'd3'].map((id) => doc({ id, status: 'indexing', percent: 90 }));
    const { qc, refresher, documentRefetches } = setup(docs);
    applyProgressToCache(qc, [progress({ documentId: 'd1', status: 'ready', percent: 100 })], refresher);
    vi.advanceTimersByTime(100);
    applyProgressToCache(qc, [progress({ documentId: 'd2', status: 'failed', error: 'bad' })], refresher);
    vi.advanceTimersByTime(100);
    applyProgressToCache(qc, [progress({ documentId: 'd3', status: 'ready', percent: 100 })], refresher);
    expect(documentRefetches()).toBe(0);
    vi.advanceTimersByTime(1000);
    expect(documentRefetches()).toBe(1);
  });

  it('refetch once for a document the list does not know, not again for the same one', () => {
    const { qc, refresher, documentRefetches } = setup();
    applyProgressToCache(qc, [progress({ documentId: 'new', status: 'queued' })], refresher);
    vi.advanceTimersByTime(1000);
    applyProgressToCache(qc, [progress({ documentId: 'new', status: 'parsing' })], refresher);
    vi.advanceTimersByTime(1000);
    expect(documentRefetches()).toBe(1);
  });

  it('leave collections that are not cached alone until something finishes', () => {
    const { qc, refresher } = setup();
    const invalidate = vi.spyOn(qc, 'invalidateQueries');
    applyProgressToCache(qc, [progress({ collectionId: 'c9', status: 'parsing' })], refresher);
    vi.advanceTimersByTime(1000);
    expect(invalidate).not.toHaveBeenCalled();
    applyProgressToCache(qc, [progress({ collectionId: 'c9', status: 'ready' })], refresher);
    vi.advanceTimersByTime(1000);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: keys.documents('c9') });
  });
});
