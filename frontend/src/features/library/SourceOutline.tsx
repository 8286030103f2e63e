import { memo, useEffect, useId, useMemo, useRef, type MouseEvent } from 'react';
import type { Chunk } from '../../lib/api.gen';
import { headingLabel, outlineTitle, pagesLabel } from '../../lib/display';

export interface SourceOutlineProps {
  chunks: readonly Chunk[];
  /** Right to left for Arabic and other RTL documents (indentation follows). */
  rtl?: boolean;
  activeId: string | null;
  hrefFor: (chunk: Chunk) => string;
  onOpen: (chunk: Chunk) => void;
}

interface Entry {
  chunk: Chunk;
  href: string;
  title: string;
  path: string;
  pages: string;
  depth: number;
  /** The same heading path as the entry before (a long article split in parts). */
  continued: boolean;
}

const OutlineItem = memo(function OutlineItem({ entry, active, onOpen }: { entry: Entry; active: boolean; onOpen: (c: Chunk) => void }) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    onOpen(entry.chunk);
  };
  return (
    <li>
      <a
        href={`#${entry.href}`}
        className={`source-outline-link outline-depth-${entry.depth}`}
        aria-current={active ? 'location' : undefined}
        title={entry.path || undefined}
        data-chunk-id={entry.chunk.id}
        onClick={onClick}
      >
        <span className="source-outline-label" dir="auto">
          {entry.title}
          {entry.continued && <span className="subtle"> (cont.)</span>}
        </span>
        {entry.pages && <span className="source-outline-pages">{entry.pages}</span>}
      </a>
    </li>
  );
});

/**
 * The document's chunks by heading path; choosing one highlights it in the text. The entries
 * are worked out once per document, and moving the highlight re-renders only the two entries
 * whose state changes (a statute may have thousands).
 */
export const SourceOutline = memo(function SourceOutline({ chunks, rtl = false, activeId, hrefFor, onOpen }: SourceOutlineProps) {
  const listRef = useRef<HTMLOListElement>(null);
  const titleId = useId();

  const entries = useMemo<Entry[]>(() => {
    let previous = '';
    return chunks.map((chunk) => {
      const heading = chunk.locator.headingPath ?? [];
      const path = headingLabel(heading);
      const { title, depth } = outlineTitle(chunk);
      const entry: Entry = {
        chunk,
        href: hrefFor(chunk),
        title,
        path,
        pages: pagesLabel(chunk.locator.pageStart, chunk.locator.pageEnd),
        depth: Math.min(4, depth),
        continued: path !== '' && path === previous,
      };
      previous = path;
      return entry;
    });
  }, [chunks, hrefFor]);

  // Keep the current chunk visible in the outline. Only the list scrolls: scrollIntoView would
  // also scroll the page and cut short the text's own scroll to the highlight.
  useEffect(() => {
    const list = listRef.current;
    const el = activeId ? list?.querySelector<HTMLElement>('[aria-current="location"]') : null;
    if (!list || !el) return;
    const top = el.offsetTop - list.offsetTop;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + el.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + el.offsetHeight - list.clientHeight;
  }, [activeId]);

  return (
    <nav className="source-outline" aria-labelledby={titleId}>
      <h2 className="source-outline-title" id={titleId}>
        Outline
      </h2>
      {entries.length === 0 ? (
        <p className="source-outline-empty subtle">This document has no passages.</p>
      ) : (
        <ol className="source-outline-list" ref={listRef} dir={rtl ? 'rtl' : undefined}>
          {entries.map((entry) => (
            <OutlineItem key={entry.chunk.id} entry={entry} active={entry.chunk.id === activeId} onOpen={onOpen} />
          ))}
        </ol>
      )}
    </nav>
  );
});
