import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { BackendError } from '../../lib/backend';
import { LoadError } from '../../components/ui/LoadError';
import { Spinner } from '../../components/ui/Spinner';
import { PageMarks } from './PageMarks';
import { PageStatus } from './PageStatus';
import { PageToolbar } from './PageToolbar';
import { imageWidth, scaleOf, shownWidth, stepZoom, type PageRange, type Zoom } from './pageView';
import { usePageHighlight, usePageImage } from '../../shared/library/queries';
import './PageView.css';

export interface PageViewProps {
  documentId: string;
  /** The document's name, for the image's text alternative. */
  name: string;
  /** The page count the library knows; the engine's count replaces it once a page is read. */
  pageCount: number;
  /** The cited span, code points of the document's text. */
  span: { start: number; end: number } | null;
  /** The pages the span lies on; the view opens at the first. */
  spanPages: PageRange | null;
  /** Changes whenever the view should go back to the span (the same passage chosen again). */
  scrollKey?: unknown;
}

const LETTER = { width: 612, height: 792 };

/** The original page of a PDF as the engine draws it, the cited words marked, with paging and zoom. */
export function PageView({ documentId, name, pageCount, span, spanPages, scrollKey }: PageViewProps) {
  const opening = spanPages?.first ?? 1;
  const [page, setPage] = useState(opening);
  const [zoom, setZoom] = useState<Zoom>('fit');
  useEffect(() => setPage(opening), [opening, scrollKey]);

  const stageRef = useRef<HTMLDivElement>(null);
  const viewWidth = useContentWidth(stageRef);
  const info = usePageHighlight(documentId, page, span?.start ?? 0, span?.end ?? 0);
  const size = useLastDefined(info.data ? { width: info.data.width || LETTER.width, height: info.data.height || LETTER.height } : undefined) ?? LETTER;
  const count = Math.max(1, info.data?.pageCount ?? pageCount);
  const width = shownWidth(zoom, size.width, viewWidth);
  const scale = scaleOf(width, size.width);
  const image = usePageImage(documentId, page, imageWidth(width, window.devicePixelRatio), viewWidth > 0);
  const drawn = useObjectURL(image.data, page);
  const url = drawn?.page === page ? drawn.url : null;
  const [loadedPage, setLoadedPage] = useState<number | null>(null);
  useEffect(() => setLoadedPage(null), [page]);
  const loaded = url !== null && loadedPage === page;

  const go = useCallback((n: number) => setPage(Math.min(Math.max(1, n), count)), [count]);
  const zoomBy = useCallback((dir: 1 | -1) => setZoom(stepZoom(scale, dir)), [scale]);

  // Bring the first mark into view once the page it is on has been drawn.
  const firstMark = useRef<HTMLSpanElement>(null);
  const boxes = info.data?.page === page ? info.data.boxes : [];
  const scrolledFor = useRef('');
  useEffect(() => {
    const key = `${page}:${span?.start}:${span?.end}:${String(scrollKey)}`;
    if (!loaded || boxes.length === 0 || scrolledFor.current === key) return;
    scrolledFor.current = key;
    const mark = firstMark.current;
    const stage = stageRef.current;
    if (mark && stage) centreIn(stage, mark);
  }, [loaded, boxes, page, span?.start, span?.end, scrollKey]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    const wide = el.scrollWidth > el.clientWidth + 1;
    const act: Record<string, () => void> = {
      '+': () => zoomBy(1),
      '=': () => zoomBy(1),
      '-': () => zoomBy(-1),
      '0': () => setZoom('fit'),
      ...(wide ? {} : { ArrowLeft: () => go(page - 1), ArrowRight: () => go(page + 1) }),
    };
    const fn = e.ctrlKey || e.metaKey || e.altKey ? undefined : act[e.key];
    if (!fn) return;
    e.preventDefault();
    fn();
  };

  return (
    <div className="page-view" data-testid="page-view">
      <PageToolbar page={page} pageCount={count} scale={scale} fit={zoom === 'fit'} onPage={go} onZoom={zoomBy} onFit={() => setZoom('fit')} />
      {span && <PageStatus page={page} spanPages={spanPages} highlight={info} onPage={go} />}
      <div
        ref={stageRef}
        className="page-stage"
        tabIndex={0}
        role="region"
        aria-label={`Page ${page} of ${count}`}
        aria-keyshortcuts="ArrowLeft ArrowRight + - 0"
        aria-busy={!loaded}
        onKeyDown={onKeyDown}
      >
        {image.error ? (
          <div className="page-error">
            <LoadError title={`Page ${page} could not be drawn`} onRetry={() => void image.refetch()}>
              {image.error instanceof BackendError ? image.error.message : 'The page image could not be loaded.'}
            </LoadError>
          </div>
        ) : (
          <div className="page-sheet" style={{ width: `${width}px`, aspectRatio: `${size.width} / ${size.height}` }} data-loaded={loaded}>
            {url && (
              <img
                className="page-image"
                data-testid="page-image"
                src={url}
                alt={`Page ${page} of ${count} of ${name}`}
                draggable={false}
                onLoad={() => setLoadedPage(page)}
              />
            )}
            {loaded && <PageMarks boxes={boxes} firstRef={firstMark} />}
            {!loaded && (
              <div className="page-loading">
                <Spinner size={18} />
                <span>Drawing page {page}…</span>
              </div>
            )}
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * Scrolls the page's pane to put the mark in its middle, then the window only as far as needed
 * to show the mark, so the toolbar above the pane stays in view when it can.
 */
function centreIn(stage: HTMLElement, mark: HTMLElement) {
  const m = mark.getBoundingClientRect();
  const s = stage.getBoundingClientRect();
  stage.scrollTop += m.top + m.height / 2 - (s.top + s.height / 2);
  stage.scrollLeft += m.left + m.width / 2 - (s.left + s.width / 2);
  mark.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'auto' });
}

/** The width inside an element's padding, followed as it is resized. */
function useContentWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const style = getComputedStyle(el);
      const inner = el.clientWidth - parseFloat(style.paddingLeft || '0') - parseFloat(style.paddingRight || '0');
      // A layout-less environment (tests) measures 0: assume a usual column.
      setWidth(el.clientWidth > 0 ? Math.floor(inner) : 760);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return width;
}

/** An object URL for the image of a page, revoked when the image changes or the view goes. */
function useObjectURL(blob: Blob | undefined, page: number): { url: string; page: number } | null {
  const [drawn, setDrawn] = useState<{ url: string; page: number } | null>(null);
  useEffect(() => {
    if (!blob) return;
    const url = URL.createObjectURL(blob);
    setDrawn({ url, page });
    return () => URL.revokeObjectURL(url);
    // The page is the blob's: a blob is only ever asked for one page.
  }, [blob]);
  return drawn;
}

/** The latest defined value seen, so a size stays while the next page's is asked for. */
function useLastDefined<T>(value: T | undefined): T | undefined {
  const last = useRef<T | undefined>(value);
  if (value !== undefined) last.current = value;
  return value ?? last.current;
}
