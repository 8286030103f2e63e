// The panel beside the canvas (a step's settings, the run, a traced step):
// it takes its own column, so the canvas shrinks instead of being covered,
// and its left edge drags (or takes arrow keys) to resize it. The width is
// remembered.
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';

const WIDTH_KEY = 'lexflow.studio.panelWidth';
const MIN = 320;
const MAX = 720;
const DEFAULT = 384;
const STEP = 24;

function storedWidth(): number {
  try {
    const w = Number(window.localStorage.getItem(WIDTH_KEY));
    return Number.isFinite(w) && w >= MIN && w <= MAX ? w : DEFAULT;
  } catch {
    return DEFAULT;
  }
}

function usePanelWidth(): [number, (w: number) => void] {
  const [width, setWidth] = useState(storedWidth);
  const set = useCallback((w: number) => setWidth(Math.round(Math.min(MAX, Math.max(MIN, w)))), []);
  useEffect(() => {
    try {
      window.localStorage.setItem(WIDTH_KEY, String(width));
    } catch {
      // Storage may be disabled: the width then lasts as long as the page.
    }
  }, [width]);
  return [width, set];
}

export interface SidePanelProps {
  label: string;
  className?: string;
  testId?: string;
  nodeId?: string;
  children: ReactNode;
}

export function SidePanel({ label, className = '', testId, nodeId, children }: SidePanelProps) {
  const [width, setWidth] = usePanelWidth();
  const drag = useRef<{ x: number; width: number } | null>(null);
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, width };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current) setWidth(drag.current.width + drag.current.x - e.clientX);
  };
  const onPointerUp = () => (drag.current = null);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const by = { ArrowLeft: STEP, ArrowRight: -STEP, Home: MAX, End: -MAX }[e.key];
    if (by === undefined) return;
    e.preventDefault();
    setWidth(width + by);
  };
  return (
    <aside className={`side-panel ${className}`} style={{ width }} aria-label={label} data-testid={testId} data-node-id={nodeId}>
      <div
        className="side-panel-resize"
        role="separator"
        aria-orientation="vertical"
        aria-label="Resize the panel"
        aria-valuemin={MIN}
        aria-valuemax={MAX}
        aria-valuenow={width}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onKeyDown={onKeyDown}
      />
      {children}
    </aside>
  );
}
