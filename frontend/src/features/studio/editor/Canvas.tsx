import { useCallback, useEffect, useMemo, useRef, type DragEvent, type PointerEvent, type RefObject } from 'react';
import { Background, BackgroundVariant, Controls, MiniMap, ReactFlow, useReactFlow, useStore, type Connection, type EdgeChange, type NodeChange } from '@xyflow/react';
import type { CompileProblem } from '../../../lib/api.gen';
import { kindOf } from '../nodes/catalog';
import { nodeTypes } from '../nodes/nodeTypes';
import type { StudioEdge, StudioNode } from '../store/dsl';
import { shownGraph, useEditor } from '../store/editorStore';
import { newNode, PALETTE_MIME } from './addNode';
import { dropInto, withBody } from './containers';
import { CanvasNotes } from './CanvasNotes';
import { connectAndFill } from './connect';

/** Edges a compile problem names, drawn in the danger colour. */
function markProblemEdges(edges: StudioEdge[], problems: CompileProblem[]): StudioEdge[] {
  const bad = new Set(problems.flatMap((p) => (p.edgeIndex >= 0 ? [p.edgeIndex] : [])));
  const badIds = new Set(problems.map((p) => p.edgeId).filter(Boolean));
  if (bad.size === 0 && badIds.size === 0) return edges;
  return edges.map((e, i) => (bad.has(i) || badIds.has(e.id) ? { ...e, className: 'edge-problem', animated: true } : e));
}

/** Small enough to leave a narrowed canvas (a panel open beside it) its graph. */
const MINIMAP_SIZE = { width: 150, height: 100 };

// Object props at module scope: xyflow copies a changed one into its store,
// and every new copy (an inline literal, each render) wakes each of its
// thousands of subscribers; a new defaultEdgeOptions re-renders every edge.
const FIT_VIEW_OPTIONS = { padding: 0.2, maxZoom: 1 };
const PRO_OPTIONS = { hideAttribution: true };
const DEFAULT_EDGE_OPTIONS = { type: 'smoothstep' };

const NO_PROBLEMS: CompileProblem[] = [];

const miniMapColor = (n: StudioNode) => `var(--tone-${kindOf(n.data.kind).tone})`;

/** Below this zoom a step's icon is under 6 px and the background's dots under a pixel: both are left out (see Editor.css). */
const FAR_ZOOM = 0.4;

/**
 * A press on a step or on the empty canvas keeps the pointer until it is let
 * go: while it is captured, the browser need not hit-test the whole graph on
 * every move of a drag or a pan. Handles are left alone: a connection looks
 * for the handle it is dropped on.
 */
function capturePointer(e: PointerEvent) {
  const el = e.target as Element;
  if (e.button !== 0 || el.closest('.react-flow__handle, .nodrag')) return;
  if (el.closest('.react-flow__node, .react-flow__pane')) el.setPointerCapture(e.pointerId);
}

export function Canvas({ readOnly = false }: { readOnly?: boolean }) {
  const nodes = useEditor((s) => shownGraph(s).nodes);
  const edges = useEditor((s) => shownGraph(s).edges);
  // The last save's problems are about the app's graph, not about a traced run's.
  const problems = useEditor((s) => (s.trace ? NO_PROBLEMS : s.problems));
  const dispatch = useEditor((s) => s.dispatch);
  const flow = useReactFlow<StudioNode, StudioEdge>();
  const shownEdges = useMemo(() => markProblemEdges(edges, problems), [edges, problems]);

  const onNodesChange = useCallback((changes: NodeChange<StudioNode>[]) => dispatch({ type: 'nodesChanged', changes }), [dispatch]);
  const onEdgesChange = useCallback((changes: EdgeChange<StudioEdge>[]) => dispatch({ type: 'edgesChanged', changes }), [dispatch]);
  const onConnect = useCallback((connection: Connection) => connectAndFill(connection), []);
  const onDragOver = useCallback((e: DragEvent) => {
    if (!e.dataTransfer.types.includes(PALETTE_MIME)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
  }, []);
  const onDrop = useCallback(
    (e: DragEvent) => {
      const type = e.dataTransfer.getData(PALETTE_MIME);
      if (!type) return;
      e.preventDefault();
      const at = flow.screenToFlowPosition({ x: e.clientX - 110, y: e.clientY - 24 });
      const nodes = useEditor.getState().graph.present.nodes;
      const [node, ...also] = withBody(dropInto(newNode(type, at, nodes), at, nodes), nodes);
      dispatch({ type: 'addNode', node: node!, also });
    },
    [dispatch, flow],
  );

  const box = useRef<HTMLDivElement>(null);
  useRefitOnResize(box);
  const far = useStore((s) => s.transform[2] < FAR_ZOOM);

  return (
    <div
      ref={box}
      className={`studio-canvas${readOnly ? ' is-read-only' : ''}${far ? ' is-far' : ''}`}
      onPointerDown={capturePointer}
      onDragOver={readOnly ? undefined : onDragOver}
      onDrop={readOnly ? undefined : onDrop}
    >
      <ReactFlow<StudioNode, StudioEdge>
        nodes={nodes}
        edges={shownEdges}
        nodeTypes={nodeTypes}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onConnect={onConnect}
        nodesDraggable={!readOnly}
        nodesConnectable={!readOnly}
        // A node's panel opens on a click, not as a drag begins: opening it
        // narrows the canvas, which must not happen under a moving pointer.
        selectNodesOnDrag={false}
        deleteKeyCode={null}
        fitView
        fitViewOptions={FIT_VIEW_OPTIONS}
        minZoom={0.1}
        maxZoom={2}
        onlyRenderVisibleElements
        proOptions={PRO_OPTIONS}
        defaultEdgeOptions={DEFAULT_EDGE_OPTIONS}
      >
        <Background variant={BackgroundVariant.Dots} gap={18} size={1.2} />
        <CanvasNotes />
        <Controls showInteractive={false} position="bottom-left" />
        <MiniMap pannable zoomable position="bottom-right" nodeColor={miniMapColor} nodeBorderRadius={6} ariaLabel="Minimap" style={MINIMAP_SIZE} />
      </ReactFlow>
    </div>
  );
}

/**
 * When the canvas narrows (a panel opened beside it), a graph small enough to
 * be wholly in view before is fitted into the narrower canvas, zooming out
 * only as far as it must, even when it had been panned a little; a graph too
 * large for the wider canvas (one being worked on closely) is left where it is.
 */
function useRefitOnResize(box: RefObject<HTMLDivElement | null>) {
  const flow = useReactFlow<StudioNode, StudioEdge>();
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let size = { width: el.clientWidth, height: el.clientHeight };
    const observer = new ResizeObserver(() => {
      const before = size;
      size = { width: el.clientWidth, height: el.clientHeight };
      const nodes = flow.getNodes();
      // A step's own panel keeps that step in view itself.
      if (size.width >= before.width || nodes.length === 0 || nodes.some((n) => n.selected)) return;
      const { x, y, zoom } = flow.getViewport();
      const b = flow.getNodesBounds(nodes);
      const fits = b.width * zoom <= before.width && b.height * zoom <= before.height;
      const inside = b.x * zoom + x >= 0 && b.y * zoom + y >= 0 && (b.x + b.width) * zoom + x <= size.width && (b.y + b.height) * zoom + y <= size.height;
      if (fits && !inside) void flow.fitView({ padding: 0.12, maxZoom: zoom, duration: 200 });
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [box, flow]);
}
