import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocumentSource, PageHighlight } from '../../lib/api.gen';
import { mockApi } from '../../test/api';
import { errorResponse } from '../../test/fetchMock';
import { renderWithClient } from '../../test/render';
import { SourceViewerPage } from './SourceViewerPage';
import { chunk, collection, doc } from '../../test/libraryData';

const text = 'Article 1. Scope.\n\nArticle 2. Every employer shall give notice in writing.';
const quote = 'give notice in writing';
const start = text.indexOf(quote);
const end = start + quote.length;

const source: DocumentSource = {
  document: doc({ id: 'd1', name: 'employment-act.pdf', pages: 3 }),
  text,
  chunks: [chunk({ id: 'k1', text, locator: { docId: 'd1', docName: 'employment-act.pdf', pageStart: 1, pageEnd: 2, headingPath: ['Article 2'], start: 0, end: text.length } })],
  pages: [
    { page: 1, start: 0, end: 17, ocr: false },
    { page: 2, start: 19, end: text.length, ocr: false },
    { page: 3, start: text.length, end: text.length, ocr: false },
  ],
};

function highlight(page: number, boxes: PageHighlight['boxes']): PageHighlight {
  return { page, pageCount: 3, width: 612, height: 792, boxes, ocr: false };
}

/** A PNG's first bytes: enough for a blob the page view hands to an object URL. */
const png = () => new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { 'Content-Type': 'image/png' } });

const scroll = vi.fn();
beforeEach(() => {
  scroll.mockReset();
  Element.prototype.scrollIntoView = scroll;
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:page-${++n}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

function open(hash: string, data: DocumentSource = source, boxes = [{ left: 0.12, top: 0.3, width: 0.4, height: 0.02 }]) {
  window.location.hash = hash;
  const fetch = mockApi({
    'GET /api/collections': () => [collection()],
    'GET /api/documents/d1/source': () => data,
    'GET /api/documents/d1/pages/1/highlight': () => highlight(1, []),
    'GET /api/documents/d1/pages/2/highlight': () => highlight(2, boxes),
    'GET /api/documents/d1/pages/3/highlight': () => highlight(3, []),
    'GET /api/documents/d1/pages/1/image': png,
    'GET /api/documents/d1/pages/2/image': png,
    'GET /api/documents/d1/pages/3/image': () => errorResponse(500, 'internal', 'the engine stopped'),
  });
  return { fetch, ...renderWithClient(<SourceViewerPage collectionId="c1" documentId="d1" />) };
}

/** The page's image, once drawn; fires its load as a browser would. */
async function pageImage() {
  const img = await screen.findByTestId('page-image');
  act(() => void fireEvent.load(img));
  return img;
}

describe('PageView', () => {
  it('opens at the page of the span, marks the quote and scrolls to it', async () => {
    const { fetch } = open(`#/library/c1/documents/d1?start=${start}&end=${end}&view=page`);
    const img = await pageImage();
    expect(img).toHaveAttribute('alt', 'Page 2 of 3 of Employment Act');
    expect(img).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    const marks = await screen.findAllByTestId('page-highlight');
    expect(marks).toHaveLength(1);
    expect(scroll).toHaveBeenCalledWith(expect.objectContaining({ block: 'nearest' }));
    expect(screen.getByTestId('page-number')).toHaveValue('2');
    expect(screen.getByTestId('page-count')).toHaveTextContent('of 3');
    expect(screen.getByTestId('page-status')).toHaveTextContent('The passage is highlighted on this page');
    expect(screen.getByRole('tab', { name: 'Page' })).toHaveAttribute('aria-selected', 'true');

    // The image was asked for with the span's page and a width; the highlight with the span.
    const urls = fetch.mock.calls.map(([u]) => String(u));
    expect(urls).toContain(`/api/documents/d1/pages/2/highlight?start=${start}&end=${end}`);
    expect(urls.some((u) => /\/pages\/2\/image\?width=\d+$/.test(u))).toBe(true);
  });

  it('goes to another page by the buttons and the page number field', async () => {
    const { user } = open(`#/library/c1/documents/d1?start=${start}&end=${end}&view=page`);
    await pageImage();
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(screen.getByTestId('page-number')).toHaveValue('1');
    expect(await screen.findByRole('button', { name: /Go to page 2/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    const field = screen.getByTestId('page-number');
    await user.clear(field);
    await user.type(field, '3{Enter}');
    // Page 3 cannot be drawn: said so, with a retry, and the toolbar still works.
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Page 3 could not be drawn');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('zooms by steps and back to the width of the view', async () => {
    const { user } = open(`#/library/c1/documents/d1?start=${start}&end=${end}&view=page`);
    await pageImage();
    const zoom = screen.getByRole('status', { name: 'Zoom' });
    const fit = zoom.textContent;
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(zoom.textContent).not.toBe(fit);
    expect(screen.getByRole('button', { name: /Fit width/ })).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('button', { name: /Fit width/ }));
    expect(zoom.textContent).toBe(fit);
  });

  it('says when the highlight cannot be placed, and still shows the page', async () => {
    open(`#/library/c1/documents/d1?start=${start}&end=${end}&view=page`, source, []);
    await pageImage();
    expect(await screen.findByText('The highlight could not be placed on this page')).toBeInTheDocument();
    expect(screen.queryByTestId('page-highlight')).toBeNull();
  });

  it('switches between the text and the page with the keyboard', async () => {
    const { user } = open(`#/library/c1/documents/d1?start=${start}&end=${end}`);
    const textTab = await screen.findByRole('tab', { name: 'Text' });
    expect(textTab).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByTestId('source-highlight')).toHaveTextContent(quote);
    textTab.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Page' })).toHaveFocus();
    expect(window.location.hash).toContain('view=page');
    expect(await screen.findByTestId('page-image')).toBeInTheDocument();
  });

  it('offers no page view for a document that is not a PDF', async () => {
    open(`#/library/c1/documents/d1?start=${start}&end=${end}&view=page`, { ...source, document: doc({ name: 'act.docx', format: 'docx' }), pages: [] });
    expect(await screen.findByTestId('source-highlight')).toHaveTextContent(quote);
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByTestId('page-view')).toBeNull();
  });
});
