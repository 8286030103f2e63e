// The canvas graph with undo/redo. Every edit of the document (add, move,
// delete, connect, change a node) is one history step and bumps `revision`,
// which autosave watches; selection and measuring change neither.
import { applyEdgeChanges, applyNodeChanges, type Connection, type EdgeChange, type NodeChange } from '@xyflow/react';
import { sourceHandles } from '../nodes/handles';
import { pasteFragment } from './clipboard';
import { SOURCE, TARGET, uniqueId, type Graph, type StudioEdge, type StudioNode } from './dsl';
import { layeredLayout } from './layout';

export const HISTORY_LIMIT = 100;

export interface GraphState {
  past: Graph[];
  present: Graph;
  future: Graph[];
  /** Counts document edits; autosave saves whenever it moves. */
  revision: number;
  /** The graph before a drag began, so the whole drag is one undo step. */
  dragOrigin: Graph | null;
  /** The field the last edit typed into: more typing there joins that undo step. */
  editing: string | null;
}

export type GraphAction =
  | { type: 'reset'; graph: Graph }
  | { type: 'nodesChanged'; changes: NodeChange<StudioNode>[] }
  | { type: 'edgesChanged'; changes: EdgeChange<StudioEdge>[] }
  /** `also`: nodes added with it (a container's first step), after it. */
  | { type: 'addNode'; node: StudioNode; also?: StudioNode[] }
  | { type: 'connect'; connection: Connection }
  | { type: 'removeSelected' }
  /** `field` names what was edited; consecutive edits of the same field make one undo step. */
  | { type: 'updateConfig'; id: string; config: Record<string, unknown>; field?: string }
  /** Adds a copied fragment under new ids, `offset` px from where it was. */
  | { type: 'paste'; fragment: Graph; offset: number }
  /** Lays the whole graph out left to right by layers. */
  | { type: 'autoLayout' }
  | { type: 'undo' }
  | { type: 'redo' };

export function initialGraphState(graph: Graph): GraphState {
  return { past: [], present: graph, future: [], revision: 0, dragOrigin: null, editing: null };
}

export function graphReducer(state: GraphState, action: GraphAction): GraphState {
  switch (action.type) {
    case 'reset':
      return initialGraphState(action.graph);
    case 'nodesChanged':
      return nodesChanged(state, action.changes);
    case 'edgesChanged':
      return { ...state, present: { ...state.present, edges: applyEdgeChanges(action.changes.filter(isSelect), state.present.edges) } };
    case 'addNode':
      return commit(state, { nodes: [...deselect(state.present.nodes), { ...action.node, selected: true }, ...(action.also ?? [])], edges: state.present.edges });
    case 'connect':
      return connect(state, action.connection);
    case 'removeSelected':
      return removeSelected(state);
    case 'updateConfig':
      return updateConfig(state, action.id, action.config, action.field);
    case 'paste': {
      const added = pasteFragment(state.present, action.fragment, action.offset, newNodeId);
      if (added.nodes.length === 0) return state;
      return commit(state, { nodes: [...deselect(state.present.nodes), ...added.nodes], edges: [...state.present.edges, ...added.edges] });
    }
    case 'autoLayout':
      return state.present.nodes.length === 0 ? state : commit(state, { ...state.present, nodes: layeredLayout(state.present.nodes, state.present.edges) });
    case 'undo':
      return travel(state, state.past, state.future, (past, future) => ({ past, future }));
    case 'redo':
      return travel(state, state.future, state.past, (future, past) => ({ past, future }));
  }
}

/** Records `next` as a new step: the present goes into the past, the future is dropped. */
function commit(state: GraphState, next: Graph, before: Graph = state.present): GraphState {
  const past = [...state.past, before].slice(-HISTORY_LIMIT);
  return { past, present: next, future: [], revision: state.revision + 1, dragOrigin: null, editing: null };
}

/**
 * Replaces a node's config; typing on in the same field amends the last step
 * instead of adding one. Edges leaving by a handle the change took away (an
 * IF/ELSE case or a class removed, the failure branch turned off) go with it.
 */
function updateConfig(state: GraphState, id: string, config: Record<string, unknown>, field?: string): GraphState {
  const old = state.present.nodes.find((n) => n.id === id);
  const nodes = state.present.nodes.map((n) => (n.id === id ? { ...n, data: { ...n.data, config } } : n));
  const edges = old ? withoutRemovedHandles(state.present.edges, id, old.data.kind, old.data.config, config) : state.present.edges;
  const key = field ? `${id}\u0000${field}` : null;
  if (key && key === state.editing) return { ...state, present: { nodes, edges }, future: [], revision: state.revision + 1 };
  return { ...commit(state, { nodes, edges }), editing: key };
}

function withoutRemovedHandles(edges: StudioEdge[], id: string, kind: string, before: Record<string, unknown> | undefined, after: Record<string, unknown>): StudioEdge[] {
  const had = sourceHandles(kind, before).map((h) => h.id);
  const has = new Set(sourceHandles(kind, after).map((h) => h.id));
  const gone = new Set(had.filter((h) => !has.has(h)));
  if (gone.size === 0) return edges;
  const kept = edges.filter((e) => e.source !== id || !gone.has(e.sourceHandle || SOURCE));
  return kept.length === edges.length ? edges : kept;
}

function travel(
  state: GraphState,
  from: Graph[],
  to: Graph[],
  place: (from: Graph[], to: Graph[]) => Pick<GraphState, 'past' | 'future'>,
): GraphState {
  const target = from[from.length - 1];
  if (!target) return state;
  return { ...state, ...place(from.slice(0, -1), [...to, state.present]), present: keepSelection(target, state.present), revision: state.revision + 1, dragOrigin: null, editing: null };
}

/**
 * Undo and redo change the document, not what the person is looking at: a
 * step selected now (its panel open) stays selected if it still exists.
 * When none does (a paste undone), the selection travels with the graph.
 */
function keepSelection(target: Graph, present: Graph): Graph {
  const now = new Set(present.nodes.filter((n) => n.selected).map((n) => n.id));
  if (!target.nodes.some((n) => now.has(n.id))) return target;
  const nodes = target.nodes.map((n) => (!!n.selected === now.has(n.id) ? n : { ...n, selected: now.has(n.id) }));
  return { ...target, nodes };
}

const isSelect = (c: { type: string }) => c.type === 'select';

/** Applies xyflow's changes: moves while dragging are live and become one step when the drag ends. */
function nodesChanged(state: GraphState, changes: NodeChange<StudioNode>[]): GraphState {
  const kept = changes.filter((c) => c.type === 'select' || c.type === 'dimensions' || c.type === 'position');
  if (kept.length === 0) return state;
  const moved = new Set(kept.flatMap((c) => (c.type === 'position' && c.position ? [c.id] : [])));
  let nodes = applyNodeChanges(kept, state.present.nodes);
  if (moved.size > 0) nodes = nodes.map((n) => (moved.has(n.id) && n.data._autoPosition ? { ...n, data: { ...n.data, _autoPosition: false } } : n));
  const origin = state.dragOrigin ?? (moved.size > 0 ? state.present : null);
  const next = { ...state.present, nodes };
  const dragEnded = kept.some((c) => c.type === 'position' && c.dragging === false);
  if (dragEnded && origin) return commit(state, next, origin);
  return { ...state, present: next, dragOrigin: origin };
}

function connect(state: GraphState, c: Connection): GraphState {
  if (!c.source || !c.target || c.source === c.target) return state;
  const sourceHandle = c.sourceHandle || SOURCE;
  const targetHandle = c.targetHandle || TARGET;
  const { edges } = state.present;
  if (edges.some((e) => e.source === c.source && e.target === c.target && (e.sourceHandle || SOURCE) === sourceHandle)) return state;
  const taken = new Set(edges.map((e) => e.id));
  const id = uniqueId(`${c.source}-${sourceHandle}-${c.target}`, taken);
  // A plain "source" → "target" link is written without handles, as the DSL's own edges are.
  const edge: StudioEdge = {
    id,
    source: c.source,
    target: c.target,
    sourceHandle,
    targetHandle,
    data: { extra: {}, _implicitSource: sourceHandle === SOURCE, _implicitTarget: targetHandle === TARGET },
  };
  return commit(state, { ...state.present, edges: [...edges, edge] });
}

function removeSelected(state: GraphState): GraphState {
  const { nodes, edges } = state.present;
  const gone = withInside(new Set(nodes.filter((n) => n.selected).map((n) => n.id)), nodes); // a container goes with its steps
  const keptEdges = edges.filter((e) => !e.selected && !gone.has(e.source) && !gone.has(e.target));
  if (gone.size === 0 && keptEdges.length === edges.length) return state;
  return commit(state, { nodes: nodes.filter((n) => !gone.has(n.id)), edges: keptEdges });
}

function deselect(nodes: StudioNode[]): StudioNode[] {
  return nodes.map((n) => (n.selected ? { ...n, selected: false } : n));
}

/** A node id for a new node of `type` that no node has: "llm_2". */
export function newNodeId(type: string, nodes: readonly StudioNode[]): string {
  const base = type.replace(/[^A-Za-z0-9]+/g, '_');
  const taken = new Set(nodes.map((n) => n.id));
  for (let i = 1; ; i++) if (!taken.has(`${base}_${i}`)) return `${base}_${i}`;
}

/** The ids of `ids` and of every step inside them (their DSL parentId), however deep. */
export function withInside(ids: ReadonlySet<string>, nodes: readonly StudioNode[]): Set<string> {
  const out = new Set(ids);
  for (let grew = true; grew; ) {
    grew = false;
    for (const n of nodes) {
      if (n.parentId && out.has(n.parentId) && !out.has(n.id)) {
        out.add(n.id);
        grew = true;
      }
    }
  }
  return out;
}
