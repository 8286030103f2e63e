// Opening a step's panel narrows the canvas; when that hides the step, the
// view moves to bring it back. Closing the panel moves the view back to where
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

/** Returns `bringIntoView(id)`; restores the view when `openId` becomes null. */
export function usePanelView(openId: string | null): (id: string) => void {
  const flow = useReactFlow();
  const shift = useRef<Shift | null>(null);
  useEffect(() => {
    if (openId !== null) return;
    const s = shift.current;
    shift.current = null;
    if (s?.after && sameView(flow.getViewport(), s.after)) void flow.setViewport(s.before, { duration: DURATION });
  }, [openId, flow]);
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
  const el = document.querySelector(`.react-flow__node[data-id="${CSS.escape(id)}"]`);
  const pane = document.querySelector('.studio-canvas')?.getBoundingClientRect();
  const node = flow.getInternalNode(id);
  if (!el || !pane || !node) return null;
  const box = el.getBoundingClientRect();
  if (box.left >= pane.left && box.right <= pane.right && box.top >= pane.top && box.bottom <= pane.bottom) return null;
  const { x, y } = node.internals.positionAbsolute;
  return { x: x + (node.measured.width ?? 220) / 2, y: y + (node.measured.height ?? 60) / 2 };
}

function sameView(a: Viewport, b: Viewport): boolean {
  return Math.abs(a.x - b.x) < 0.5 && Math.abs(a.y - b.y) < 0.5 && Math.abs(a.zoom - b.zoom) < 1e-3;
}
