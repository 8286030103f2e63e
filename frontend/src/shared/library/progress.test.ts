import { describe, expect, it } from 'vitest';
import { applyProgress, isAhead, latestPerDocument, mergeUploaded, replaceDocument, stageText } from './progress';
import { doc, progress } from '../../test/libraryData';

const later = '2025-01-01T00:00:05Z';
const earlier = '2024-12-31T23:59:00Z';

describe('applyProgress (the cached document list)', () => {
  const list = [doc({ id: 'd1', status: 'queued', percent: 0 }), doc({ id: 'd2', name: 'b.pdf', status: 'ready' })];

  it('applies stage and percent to the document named, keeping the others as they are', () => {
    const out = applyProgress(list, [{ ...progress({ documentId: 'd1', status: 'parsing', percent: 40 }), time: later }]);
    expect(out.docs[0]).toMatchObject({ status: 'parsing', percent: 40 });
    expect(out.docs[1]).toBe(list[1]);
    expect(out.finished).toEqual([]);
  });

  it('uses only the last event per document of a batch', () => {
    const out = applyProgress(list, [
      progress({ status: 'parsing', percent: 10 }),
      progress({ status: 'indexing', percent: 20 }),
      progress({ status: 'indexing', percent: 70 }),
    ]);
    expect(out.docs[0]).toMatchObject({ status: 'indexing', percent: 70 });
  });

  it('reports documents that finished, with the failure reason kept', () => {
    const out = applyProgress(list, [progress({ status: 'failed', percent: 30, error: 'zip bomb: word/document.xml expands past 200 MB' })]);
    expect(out.docs[0]).toMatchObject({ status: 'failed', error: 'zip bomb: word/document.xml expands past 200 MB' });
    expect(out.finished).toEqual(['d1']);
  });

  it('reports documents it does not know', () => {
    const out = applyProgress(list, [progress({ documentId: 'd9' })]);
    expect(out.unknown).toEqual(['d9']);
    expect(out.docs).toBe(list);
  });

  it('ignores events older than the document (a replay of what the list shows)', () => {
    const fresh = [doc({ id: 'd1', status: 'ready', updatedAt: '2025-01-01T00:00:00Z' })];
    expect(applyProgress(fresh, [{ ...progress({ status: 'parsing', percent: 5 }), time: earlier }]).docs).toBe(fresh);
    expect(applyProgress(fresh, [{ ...progress({ status: 'parsing', percent: 5 }), time: later }]).docs[0]!.status).toBe('parsing');
  });

  it('returns the same list when nothing changes', () => {
    expect(applyProgress(list, [progress({ documentId: 'd2', status: 'ready', percent: 100 })]).docs).toBe(list);
  });
});

describe('mergeUploaded', () => {
  it('adds new documents and keeps the further-along status of known ones', () => {
    const list = [doc({ id: 'd1', status: 'indexing', percent: 50 })];
    const out = mergeUploaded(list, [doc({ id: 'd1', status: 'queued', percent: 0, pages: 3 }), doc({ id: 'd2', status: 'queued' })]);
    expect(out).toHaveLength(2);
    expect(out[0]).toMatchObject({ id: 'd1', status: 'indexing', percent: 50, pages: 3 });
    expect(out[1]).toMatchObject({ id: 'd2', status: 'queued' });
  });

  it('keeps the counts of a document that finished before its upload reply came', () => {
    // Events made it ready and the list was refetched with its chunks; then the reply, written while queued, arrives.
    const list = [doc({ id: 'd1', status: 'ready', percent: 100, chunks: 18, pages: 4 })];
    const out = mergeUploaded(list, [doc({ id: 'd1', status: 'queued', percent: 0, chunks: 0, pages: 0 })]);
    expect(out[0]).toMatchObject({ status: 'ready', chunks: 18, pages: 4 });
  });

  it('replaceDocument restarts a re-indexed document', () => {
    const list = [doc({ id: 'd1', status: 'ready' })];
    expect(replaceDocument(list, doc({ id: 'd1', status: 'queued', percent: 0 }))[0]!.status).toBe('queued');
  });
});

describe('status helpers', () => {
  it('orders stages and writes them out', () => {
    expect(isAhead({ status: 'parsing', percent: 90 }, { status: 'indexing', percent: 0 })).toBe(true);
    expect(isAhead({ status: 'indexing', percent: 10 }, { status: 'indexing', percent: 5 })).toBe(false);
    expect(stageText('indexing', 42.4)).toBe('Indexing 42%');
    expect(stageText('queued', 0)).toBe('Queued');
    expect(latestPerDocument([progress({ percent: 1 }), progress({ documentId: 'd2' }), progress({ percent: 2 })]).map((p) => p.percent)).toEqual([0, 2]);
  });
});
