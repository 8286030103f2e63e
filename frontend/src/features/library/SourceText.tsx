import { memo, useLayoutEffect, useMemo, useRef, type RefObject } from 'react';
import { groupForHighlight, type Section } from './sourceText';

/** A UTF-16 range [start, end) of the text. */
export interface Utf16Range {
  start: number;
  end: number;
}

function estimatedHeight(text: string, start: number, end: number): number {
  let lines = 1;
  let run = 0;
  for (let i = start; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      lines += 1 + Math.floor(run / 90);
      run = 0;
    } else run++;
  }
  lines += Math.floor(run / 90);
  return Math.max(24, Math.round(lines * 25.6));
}

interface SectionProps {
  text: string;
  start: number;
  end: number;
  /** The highlight inside this section, or -1/-1. */
  hlStart: number;
  hlEnd: number;
  markRef: RefObject<HTMLElement | null>;
}

/**
 * A run of whole lines. Off-screen sections are skipped by the browser's layout
 * (content-visibility: auto) and, memoised, are not re-rendered when the highlight moves.
 */
const SourceSection = memo(function SourceSection({ text, start, end, hlStart, hlEnd, markRef }: SectionProps) {
  const height = useMemo(() => estimatedHeight(text, start, end), [text, start, end]);
  const active = hlStart >= 0;
  return (
    <div
      className={`source-section${active ? ' source-section-active' : ''}`}
      dir="auto"
      style={active ? undefined : { containIntrinsicSize: `auto ${height}px` }}
    >
      {active ? (
        <>
          {text.slice(start, hlStart)}
          <mark data-testid="source-highlight" className="source-highlight" ref={markRef}>
            {text.slice(hlStart, hlEnd)}
          </mark>
          {text.slice(hlEnd, end)}
        </>
      ) : (
        text.slice(start, end)
      )}
    </div>
  );
});

export interface SourceTextProps {
  text: string;
  sections: readonly Section[];
  /** The span to highlight, in UTF-16 units (convert locators with OffsetMap first). */
  highlight: Utf16Range | null;
  /** Changes whenever the viewer should scroll to the highlight again (e.g. the same chunk clicked twice). */
  scrollKey?: unknown;
  /** Language of the text, for fonts and hyphenation. */
  lang?: string;
}

/**
 * The extracted text of a document in a readable column: line breaks kept, each section's
 * direction from its own text (Arabic right to left), the span highlighted with one <mark>
 * and scrolled to the middle of the view.
 */
export const SourceText = memo(function SourceText({ text, sections, highlight, scrollKey, lang }: SourceTextProps) {
  const markRef = useRef<HTMLElement | null>(null);
  const hlStart = highlight && highlight.end > highlight.start ? highlight.start : -1;
  const hlEnd = hlStart >= 0 && highlight ? highlight.end : -1;
  const groups = useMemo(() => (hlStart >= 0 ? groupForHighlight(sections, hlStart, hlEnd) : sections), [sections, hlStart, hlEnd]);
  const first = useRef(true);

  useLayoutEffect(() => {
    const mark = markRef.current;
    if (hlStart < 0 || !mark || typeof mark.scrollIntoView !== 'function') return;
    const reduce = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    // Centre the span; one taller than most of the view is shown from its start instead. Glide
    // only over short distances; a jump across a long document is instant.
    const rect = mark.getBoundingClientRect();
    const tall = rect.height > window.innerHeight * 0.6;
    const near = Math.abs(rect.top) < window.innerHeight * 2;
    mark.scrollIntoView({ block: tall ? 'start' : 'center', behavior: first.current || reduce || !near ? 'auto' : 'smooth' });
    first.current = false;
  }, [hlStart, hlEnd, scrollKey]);

  return (
    <div className="source-text" data-testid="source-text" dir="auto" lang={lang || undefined}>
      {groups.map((g) => {
        const inside = hlStart >= 0 && g.start <= hlStart && hlEnd <= g.end;
        return (
          <SourceSection
            key={g.start}
            text={text}
            start={g.start}
            end={g.end}
            hlStart={inside ? hlStart : -1}
            hlEnd={inside ? hlEnd : -1}
            markRef={markRef}
          />
        );
      })}
    </div>
  );
});
