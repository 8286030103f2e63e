import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BackendError,
  TOKEN_KEY,
  createCollection,
  deleteCollection,
  getDocumentSource,
  listDocuments,
  loadSampleLibrary,
  onUnauthorized,
  reindexDocument,
  searchLibrary,
  uploadDocuments,
} from './backend';
import { jsonResponse, mockFetch } from '../test/fetchMock';
import { mockXhr } from '../test/xhrMock';

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.runtime;
});

describe('library endpoints', () => {
  it('call the documented paths with the documented methods', async () => {
    const fetch = mockFetch((url) => jsonResponse(url.includes('/documents') && !url.includes('reindex') && !url.includes('source') ? [] : {}));
    await listDocuments('c/1');
    await createCollection({ name: 'A', description: '', ocrLanguage: '' });
    await reindexDocument('d1');
    await getDocumentSource('d1');
    await searchLibrary({ query: 'notice', collectionIds: ['c1'], documentIds: [], topK: 5 });
    await loadSampleLibrary();
    const calls = fetch.mock.calls.map(([url, init]) => `${init?.method} ${url}`);
    expect(calls).toEqual([
      'GET /api/collections/c%2F1/documents',
      'POST /api/collections',
      'POST /api/documents/d1/reindex',
      'GET /api/documents/d1/source',
      'POST /api/search',
      'POST /api/library/sample',
    ]);
    expect(JSON.parse(String(fetch.mock.calls[4]![1]?.body))).toEqual({ query: 'notice', collectionIds: ['c1'], documentIds: [], topK: 5 });
  });

  it('treat 204 as done', async () => {
    mockFetch(() => new Response(null, { status: 204 }));
    await expect(deleteCollection('c1')).resolves.toBeUndefined();
  });
});

describe('uploadDocuments (XMLHttpRequest)', () => {
  const files = [new File(['%PDF-1.7 a'], 'act.pdf'), new File(['<html>'], 'code.html')];

  it('posts multipart form data, one `files` part per file, with the session token', async () => {
    sessionStorage.setItem(TOKEN_KEY, 'secret');
    const requests = mockXhr((xhr) => xhr.respond(200, [{ name: 'act.pdf', document: null, duplicate: true, error: null }]));
    const results = await uploadDocuments('c/1', files);
    expect(results).toEqual([{ name: 'act.pdf', document: null, duplicate: true, error: null }]);
    const [xhr] = requests;
    expect(xhr!.method).toBe('POST');
    expect(xhr!.url).toBe('/api/collections/c%2F1/documents');
    expect(xhr!.headers.Authorization).toBe('Bearer secret');
    expect(Object.keys(xhr!.headers).map((h) => h.toLowerCase())).not.toContain('content-type'); // the browser sets the boundary
    expect(xhr!.files().map((f) => f.name)).toEqual(['act.pdf', 'code.html']);
  });

  it('sends no token in the desktop face', async () => {
    sessionStorage.setItem(TOKEN_KEY, 'secret');
    window.runtime = { EventsOn: () => () => {} };
    const requests = mockXhr((xhr) => xhr.respond(200, []));
    await uploadDocuments('c1', files);
    expect(requests[0]!.headers.Authorization).toBeUndefined();
  });

  it('reports byte progress', async () => {
    const seen: [number, number][] = [];
    mockXhr((xhr) => {
      xhr.progress(5, 20);
      xhr.progress(20, 20);
      xhr.respond(200, []);
    });
    await uploadDocuments('c1', files, { onProgress: (l, t) => seen.push([l, t]) });
    expect(seen).toEqual([
      [5, 20],
      [20, 20],
    ]);
  });

  it('maps an error body to a BackendError with its field, and tells 401 listeners', async () => {
    mockXhr((xhr) => xhr.respond(400, { error: { code: 'bad_request', message: 'the upload holds no files', field: 'files' } }));
    const err = await uploadDocuments('c1', files).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BackendError);
    expect(err).toMatchObject({ status: 400, code: 'bad_request', message: 'the upload holds no files', field: 'files' });

    const seen = vi.fn();
    const off = onUnauthorized(seen);
    mockXhr((xhr) => xhr.respond(401, { error: { code: 'unauthorized', message: 'missing token' } }));
    await expect(uploadDocuments('c1', files)).rejects.toMatchObject({ status: 401 });
    expect(seen).toHaveBeenCalledOnce();
    off();
  });

  it('turns a network failure into unreachable and a non-list reply into bad_response', async () => {
    mockXhr((xhr) => xhr.fail());
    await expect(uploadDocuments('c1', files)).rejects.toMatchObject({ status: 0, code: 'unreachable' });
    mockXhr((xhr) => xhr.respond(200, '<html>'));
    await expect(uploadDocuments('c1', files)).rejects.toMatchObject({ code: 'bad_response' });
  });

  it('aborts with the signal', async () => {
    const ac = new AbortController();
    const requests = mockXhr(() => {});
    const p = uploadDocuments('c1', files, { signal: ac.signal });
    ac.abort();
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    expect(requests[0]!.aborted).toBe(true);
  });

  it('does not go through fetch (which cannot report upload progress)', async () => {
    const fetch = mockFetch(() => jsonResponse({}));
    mockXhr((xhr) => xhr.respond(200, []));
    await uploadDocuments('c1', files);
    expect(fetch).not.toHaveBeenCalled();
  });
});
