import { useEffect, useId, useRef, useState } from 'react';
import { BookOpen, CircleCheck, ExternalLink, TriangleAlert } from 'lucide-react';
import type { Citation } from '../../lib/api.gen';
import { citeLocator, documentLabel, fileBeside, locatorHeading } from '../../lib/display';
import { excerptParts } from './citations';
import { usePrefetchSource } from './openSource';
import './Answer.css';

export interface CitationChipProps {
  marker: number;
  citation: Citation | undefined;
  /** The answer is still streaming: the marker is shown but not yet linked. */
  pending?: boolean;
  /** The claim around it quoted text the passage does not contain. */
  flagged?: boolean;
  onOpen?: (c: Citation) => void;
}

/** The popover body: locator, excerpt with the verified quote marked, verification. */
export function CitationCard({ citation: c }: { citation: Citation }) {
  const cite = citeLocator(c.locator);
  const heading = locatorHeading(c.locator);
  const verified = c.quotes?.some((q) => q.verified);
  const failed = c.quotes?.some((q) => !q.verified);
  return (
    <>
      <span className="cite-card-head">
        <span className="cite-card-doc" dir="auto" title={fileBeside(c.locator) || undefined} data-testid="citation-doc">
          {documentLabel(c.locator) || 'Document'}
        </span>
        {cite && (
          <span className="cite-card-loc" dir="auto" title={heading || undefined} data-testid="citation-locator">
            <BookOpen size={12} aria-hidden="true" /> {cite}
          </span>
        )}
      </span>
      <span className="cite-card-excerpt" dir="auto" data-testid="citation-excerpt" tabIndex={0} aria-label="Cited passage">
        {excerptParts(c).map((p, i) =>
          p.quoted ? (
            <mark key={i} data-testid="citation-quote">
              {p.text}
            </mark>
          ) : (
            <span key={i}>{p.text}</span>
          ),
        )}
      </span>
      <span className="cite-card-foot">
        {verified && (
          <span className="cite-ok">
            <CircleCheck size={12} aria-hidden="true" /> Quote found verbatim
          </span>
        )}
        {failed && (
          <span className="cite-warn">
            <TriangleAlert size={12} aria-hidden="true" /> A quote was not found in this passage
          </span>
        )}
        {!verified && !failed && <span>Passage cited</span>}
        <span className="cite-card-open">
          <ExternalLink size={12} aria-hidden="true" /> Click to open the source
        </span>
      </span>
    </>
  );
}

/** A citation marker [n]: hover or focus shows the passage, click opens the source at the span. */
export function CitationChip({ marker, citation, pending = false, flagged = false, onOpen }: CitationChipProps) {
  const [open, setOpen] = useState(false);
  const [pos, setPos] = useState<{ left: number; top?: number; bottom?: number; above: boolean } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const popId = useId();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const prefetch = usePrefetchSource();

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!open) return;
    // The popover is placed for where the chip is; when the page scrolls, it goes.
    const close = () => setOpen(false);
    window.addEventListener('scroll', close, { capture: true, passive: true });
    window.addEventListener('resize', close);
    return () => {
      window.removeEventListener('scroll', close, { capture: true });
      window.removeEventListener('resize', close);
    };
  }, [open]);

  if (!citation) {
    return (
      <span className={`cite-chip cite-chip-static${pending ? ' cite-chip-pending' : ''}`} data-testid="citation-chip" data-marker={marker} title={pending ? 'Checking this citation…' : 'This marker cites no passage'}>
        {marker}
      </span>
    );
  }
  const show = () => {
    clearTimeout(timer.current);
    const r = button.current?.getBoundingClientRect();
    if (r) {
      const width = Math.min(380, window.innerWidth * 0.8);
      const left = Math.max(8, Math.min(r.left + r.width / 2 - width / 2, window.innerWidth - width - 8));
      const above = r.bottom + 300 > window.innerHeight && r.top > 300;
      setPos(above ? { left, bottom: window.innerHeight - r.top + 6, above } : { left, top: r.bottom + 6, above });
    }
    setOpen(true);
    prefetch(citation);
  };
  const hide = (delay = 120) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(false), delay);
  };
  return (
    <span className="cite-wrap" onMouseEnter={show} onMouseLeave={() => hide()}>
      <button
        ref={button}
        type="button"
        className={`cite-chip${flagged ? ' cite-chip-flagged' : ''}`}
        data-testid="citation-chip"
        data-marker={marker}
        aria-label={`Citation ${marker}: ${documentLabel(citation.locator)}${flagged ? ' (quote not found)' : ''}`}
        aria-describedby={open ? popId : undefined}
        aria-expanded={open}
        onFocus={show}
        onBlur={() => hide(0)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setOpen(false);
        }}
        onClick={() => onOpen?.(citation)}
      >
        {marker}
      </button>
      {open && (
        <span
          className={`cite-popover${pos?.above ? ' cite-popover-above' : ''}`}
          role="tooltip"
          id={popId}
          data-testid="citation-popover"
          style={pos ? { left: pos.left, top: pos.top, bottom: pos.bottom } : undefined}
        >
          <CitationCard citation={citation} />
        </span>
      )}
    </span>
  );
}
