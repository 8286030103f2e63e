import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Chunk, DocumentSource } from '../../lib/api.gen';
import { mockApi, type Route } from '../../test/api';
import { errorResponse } from '../../test/fetchMock';
import { renderWithClient } from '../../test/render';
import { SourceViewerPage } from './SourceViewerPage';
import { chunk, collection, doc } from '../../test/libraryData';

const judge = '👩‍⚖️';
const lines = [
  'EMPLOYMENT ACT 2024 😀',
  'Chapter 1 General',
  'Article 1. This Act applies to every employer.',
  'الفصل الثاني: إنهاء العقد',
  `المادة ١٢: يجب على صاحب العمل إخطار العامل ${judge} قبل ثلاثين يوماً من إنهاء العقد.`,
  'Article 13. Notice shall be given in writing 📝 and signed.',
];
const text = lines.join('\n');

/** Code-point offsets of a substring (what the backend's locators count). */
function span(sub: string, within = text): { start: number; end: number } {
  const i = within.indexOf(sub);
  if (i < 0) throw new Error(`not in text: ${sub}`);
  const start = Array.from(within.slice(0, i)).length;
  return { start, end: start + Array.from(sub).length };
}

function cpSlice(s: string, start: number, end: number): string {
  return Array.from(s).slice(start, end).join('');
}

const chunks: Chunk[] = [
  chunk({ id: 'k1', ordinal: 0, text: lines[2]!, locator: { ...span(lines[2]!), pageStart: 1, pageEnd: 1, headingPath: ['Chapter 1', 'Article 1'] } }),
  chunk({ id: 'k2', ordinal: 1, text: lines[4]!, language: 'ar', locator: { ...span(lines[4]!), pageStart: 3, pageEnd: 4, headingPath: ['الفصل الثاني', 'المادة ١٢'] } }),
  chunk({ id: 'k3', ordinal: 2, text: lines[5]!, locator: { ...span(lines[5]!), pageStart: 4, pageEnd: 4, headingPath: ['الفصل الثاني', 'Article 13'] } }),
];

const source: DocumentSource = { document: doc({ id: 'd1', name: 'employment-act.pdf' }), text, chunks, pages: [] };

const scroll = vi.fn();
beforeEach(() => {
  scroll.mockReset();
  Element.prototype.scrollIntoView = scroll;
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

function open(hash: string, routes: Record<string, Route> = {}, data: DocumentSource = source) {
  window.location.hash = hash;
  mockApi({
    'GET /api/collections': () => [collection()],
    'GET /api/documents/d1/source': () => data,
    ...routes,
  });
  return renderWithClient(<SourceViewerPage collectionId="c1" documentId="d1" />);
}

describe('SourceViewerPage', () => {
  it('highlights exactly the code-point span in Arabic text with emoji, and scrolls it to the centre', async () => {
    const { start, end } = chunks[1]!.locator;
    open(`#/library/c1/documents/d1?start=${start}&end=${end}&q=notice&k=10&hit=k2`);
    const mark = await screen.findByTestId('source-highlight');
    expect(mark.tagName).toBe('MARK');
    expect(mark.textContent).toBe(cpSlice(text, start, end));
    expect(mark.textContent).toBe(lines[4]);
    expect(mark.textContent).toContain(judge);
    expect(screen.getAllByTestId('source-highlight')).toHaveLength(1);
    expect(scroll).toHaveBeenCalledWith({ block: 'center', behavior: 'auto' });

    // The whole text is there, line breaks kept, direction left to the text.
    const body = screen.getByTestId('source-text');
    expect(body.textContent).toBe(text);
    expect(body).toHaveAttribute('dir', 'auto');
  });

  it('highlights a span after astral characters (where code points and UTF-16 differ)', async () => {
    const sub = 'writing 📝 and';
    const { start, end } = span(sub);
    expect(text.indexOf(sub)).not.toBe(start); // the emoji before it shift UTF-16 indices
    open(`#/library/c1/documents/d1?start=${start}&end=${end}`);
    expect((await screen.findByTestId('source-highlight')).textContent).toBe(sub);
  });

  it('shows the page(s) and heading path of the chunk containing the span', async () => {
    const { start, end } = span('إخطار العامل');
    open(`#/library/c1/documents/d1?start=${start}&end=${end}`);
    const locator = await screen.findByTestId('source-locator');
    expect(locator).toHaveTextContent('pp. 3–4');
    expect(locator).toHaveTextContent('الفصل الثاني › المادة ١٢');
    expect(screen.getByRole('heading', { level: 1, name: 'Employment Act' })).toBeInTheDocument();
    expect(screen.getByText('employment-act.pdf')).toHaveAttribute('title', 'File name');
  });

  it('names the article the span lies in when its passage holds several short ones', async () => {
    const act = 'Chapter 3 — Rent and Deposits\n\nArticle 5 Rent increases\nThe landlord may raise the rent once a year.\n\nArticle 6 Security deposit\nThe deposit is returned within thirty days.';
    const at = (sub: string) => span(sub, act);
    const chapter = 'Chapter 3 — Rent and Deposits';
    const merged = chunk({
      id: 'k1',
      text: act,
      locator: {
        start: 0,
        end: Array.from(act).length,
        pageStart: 0,
        pageEnd: 0,
        headingPath: [chapter],
        units: [
          { start: 0, end: at('once a year.').end, headingPath: [chapter, 'Article 5 Rent increases'], number: '5' },
          { start: at('Article 6').start, end: Array.from(act).length, headingPath: [chapter, 'Article 6 Security deposit'], number: '6', follows: true },
        ],
      },
    });
    const data: DocumentSource = { ...source, text: act, chunks: [merged] };
    const quote = at('returned within thirty days');
    const view = open(`#/library/c1/documents/d1?start=${quote.start}&end=${quote.end}`, {}, data);
    const locator = await screen.findByTestId('source-locator');
    expect(locator).toHaveTextContent('Chapter 3 — Rent and Deposits › Article 6 Security deposit');
    view.unmount();

    open(`#/library/c1/documents/d1?start=0&end=${Array.from(act).length}`, {}, data);
    expect(await screen.findByTestId('source-locator')).toHaveTextContent('Chapter 3 — Rent and Deposits › Articles 5–6');
  });

  it('lists the chunks in an outline; choosing one highlights it', async () => {
    const { start, end } = chunks[0]!.locator;
    const { user } = open(`#/library/c1/documents/d1?start=${start}&end=${end}&q=notice&k=5&hit=k1`);
    const outline = await screen.findByRole('navigation', { name: 'Outline' });
    const links = within(outline).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Article 1p. 1', 'المادة ١٢pp. 3–4', 'Article 13p. 4']);
    expect(links[0]).toHaveAttribute('aria-current', 'location');

    await user.click(links[2]!);
    await vi.waitFor(() => expect(screen.getByTestId('source-highlight').textContent).toBe(lines[5]));
    expect(within(outline).getAllByRole('link')[2]).toHaveAttribute('aria-current', 'location');
    expect(screen.getByTestId('source-locator')).toHaveTextContent('Article 13');
    expect(window.location.hash).toBe(`#/library/c1/documents/d1?start=${chunks[2]!.locator.start}&end=${chunks[2]!.locator.end}&q=notice&k=5&hit=k1`);
  });

  it('goes back to the search results it came from', async () => {
    open('#/library/c1/documents/d1?start=0&end=5&q=notice+period&k=20&hit=k1');
    const back = await screen.findByRole('link', { name: 'Back to search results' });
    expect(back).toHaveAttribute('href', '#/library/c1?q=notice+period&k=20&hit=k1');
  });

  it('opens a document without a span: no highlight, a link back to the collection', async () => {
    open('#/library/c1/documents/d1');
    expect(await screen.findByTestId('source-text')).toBeInTheDocument();
    expect(screen.queryByTestId('source-highlight')).not.toBeInTheDocument();
    expect(screen.getByTestId('source-locator')).toHaveTextContent('Whole document');
    expect(await screen.findByRole('link', { name: 'Back to Employment law' })).toHaveAttribute('href', '#/library/c1');
  });

  it('keeps one highlight element for a span across sections of a large text', async () => {
    const big = `${'😀 Section line of the statute with some words.\n'.repeat(1500)}`;
    const s = 5000;
    const e = 9000; // code points; spans several 6,000-unit sections
    open(`#/library/c1/documents/d1?start=${s}&end=${e}`, {}, { ...source, text: big, chunks: [] });
    const mark = await screen.findByTestId('source-highlight');
    expect(screen.getAllByTestId('source-highlight')).toHaveLength(1);
    expect(mark.textContent).toBe(cpSlice(big, s, e));
    expect(screen.getByTestId('source-text').textContent).toBe(big);
    expect(screen.getByTestId('source-text').children.length).toBeGreaterThan(3);
  });

  it('says when the span lies outside the text', async () => {
    open('#/library/c1/documents/d1?start=99999&end=100010');
    expect(await screen.findByRole('alert')).toHaveTextContent('The passage is outside this document’s text');
    expect(screen.queryByTestId('source-highlight')).not.toBeInTheDocument();
  });

  it('says when the document is gone, and offers Retry for other errors', async () => {
    open('#/library/c1/documents/d1', { 'GET /api/documents/d1/source': () => errorResponse(404, 'not_found', 'no such document') });
    expect(await screen.findByRole('heading', { name: 'This document is not in the library' })).toBeInTheDocument();
  });

  it('offers Retry when the text could not be loaded', async () => {
    let fail = true;
    const { user } = open('#/library/c1/documents/d1', {
      'GET /api/documents/d1/source': () => (fail ? errorResponse(400, 'bad_request', 'the file is gone from the data directory') : source),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('the file is gone from the data directory');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('source-text')).toBeInTheDocument();
  });

  it('keeps the text sections in place when the highlight moves', async () => {
    const { start, end } = chunks[0]!.locator;
    open(`#/library/c1/documents/d1?start=${start}&end=${end}`);
    const body = await screen.findByTestId('source-text');
    const sectionBefore = body.firstElementChild;
    await act(async () => {
      window.location.hash = `#/library/c1/documents/d1?start=${chunks[2]!.locator.start}&end=${chunks[2]!.locator.end}`;
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(screen.getByTestId('source-highlight').textContent).toBe(lines[5]);
    expect(body.firstElementChild).toBe(sectionBefore);
  });
});
