import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Document, SearchResponse, UploadResult } from '../../lib/api.gen';
import { bodiesOf, mockApi, type Route } from '../../test/api';
import { errorResponse, frame, sseResponse } from '../../test/fetchMock';
import { renderWithClient } from '../../test/render';
import { mockXhr, type FakeXhr } from '../../test/xhrMock';
import { CollectionPage } from './CollectionPage';
import { chunk, collection, doc, hit, progress } from '../../test/libraryData';
import { uploadManager } from './uploadManager';

beforeEach(() => uploadManager.reset());
afterEach(() => {
  uploadManager.reset();
  vi.unstubAllGlobals();
});

const ready = doc({ id: 'd1', name: 'employment-act.pdf' });
const scanned = doc({
  id: 'd2',
  name: 'scanned-judgment.pdf',
  status: 'failed',
  percent: 0,
  pages: 0,
  chunks: 0,
  error: 'no text layer: the PDF holds scanned images without text, and OCR is not available',
});
const indexing = doc({ id: 'd3', name: 'civil-code.docx', format: 'docx', language: 'ar', status: 'indexing', percent: 40, pages: 0, chunks: 0 });

function setup(routes: Record<string, Route> = {}, docs: Document[] = [ready, scanned, indexing]) {
  let list = docs;
  const events = sseResponse();
  const fetch = mockApi({
    'GET /api/collections': () => [collection()],
    'GET /api/collections/c1/documents': () => list,
    'GET /api/events': () => events.response,
    ...routes,
  });
  const setDocs = (next: Document[]) => (list = next);
  return { fetch, events, setDocs, ...renderWithClient(<CollectionPage collectionId="c1" />) };
}

async function docRow(name: string) {
  const rows = await screen.findAllByTestId('document-row');
  const found = rows.find((r) => r.getAttribute('data-document-name') === name);
  if (!found) throw new Error(`no document row ${name}`);
  return found;
}

function uploadRow(name: string) {
  const found = screen.queryAllByTestId('upload-row').find((r) => r.getAttribute('data-file-name') === name);
  if (!found) throw new Error(`no upload row ${name}`);
  return found;
}

function drop(target: HTMLElement, files: File[]) {
  fireEvent.dragEnter(target, { dataTransfer: { types: ['Files'], files } });
  fireEvent.dragOver(target, { dataTransfer: { types: ['Files'], files } });
  fireEvent.drop(target, { dataTransfer: { types: ['Files'], files } });
}

describe('CollectionPage: header and documents', () => {
  it('shows the collection with its counts and every document’s status', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Employment law' })).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByTestId('collection-counts')).toHaveTextContent('3 documents · 30 chunks · 1 being indexed'));

    const row = await docRow('employment-act.pdf');
    const r = within(row);
    expect(r.getByRole('link', { name: 'Employment Act' })).toHaveAttribute('href', '#/library/c1/documents/d1');
    expect(r.getByText('employment-act.pdf')).toHaveClass('doc-file'); // the file name, beneath the title
    expect(row.querySelector('.doc-status-cell')).toHaveTextContent(/^ReadyReady$/); // screen-reader label + visible text (aria-hidden)
    expect(r.getByText('12')).toBeInTheDocument();
    expect(r.getByText('30')).toBeInTheDocument();
    expect(r.getByText('123 KB')).toBeInTheDocument();
    expect(r.getByText('English')).toBeInTheDocument();

    const f = within(await docRow('scanned-judgment.pdf'));
    expect((await docRow('scanned-judgment.pdf')).getAttribute('data-status')).toBe('failed');
    expect(f.getByText('no text layer: the PDF holds scanned images without text, and OCR is not available')).toBeInTheDocument();
    expect(f.queryByRole('link')).not.toBeInTheDocument();

    const i = within(await docRow('civil-code.docx'));
    expect(i.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(i.getByText('Arabic')).toBeInTheDocument();
    expect(i.getByRole('button', { name: 'Re-index' })).toBeDisabled();
  });

  it('notes a document that has the same text as another file, and no other', async () => {
    const copy = doc({ id: 'd4', name: 'employment-act.docx', format: 'docx', duplicateOf: 'd1' });
    setup({}, [ready, copy]);
    const note = within(await docRow('employment-act.docx')).getByTestId('same-text-note');
    expect(note).toHaveTextContent('Same text as employment-act.pdf');
    expect(within(await docRow('employment-act.pdf')).queryByTestId('same-text-note')).toBeNull();
  });

  it('says so when the collection does not exist', async () => {
    mockApi({ 'GET /api/collections': () => [], 'GET /api/collections/nope/documents': () => errorResponse(404, 'not_found', 'no such collection') });
    renderWithClient(<CollectionPage collectionId="nope" />);
    expect(await screen.findByRole('heading', { name: 'This collection does not exist' })).toBeInTheDocument();
  });

  it('shows a documents load error with Retry', async () => {
    let fail = true;
    const { user } = setup({ 'GET /api/collections/c1/documents': () => (fail ? errorResponse(503, 'unreachable', 'backend restarting') : [ready]) });
    expect(await screen.findByText('backend restarting', {}, { timeout: 4000 })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await docRow('employment-act.pdf')).toBeInTheDocument();
  });

  it('deletes a document after confirmation and re-indexes one', async () => {
    const { user, fetch } = setup({
      'DELETE /api/documents/d1': () => new Response(null, { status: 204 }),
      'POST /api/documents/d2/reindex': () => ({ ...scanned, status: 'queued', error: '' }),
    });
    await user.click(within(await docRow('employment-act.pdf')).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete document?' });
    expect(confirm).toHaveTextContent('employment-act.pdf and its 30 chunks will be deleted');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(screen.queryAllByTestId('document-row').map((r) => r.dataset.documentName)).not.toContain('employment-act.pdf'));
    expect(bodiesOf(fetch, 'DELETE', '/api/documents/d1')).toHaveLength(1);

    await user.click(within(await docRow('scanned-judgment.pdf')).getByRole('button', { name: 'Re-index' }));
    await vi.waitFor(async () => expect((await docRow('scanned-judgment.pdf')).dataset.status).toBe('queued'));
    expect(bodiesOf(fetch, 'POST', '/api/documents/d2/reindex')).toHaveLength(1);
  });

  it('renames a document from its row, with the keyboard', async () => {
    const { user, fetch } = setup({
      'PUT /api/documents/d1/title': () => ({ ...ready, title: 'Employment Act 2025', renamed: true }),
    });
    within(await docRow('employment-act.pdf')).getByRole('button', { name: 'Rename Employment Act' }).focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Rename document' });
    const field = within(dialog).getByRole('textbox', { name: 'Title' });
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.type(field, 'Employment Act 2025{Enter}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodiesOf(fetch, 'PUT', '/api/documents/d1/title')).toEqual([{ title: 'Employment Act 2025' }]);
    expect(within(await docRow('employment-act.pdf')).getByRole('link', { name: 'Employment Act 2025' })).toBeInTheDocument();
  });
});

describe('CollectionPage: adding documents', () => {
  it('offers keyboard-operable pickers for files and folders', async () => {
    setup();
    const zone = await screen.findByTestId('drop-zone');
    expect(within(zone).getByRole('heading', { name: 'Drop files or folders here' })).toBeInTheDocument();
    expect(within(zone).getByRole('button', { name: 'Choose files' })).toBeInTheDocument();
    expect(within(zone).getByRole('button', { name: 'Choose folder' })).toBeInTheDocument();
    expect(within(zone).getByLabelText('Folder to add')).toHaveAttribute('webkitdirectory');
    expect(within(zone).getByLabelText('Files to add')).toHaveAttribute('multiple');
  });

  it('shows an overlay while files are dragged over the page', async () => {
    setup();
    const zone = await screen.findByTestId('drop-zone');
    fireEvent.dragEnter(zone, { dataTransfer: { types: ['Files'] } });
    expect(await screen.findByText('Drop to add to Employment law')).toBeInTheDocument();
    fireEvent.dragLeave(zone, { dataTransfer: { types: ['Files'] } });
    expect(screen.queryByText('Drop to add to Employment law')).not.toBeInTheDocument();
  });

  it('uploads dropped files with byte progress, then follows each to its real outcome', async () => {
    const pending: FakeXhr[] = [];
    const requests = mockXhr((xhr) => pending.push(xhr));
    const { events, fetch, setDocs } = setup();
    const zone = await screen.findByTestId('drop-zone');
    await docRow('employment-act.pdf');

    const files = [new File(['%PDF new act'], 'labour-act.pdf'), new File(['%PDF same'], 'employment-act.pdf'), new File(['junk'], 'notes.xyz')];
    drop(zone, files);

    await vi.waitFor(() => expect(requests).toHaveLength(1));
    const xhr = requests[0]!;
    expect(xhr.url).toBe('/api/collections/c1/documents');
    expect(xhr.files().map((f) => f.name)).toEqual(['labour-act.pdf', 'employment-act.pdf', 'notes.xyz']);
    expect(uploadRow('labour-act.pdf').dataset.status).toBe('uploading');

    act(() => xhr.progress(6, 25)); // 12 + 9 + 4 bytes: the first file is half sent
    expect(within(uploadRow('labour-act.pdf')).getByText('Uploading 50%')).toBeInTheDocument();

    const newDoc = doc({ id: 'd9', name: 'labour-act.pdf', status: 'queued', percent: 0, pages: 0, chunks: 0, size: 12 });
    const results: UploadResult[] = [
      { part: 0, name: 'labour-act.pdf', document: newDoc, duplicate: false, error: null },
      { part: 0, name: 'employment-act.pdf', document: ready, duplicate: true, error: null },
      { part: 0, name: 'notes.xyz', document: null, duplicate: false, error: { code: 'unsupported_format', message: 'notes.xyz: unsupported format ".xyz" (PDF, DOCX, HTML, TXT or Markdown)' } },
    ];
    act(() => xhr.respond(200, results));

    await vi.waitFor(() => expect(uploadRow('labour-act.pdf').dataset.status).toBe('queued'));
    expect(within(uploadRow('employment-act.pdf')).getByText('Already in this collection')).toBeInTheDocument();
    expect(uploadRow('employment-act.pdf').dataset.status).toBe('duplicate');
    expect(uploadRow('notes.xyz').dataset.status).toBe('failed');
    expect(within(uploadRow('notes.xyz')).getByText('notes.xyz: unsupported format ".xyz" (PDF, DOCX, HTML, TXT or Markdown)')).toBeInTheDocument();
    expect((await docRow('labour-act.pdf')).dataset.status).toBe('queued');
    expect(screen.getByTestId('upload-total')).toHaveTextContent('2 of 3 files done');

    const listCalls = () => fetch.mock.calls.filter(([u]) => String(u).endsWith('/api/collections/c1/documents')).length;
    const before = listCalls();

    events.send(frame('library', 1, 'progress', progress({ documentId: 'd9', status: 'parsing', percent: 0 })));
    events.send(frame('library', 2, 'progress', progress({ documentId: 'd9', status: 'parsing', percent: 60 })));
    await vi.waitFor(() => expect(within(uploadRow('labour-act.pdf')).getByText('Parsing 60%')).toBeInTheDocument());
    expect(within(await docRow('labour-act.pdf')).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '60');

    events.send(frame('library', 3, 'progress', progress({ documentId: 'd9', status: 'indexing', percent: 25 })));
    await vi.waitFor(() => expect(within(uploadRow('labour-act.pdf')).getByText('Indexing 25%')).toBeInTheDocument());
    expect(within(uploadRow('labour-act.pdf')).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    expect(listCalls()).toBe(before); // progress updates the cache; no refetch per event

    setDocs([ready, scanned, indexing, { ...newDoc, status: 'ready', percent: 100, pages: 7, chunks: 19 }]);
    events.send(frame('library', 4, 'progress', progress({ documentId: 'd9', status: 'ready', percent: 100 })));
    await vi.waitFor(() => expect(uploadRow('labour-act.pdf').dataset.status).toBe('ready'));
    expect(screen.getByTestId('upload-total')).toHaveTextContent('3 of 3 files done');
    expect(within(screen.getByTestId('upload-total')).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '3');

    // Reaching ready refetches the list once, for the final page and chunk counts.
    await vi.waitFor(async () => expect(within(await docRow('labour-act.pdf')).getByText('19')).toBeInTheDocument(), { timeout: 2000 });
    expect(listCalls()).toBe(before + 1);
    expect(pending).toHaveLength(1);
  });

  it('shows a failure reported by a progress event in full', async () => {
    const requests = mockXhr();
    const { events } = setup();
    const zone = await screen.findByTestId('drop-zone');
    drop(zone, [new File(['x'], 'locked.pdf')]);
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    act(() => requests[0]!.respond(200, [{ part: 1, name: 'locked.pdf', document: doc({ id: 'd7', name: 'locked.pdf', status: 'queued' }), duplicate: false, error: null }]));
    await vi.waitFor(() => expect(uploadRow('locked.pdf').dataset.status).toBe('queued'));
    events.send(frame('library', 1, 'progress', progress({ documentId: 'd7', status: 'failed', error: 'encrypted PDF: a password is needed to read it' })));
    await vi.waitFor(() => expect(uploadRow('locked.pdf').dataset.status).toBe('failed'));
    expect(within(uploadRow('locked.pdf')).getByText('encrypted PDF: a password is needed to read it')).toBeInTheDocument();
  });

  it('uploads files chosen with the file picker', async () => {
    const requests = mockXhr();
    const { user } = setup();
    await screen.findByTestId('drop-zone');
    await user.upload(screen.getByLabelText('Files to add'), [new File(['a'], 'a.md'), new File(['b'], 'b.txt')]);
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.files().map((f) => f.name)).toEqual(['a.md', 'b.txt']);
    expect(screen.getAllByTestId('upload-row')).toHaveLength(2);
  });

  it('fails the files of a request that did not reach the backend, with the reason', async () => {
    const requests = mockXhr();
    setup();
    drop(await screen.findByTestId('drop-zone'), [new File(['a'], 'a.pdf')]);
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    act(() => requests[0]!.fail());
    await vi.waitFor(() => expect(uploadRow('a.pdf').dataset.status).toBe('failed'));
    expect(uploadRow('a.pdf')).toHaveTextContent('The upload did not reach the Lexflow backend');
  });
});

describe('CollectionPage: search', () => {
  const response: SearchResponse = {
    tookMs: 1.84,
    hits: [
      hit({
        rank: 1,
        score: 8.123,
        snippet: 'the employer shall give <mark>notice</mark> &amp; pay &lt;script&gt;',
        chunk: chunk({ id: 'k12', docId: 'd1', locator: { docName: 'employment-act.pdf', pageStart: 4, pageEnd: 5, headingPath: ['Chapter 2', 'Article 12'], start: 120, end: 480 } }),
        alsoIn: [
          { id: 'd4', name: 'employment-act.docx' },
          { id: 'd5', name: 'employment-act.html' },
        ],
      }),
      hit({
        rank: 2,
        score: 3.5,
        snippet: 'يجب <mark>إخطار</mark> الطرف',
        chunk: chunk({ id: 'k7', docId: 'd3', locator: { docName: 'civil-code.docx', pageStart: 0, pageEnd: 0, headingPath: ['الفصل الأول', 'المادة ٧'], start: 0, end: 90 } }),
      }),
    ],
  };

  it('searches on Enter and shows ranked hits with locators, scores, snippets and timing', async () => {
    const { user, fetch } = setup({ 'POST /api/search': () => response });
    const box = await screen.findByTestId('search-box');
    expect(box).toBe(screen.getByLabelText('Search this collection'));
    await user.type(box, 'notice period{Enter}');

    const hits = await screen.findAllByTestId('search-hit');
    expect(bodiesOf(fetch, 'POST', '/api/search')).toEqual([{ query: 'notice period', collectionIds: ['c1'], documentIds: [], topK: 10 }]);
    expect(hits.map((h) => h.dataset.chunkId)).toEqual(['k12', 'k7']);
    const first = within(hits[0]!);
    expect(first.getByText('1')).toBeInTheDocument();
    expect(first.getByRole('link', { name: /employment-act\.pdf/ })).toHaveAttribute(
      'href',
      '#/library/c1/documents/d1?start=120&end=480&q=notice+period&k=10&hit=k12',
    );
    // Cited as a lawyer cites it; the whole heading path is its tooltip.
    expect(first.getByText('pp. 4–5, Article 12').closest('p')).toHaveAttribute('title', 'Chapter 2 › Article 12');
    expect(first.getByText('score 8.12')).toBeInTheDocument();
    expect(hits[0]!.querySelector('mark')).toHaveTextContent('notice');
    expect(hits[0]!).toHaveTextContent('the employer shall give notice & pay <script>');
    expect(hits[0]!.querySelector('script')).toBeNull();
    expect(within(hits[1]!).getByText('المادة ٧')).toBeInTheDocument();
    expect(within(hits[0]!).getByTestId('search-hit-also')).toHaveTextContent('also in: employment-act.docx, employment-act.html');
    expect(within(hits[1]!).queryByTestId('search-hit-also')).toBeNull();
    expect(screen.getByTestId('search-meta')).toHaveTextContent('2 passages for “notice period” · 1.8 ms');
    expect(window.location.hash).toBe('#/library/c1?q=notice+period&k=10');
  });

  it('opens the source viewer at the hit when the card is clicked', async () => {
    const { user } = setup({ 'POST /api/search': () => response });
    await user.type(await screen.findByTestId('search-box'), 'notice{Enter}');
    const [first] = await screen.findAllByTestId('search-hit');
    await user.click(first!.querySelector('.search-hit-snippet')!);
    await vi.waitFor(() => expect(window.location.hash).toBe('#/library/c1/documents/d1?start=120&end=480&q=notice&k=10&hit=k12'));
  });

  it('reruns with the chosen number of results', async () => {
    const { user, fetch } = setup({ 'POST /api/search': () => response });
    await user.type(await screen.findByTestId('search-box'), 'notice{Enter}');
    await screen.findAllByTestId('search-hit');
    await user.selectOptions(screen.getByLabelText('Results'), '20');
    await vi.waitFor(() => expect(bodiesOf(fetch, 'POST', '/api/search').at(-1)).toMatchObject({ topK: 20 }));
  });

  it('keeps a number of results chosen before the first search', async () => {
    const { user, fetch } = setup({ 'POST /api/search': () => response });
    await user.selectOptions(await screen.findByLabelText('Results'), '5');
    await vi.waitFor(() => expect(screen.getByLabelText('Results')).toHaveValue('5'));
    await user.type(screen.getByTestId('search-box'), 'notice{Enter}');
    await vi.waitFor(() => expect(bodiesOf(fetch, 'POST', '/api/search')).toEqual([{ query: 'notice', collectionIds: ['c1'], documentIds: [], topK: 5 }]));
  });

  it('says when nothing matches, and shows a failed search with Retry', async () => {
    let fail = false;
    const { user } = setup({ 'POST /api/search': () => (fail ? errorResponse(500, 'internal', 'index is closed') : { hits: [], tookMs: 0.4 }) });
    await user.type(await screen.findByTestId('search-box'), 'xyzzy{Enter}');
    expect(await screen.findByRole('heading', { name: 'No passages match' })).toBeInTheDocument();
    fail = true;
    await user.clear(screen.getByTestId('search-box'));
    await user.type(screen.getByTestId('search-box'), 'other{Enter}');
    expect(await screen.findByText('index is closed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
