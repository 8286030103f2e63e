import { useCallback, useMemo, useState } from 'react';
import { ArrowLeft, BookOpen, FileQuestion, Heading } from 'lucide-react';
import type { Chunk } from '../../lib/api.gen';
import { BackendError } from '../../lib/backend';
import { Link } from '../../components/ui/Link';
import { navigate, useRouteQuery } from '../../lib/router';
import { Badge } from '../../components/ui/Badge';
import { Callout } from '../../components/ui/Callout';
import { LoadError } from '../../components/ui/LoadError';
import { EmptyState } from '../../components/ui/EmptyState';
import { PageHeader } from '../../components/ui/PageHeader';
import { formatBytes, plural } from '../../lib/format';
import { Breadcrumbs } from './Breadcrumbs';
import { citeLocator, formatName, isRtlLanguage, languageName, locatorHeading, narrowLocator } from '../../lib/display';
import { OffsetMap } from '../../lib/offsets';
import { PageView } from './PageView';
import { pagesOfSpan } from './pageView';
import { collectionPath, intParam, LIBRARY_PATH, parseSourceView, sourcePath, type SourceView } from '../../lib/paths/library';
import { isIngesting, stageText } from '../../shared/library/progress';
import { useCollections, useDocumentSource } from '../../shared/library/queries';
import { parseTopK } from './SearchPanel';
import { SourceOutline } from './SourceOutline';
import { SourceText } from './SourceText';
import { sourcePanelId, sourceTabId, SourceViewTabs } from './SourceViewTabs';
import { chunkForSpan, splitSections } from './sourceText';
import './Library.css';
import './SourceViewer.css';

const numbers = new Intl.NumberFormat();

/** A `from` route to go back to: only in-app chat routes are accepted. */
function backRoute(from: string | null): string | null {
  return from && /^\/chat(\/[\w-]+)?$/.test(from) ? from : null;
}

/**
 * #/library/{collectionId}/documents/{documentId}?start=&end=: the extracted text with the span
 * highlighted; for a PDF also the original page (&view=page) with the span marked on it.
 */
export function SourceViewerPage({ collectionId, documentId }: { collectionId: string; documentId: string }) {
  const params = useRouteQuery();
  const start = intParam(params, 'start');
  const end = intParam(params, 'end');
  const query = params.get('q')?.trim() ?? '';
  const topK = parseTopK(params.get('k'));
  const hit = params.get('hit');
  const from = backRoute(params.get('from'));
  const askedView = parseSourceView(params.get('view'));
  const source = useDocumentSource(documentId);
  const collections = useCollections();
  const collection = collections.data?.find((c) => c.id === collectionId);
  const [scrollKey, setScrollKey] = useState(0);

  const text = source.data?.text ?? '';
  const map = useMemo(() => new OffsetMap(text), [text]);
  const sections = useMemo(() => splitSections(text), [text]);
  const chunks = useMemo(
    () => [...(source.data?.chunks ?? [])].sort((a, b) => a.locator.start - b.locator.start || a.ordinal - b.ordinal),
    [source.data],
  );

  const hasSpan = start !== null && end !== null && end > start;
  const outOfRange = hasSpan && source.data !== undefined && start >= map.codePointLength;
  const highlight = useMemo(
    () => (hasSpan && !outOfRange ? map.rangeToUtf16(start, end) : null),
    [hasSpan, outOfRange, map, start, end],
  );
  const chunk = useMemo(() => (hasSpan ? chunkForSpan(chunks, start, end) : null), [hasSpan, chunks, start, end]);
  const isPDF = source.data?.document.format === 'pdf';
  const view: SourceView = isPDF ? askedView : 'text';
  const spanPages = useMemo(
    () => (hasSpan && !outOfRange ? pagesOfSpan(source.data?.pages ?? [], chunk, start, end) : null),
    [hasSpan, outOfRange, source.data, chunk, start, end],
  );
  const span = useMemo(() => (hasSpan && !outOfRange ? { start, end } : null), [hasSpan, outOfRange, start, end]);

  const hrefFor = useCallback(
    (c: Chunk) =>
      sourcePath(collectionId, documentId, {
        start: c.locator.start,
        end: c.locator.end,
        q: query,
        k: topK,
        hit: hit ?? undefined,
        from: from ?? undefined,
        view,
      }),
    [collectionId, documentId, query, topK, hit, from, view],
  );
  const openChunk = useCallback(
    (c: Chunk) => {
      navigate(hrefFor(c), { replace: true });
      setScrollKey((n) => n + 1);
    },
    [hrefFor],
  );

  const setView = useCallback(
    (next: SourceView) =>
      navigate(
        sourcePath(collectionId, documentId, {
          start: start ?? undefined,
          end: end ?? undefined,
          q: query,
          k: topK,
          hit: hit ?? undefined,
          from: from ?? undefined,
          view: next,
        }),
        { replace: true },
      ),
    [collectionId, documentId, start, end, query, topK, hit, from],
  );

  const back = from
    ? { label: 'Back to the conversation', to: from }
    : query
    ? { label: 'Back to search results', to: collectionPath(collectionId, { q: query, k: topK, hit: hit ?? undefined }) }
    : { label: `Back to ${collection?.name ?? 'the collection'}`, to: collectionPath(collectionId) };

  const doc = source.data?.document;
  const crumbs = [
    { label: 'Library', to: LIBRARY_PATH },
    { label: collection?.name ?? 'Collection', to: collectionPath(collectionId) },
    { label: doc?.title || doc?.name || 'Document' },
  ];

  const backLink = (
    <Link to={back.to} className="source-back">
      <ArrowLeft size={14} aria-hidden="true" />
      {back.label}
    </Link>
  );

  if (source.isPending) {
    return (
      <>
        <Breadcrumbs items={crumbs} />
        {backLink}
        <div aria-busy="true" aria-label="Loading the document">
          <div className="skeleton skeleton-title" />
          <div className="skeleton source-skeleton" />
        </div>
      </>
    );
  }

  if (source.error) {
    const missing = source.error instanceof BackendError && source.error.status === 404;
    return (
      <>
        <Breadcrumbs items={crumbs} />
        {backLink}
        {missing ? (
          <EmptyState
            icon={<FileQuestion size={22} />}
            title="This document is not in the library"
            description="It may have been deleted or re-imported under another id."
          />
        ) : (
          <LoadError title="The document could not be opened" onRetry={() => void source.refetch()}>
            {source.error.message}
          </LoadError>
        )}
      </>
    );
  }

  const d = source.data.document;
  const ocrPages = (source.data.pages ?? []).filter((p) => p.ocr).length;
  // The article the highlighted span lies in, when its passage holds several short ones: cited as a
  // lawyer cites it, with the whole heading path beside it for context.
  const spanLocator = chunk && start !== null && end !== null ? narrowLocator(chunk.locator, start, end) : null;
  const cite = spanLocator ? citeLocator(spanLocator) : '';
  const heading = spanLocator ? locatorHeading(spanLocator) : '';

  const textArticle = (
    <article className="source-article" aria-label={`Text of ${d.title || d.name}`}>
      {text ? (
        <SourceText text={text} sections={sections} highlight={highlight} scrollKey={scrollKey} lang={d.language} />
      ) : (
        <EmptyState compact icon={<FileQuestion size={22} />} title="No text" description="No text was extracted from this document." />
      )}
    </article>
  );

  return (
    <div className="source-page">
      <Breadcrumbs items={crumbs} />
      {backLink}
      <PageHeader
        title={d.title || d.name}
        description={
          <span className="source-meta">
            <Badge>{formatName(d.format, d.name)}</Badge>
            {d.title && d.title !== d.name && (
              <span className="source-file" title="File name">
                {d.name}
              </span>
            )}
            {d.language && <span>{languageName(d.language)}</span>}
            {d.pages > 0 && <span>{plural(d.pages, 'page')}</span>}
            {ocrPages > 0 && (
              <span title="These pages are scans: their text was read by OCR and may differ from the page; quotes are checked against it.">
                <Badge tone="warning">{ocrPages === d.pages ? 'Scanned · text by OCR' : `${plural(ocrPages, 'page')} by OCR`}</Badge>
              </span>
            )}
            <span>{plural(chunks.length, 'passage')}</span>
            {d.size > 0 && <span>{formatBytes(d.size)}</span>}
          </span>
        }
      />

      <div className="source-locator" data-testid="source-locator" role="status">
        {hasSpan && !outOfRange ? (
          <>
            <span
              className="source-locator-item source-locator-cite"
              data-part="cite"
              title={`Characters ${numbers.format(start)}–${numbers.format(end)} of the extracted text`}
            >
              <BookOpen size={14} aria-hidden="true" />
              <span dir="auto">{cite || 'Passage without a heading'}</span>
            </span>
            {heading && heading !== cite && (
              <span className="source-locator-item source-locator-heading" data-part="heading">
                <Heading size={14} aria-hidden="true" />
                <span dir="auto">{heading}</span>
              </span>
            )}
          </>
        ) : (
          <span className="source-locator-item subtle">Whole document · choose a passage in the outline to highlight it</span>
        )}
      </div>

      {d.status !== 'ready' && (
        <Callout tone={d.status === 'failed' ? 'danger' : 'info'} title={d.status === 'failed' ? 'Ingestion failed' : `This document is ${stageText(d.status, d.percent).toLowerCase()}`}>
          {d.status === 'failed' ? d.error || 'No reason was given.' : isIngesting(d.status) ? 'The text below may be incomplete until it is ready.' : null}
        </Callout>
      )}
      {outOfRange && (
        <Callout tone="danger" role="alert" title="The passage is outside this document’s text">
          Characters {numbers.format(start)}–{numbers.format(end)} were asked for, but the text has {numbers.format(map.codePointLength)}. The
          document may have been re-indexed since the link was made.
        </Callout>
      )}

      <div className="source-layout">
        <SourceOutline chunks={chunks} rtl={isRtlLanguage(d.language)} activeId={chunk?.id ?? null} hrefFor={hrefFor} onOpen={openChunk} />
        {isPDF ? (
          <div className="source-main">
            <SourceViewTabs view={view} onChange={setView} />
            <div role="tabpanel" id={sourcePanelId} aria-labelledby={sourceTabId(view)} className="source-panel">
              {view === 'page' ? (
                <PageView documentId={documentId} name={d.title || d.name} pageCount={d.pages} span={span} spanPages={spanPages} scrollKey={scrollKey} />
              ) : (
                textArticle
              )}
            </div>
          </div>
        ) : (
          textArticle
        )}
      </div>
    </div>
  );
}
