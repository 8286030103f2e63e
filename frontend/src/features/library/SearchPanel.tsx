import { memo, useEffect, useId, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { Search, SearchX } from 'lucide-react';
import type { SearchHit } from '../../lib/api.gen';
import { navigate } from '../../lib/router';
import { Button } from '../../components/ui/Button';
import { LoadError } from '../../components/ui/LoadError';
import { EmptyState } from '../../components/ui/EmptyState';
import { Spinner } from '../../components/ui/Spinner';
import { plural } from '../../lib/format';
import { citeLocator, documentLabel, fileBeside, formatScore, formatTook, locatorHeading } from '../../lib/display';
import { collectionPath, sourcePath } from '../../lib/paths/library';
import { DEFAULT_TOP_K, TOP_K_CHOICES, useSearch } from '../../shared/library/queries';
import { Snippet } from './Snippet';

export function parseTopK(raw: string | null): number {
  const n = Number(raw);
  return (TOP_K_CHOICES as readonly number[]).includes(n) ? n : DEFAULT_TOP_K;
}

const HitItem = memo(function HitItem({ hit, href, focus }: { hit: SearchHit; href: string; focus: boolean }) {
  const loc = hit.chunk.locator;
  const cite = citeLocator(loc);
  const heading = locatorHeading(loc);
  const linkRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (!focus || !linkRef.current) return;
    linkRef.current.focus({ preventScroll: true });
    linkRef.current.closest('li')?.scrollIntoView?.({ block: 'center' });
  }, [focus]);
  // The whole card opens the passage (the title link is what keyboards and screen readers use);
  // a click that ends a text selection in the snippet does not.
  const onCardClick = (e: MouseEvent<HTMLLIElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    if ((e.target as HTMLElement).closest('a')) return;
    if (window.getSelection?.()?.toString()) return;
    navigate(href);
  };
  return (
    <li className="search-hit" data-testid="search-hit" data-chunk-id={hit.chunk.id} data-rank={hit.rank} onClick={onCardClick}>
      <div className="search-hit-rank" aria-hidden="true">
        {hit.rank}
      </div>
      <div className="search-hit-body">
        <div className="search-hit-head">
          <a ref={linkRef} href={`#${href}`} className="search-hit-link" dir="auto">
            <span className="sr-only">Result {hit.rank}: </span>
            {documentLabel(loc) || 'Untitled document'}
          </a>
          {fileBeside(loc) && (
            <span className="search-hit-file" title={loc.docName}>
              {loc.docName}
            </span>
          )}
          <span className="search-hit-score" title="BM25 relevance score">
            score {formatScore(hit.score)}
          </span>
        </div>
        {cite && (
          <p className="search-hit-locator" title={heading || undefined}>
            <span className="search-hit-heading" dir="auto">
              {cite}
            </span>
          </p>
        )}
        <Snippet snippet={hit.snippet} className="search-hit-snippet" />
        {hit.alsoIn.length > 0 && (
          <p className="search-hit-also" data-testid="search-hit-also">
            also in: {hit.alsoIn.map((d) => d.name).join(', ')}
          </p>
        )}
      </div>
    </li>
  );
});

export interface SearchPanelProps {
  collectionId: string;
  /** The search in the address (?q=&k=), so it survives opening a hit and coming back. */
  query: string;
  topK: number;
  /** The chunk id of the hit to focus again (coming back from the source viewer). */
  focusHit?: string | null;
  /** Documents still being indexed (their passages are not found yet). */
  ingesting?: number;
}

/** Search one collection: ranked hits with snippets and locators — the retrieval test bench. */
export function SearchPanel({ collectionId, query, topK, focusHit = null, ingesting = 0 }: SearchPanelProps) {
  const [text, setText] = useState(query);
  const search = useSearch(collectionId, query, topK);
  const panelRef = useRef<HTMLElement>(null);
  const submitted = useRef(false);
  const inputId = useId();
  const topKId = useId();
  const titleId = useId();

  // Follow the address (back/forward, or "Back to search results").
  useEffect(() => setText(query), [query]);

  // When a search the user just ran answers, bring the results into view if they are below it.
  const answered = search.data ?? search.error;
  useEffect(() => {
    if (!answered || !submitted.current) return;
    submitted.current = false;
    const panel = panelRef.current;
    if (panel && typeof panel.scrollIntoView === 'function' && panel.getBoundingClientRect().top > window.innerHeight * 0.35) {
      panel.scrollIntoView({ block: 'start', behavior: 'smooth' });
    }
  }, [answered]);

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const q = text.trim();
    submitted.current = q !== '';
    if (q === query && q !== '') {
      void search.refetch();
      return;
    }
    navigate(collectionPath(collectionId, { q, k: topK }));
  };

  const setTopK = (k: number) => navigate(collectionPath(collectionId, { q: query, k }), { replace: true });

  const hits = search.data?.hits ?? [];

  return (
    <section className="search-panel" aria-labelledby={titleId} ref={panelRef}>
      <header className="section-header">
        <div>
          <h2 className="section-title" id={titleId}>
            Search
          </h2>
          <p className="section-description">See which passages a question finds, ranked the way answers will use them.</p>
        </div>
      </header>
      <form className="search-form" role="search" aria-labelledby={titleId} noValidate onSubmit={submit}>
        <div className="search-input-wrap">
          <Search size={15} aria-hidden="true" className="search-input-icon" />
          <label htmlFor={inputId} className="sr-only">
            Search this collection
          </label>
          <input
            id={inputId}
            data-testid="search-box"
            className="input search-input"
            type="search"
            dir="auto"
            autoComplete="off"
            spellCheck={false}
            placeholder="e.g. notice period for termination"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <div className="search-topk">
          <label htmlFor={topKId} className="search-topk-label">
            Results
          </label>
          <select id={topKId} className="select" value={topK} onChange={(e) => setTopK(Number(e.target.value))}>
            {TOP_K_CHOICES.map((k) => (
              <option key={k} value={k}>
                Top {k}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="primary" loading={search.isFetching}>
          Search
        </Button>
      </form>

      {ingesting > 0 && query && (
        <p className="search-note subtle">
          {plural(ingesting, 'document is', 'documents are')} still being indexed; their passages appear once they are ready.
        </p>
      )}

      {query && search.isPending && (
        <p className="search-status" role="status">
          <Spinner size={14} /> Searching…
        </p>
      )}

      {search.error && (
        <LoadError title="The search failed" onRetry={() => void search.refetch()}>
          {search.error.message}
        </LoadError>
      )}

      {search.data && (
        <div className="search-results" aria-busy={search.isFetching || undefined}>
          <p className="search-meta" data-testid="search-meta" role="status">
            {hits.length === 0 ? 'No passages found' : plural(hits.length, 'passage')} for “{query}” · {formatTook(search.data.tookMs)}
          </p>
          {hits.length === 0 ? (
            <EmptyState
              compact
              icon={<SearchX size={22} />}
              title="No passages match"
              description="Try other words — a defined term, an article number, or the wording the statute itself uses."
            />
          ) : (
            <ol className="search-hits" aria-label={`Results for ${query}`}>
              {hits.map((hit) => (
                <HitItem
                  key={hit.chunk.id}
                  hit={hit}
                  focus={focusHit === hit.chunk.id}
                  href={sourcePath(collectionId, hit.chunk.docId || hit.chunk.locator.docId, {
                    start: hit.chunk.locator.start,
                    end: hit.chunk.locator.end,
                    q: query,
                    k: topK,
                    hit: hit.chunk.id,
                  })}
                />
              ))}
            </ol>
          )}
        </div>
      )}
    </section>
  );
}
