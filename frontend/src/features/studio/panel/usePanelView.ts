// Opening a step's panel (its settings, or its trace) narrows the canvas;
// when that (or the problems docking beneath it) hides the step, the view
// moves to bring it back. Closing the panel moves the view back to where
// it was before the panel moved it, unless the person has panned or zoomed
// since: then the view they chose stays.
import { useCallback, useEffect, useRef } from 'react';
import { useReactFlow, type ReactFlowInstance, type Viewport } from '@xyflow/react';

const DURATION = 250;

interface Shift {
  /** The view before the panel first moved it. */
  before: Viewport;
  /** Where the last move left it, once the move has finished. */
  after: Viewport | null;
}

/** Keeps step `openId` in view while its panel is open; restores the view when it closes (null). */
export function usePanelView(openId: string | null): void {
  const flow = useReactFlow();
  const shift = useRef<Shift | null>(null);
  const bringIntoView = useBringIntoView(flow, shift);
  useEffect(() => {
    if (openId !== null) {
      // After the panel has taken its column, so that the canvas has its new width.
      const frame = requestAnimationFrame(() => bringIntoView(openId));
      return () => cancelAnimationFrame(frame);
    }
    const s = shift.current;
    shift.current = null;
    if (s?.after && sameView(flow.getViewport(), s.after)) void flow.setViewport(s.before, { duration: DURATION });
  }, [openId, flow, bringIntoView]);
  useKeepInViewOnResize(openId, bringIntoView);
}

/**
 * While a step's panel is open, whatever else narrows or shortens the canvas
 * (the problems docking beneath it, the window) brings the step back too.
 */
function useKeepInViewOnResize(openId: string | null, bringIntoView: (id: string) => void): void {
  useEffect(() => {
    const pane = document.querySelector('.studio-canvas');
    if (openId === null || !pane) return;
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => bringIntoView(openId));
    });
    observer.observe(pane);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [openId, bringIntoView]);
}

function useBringIntoView(flow: ReactFlowInstance, shift: { current: Shift | null }): (id: string) => void {
  return useCallback(
    (id: string) => {
      const centre = hiddenNodeCentre(flow, id);
      if (!centre) return;
      const move: Shift = { before: shift.current?.before ?? flow.getViewport(), after: null };
      shift.current = move;
      void flow.setCenter(centre.x, centre.y, { zoom: flow.getZoom(), duration: DURATION }).then(() => {
        move.after = flow.getViewport();
      });
    },
    [flow],
  );
}

/** The centre of node `id` in flow coordinates when it sticks out of the canvas, else null. */
function hiddenNodeCentre(flow: ReactFlowInstance, id: string): { x: number; y: number } | null {
  const pane = document.querySelector('.studio-canvas')?.getBoundingClientRect();
  const node = flow.getInternalNode(id);
  if (!pane || !node) return null;
  // From the flow's own geometry: a step wholly out of view is not in the page to measure.
  const { x, y } = node.internals.positionAbsolute;
  const w = node.measured.width ?? 220;
  const h = node.measured.height ?? 60;
  const topLeft = flow.flowToScreenPosition({ x, y });
  const bottomRight = flow.flowToScreenPosition({ x: x + w, y: y + h });
  if (topLeft.x >= pane.left && bottomRight.x <= pane.right && topLeft.y >= pane.top && bottomRight.y <= pane.bottom) return null;
  return { x: x + w / 2, y: y + h / 2 };
}

function sameView(a: Viewport, b: Viewport): boolean {
  return Math.abs(a.x - b.x) < 0.5 && Math.abs(a.y - b.y) < 0.5 && Math.abs(a.zoom - b.zoom) < 1e-3;
}
