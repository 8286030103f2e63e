import { useEffect, useState, type KeyboardEvent } from 'react';
import { ChevronLeft, ChevronRight, MoveHorizontal, ZoomIn, ZoomOut } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { parsePage, ZOOM_STEPS } from './pageView';

export interface PageToolbarProps {
  page: number;
  pageCount: number;
  /** The shown scale, 1 being the printed size. */
  scale: number;
  fit: boolean;
  onPage: (page: number) => void;
  onZoom: (dir: 1 | -1) => void;
  onFit: () => void;
}

/** Previous / next, "Page [n] of M", and zoom out / in / fit width. */
export function PageToolbar({ page, pageCount, scale, fit, onPage, onZoom, onFit }: PageToolbarProps) {
  const [typed, setTyped] = useState(String(page));
  useEffect(() => setTyped(String(page)), [page]);

  const commit = () => {
    const n = parsePage(typed, pageCount);
    if (n === null) setTyped(String(page));
    else if (n !== page) onPage(n);
    else setTyped(String(page));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      commit();
    } else if (e.key === 'Escape') {
      setTyped(String(page));
    }
  };

  return (
    <div className="page-toolbar" role="toolbar" aria-label="Page navigation and zoom">
      <div className="page-toolbar-group">
        <Button size="sm" variant="ghost" icon={<ChevronLeft size={15} aria-hidden="true" />} aria-label="Previous page" title="Previous page" disabled={page <= 1} onClick={() => onPage(page - 1)} />
        <label className="page-number">
          <span>Page</span>
          <input
            className="page-number-input"
            type="text"
            inputMode="numeric"
            aria-label={`Page number, 1 to ${pageCount}`}
            value={typed}
            size={3}
            onChange={(e) => setTyped(e.target.value.replace(/[^\d]/g, ''))}
            onKeyDown={onKeyDown}
            onBlur={commit}
            onFocus={(e) => e.target.select()}
            data-testid="page-number"
          />
          <span data-testid="page-count">of {pageCount}</span>
        </label>
        <Button size="sm" variant="ghost" icon={<ChevronRight size={15} aria-hidden="true" />} aria-label="Next page" title="Next page" disabled={page >= pageCount} onClick={() => onPage(page + 1)} />
      </div>
      <div className="page-toolbar-group">
        <Button size="sm" variant="ghost" icon={<ZoomOut size={15} aria-hidden="true" />} aria-label="Zoom out" title="Zoom out (−)" disabled={scale <= ZOOM_STEPS[0] + 0.005} onClick={() => onZoom(-1)} />
        <output className="page-zoom" aria-live="polite" aria-label="Zoom">
          {Math.round(scale * 100)}%
        </output>
        <Button size="sm" variant="ghost" icon={<ZoomIn size={15} aria-hidden="true" />} aria-label="Zoom in" title="Zoom in (+)" disabled={scale >= ZOOM_STEPS[ZOOM_STEPS.length - 1]! - 0.005} onClick={() => onZoom(1)} />
        <Button size="sm" variant={fit ? 'secondary' : 'ghost'} icon={<MoveHorizontal size={14} aria-hidden="true" />} aria-pressed={fit} title="Fit the page to the width (0)" onClick={onFit}>
          Fit width
        </Button>
      </div>
    </div>
  );
}
