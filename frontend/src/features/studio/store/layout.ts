// Places the nodes a DSL gave no position (hand-written or imported apps) in
// columns by their distance from the start, so they arrive readable; and
// lays a whole graph out left to right by layers on request.

/** What the layout reads of a node; dsl.ts's StudioNode has it (layout does not import dsl, which imports layout). */
interface Placed {
  id: string;
  position: { x: number; y: number };
  measured?: { width?: number; height?: number };
  data: { _autoPosition?: boolean };
  /** The container (iteration, loop) whose frame the node sits in. */
  parentId?: string;
}

interface Link {
  source: string;
  target: string;
}

export const COLUMN_WIDTH = 300;
export const ROW_HEIGHT = 120;

/** Where the first column of the steps inside a container starts, and their spacing (its frame is smaller). */
const BODY = { x: 24, y: 84, column: 250, row: 84 };

export function autoLayout<N extends Placed>(nodes: N[], edges: Link[]): N[] {
  if (!nodes.some((n) => n.data._autoPosition)) return nodes;
  const depth = depths(nodes, edges);
  // Columns are counted per container: a step inside one sits relative to its frame.
  const rows = new Map<string, number>();
  return nodes.map((n) => {
    if (!n.data._autoPosition) return n;
    const col = depth.get(n.id) ?? 0;
    const key = `${n.parentId ?? ''}:${col}`;
    const row = rows.get(key) ?? 0;
    rows.set(key, row + 1);
    if (n.parentId) return { ...n, position: { x: BODY.x + col * BODY.column, y: BODY.y + row * BODY.row } };
    return { ...n, position: { x: col * COLUMN_WIDTH, y: row * ROW_HEIGHT } };
  });
}

/** Longest distance from a node without predecessors, ignoring cycles. */
function depths<N extends Placed>(nodes: N[], edges: Link[]): Map<string, number> {
  const out = new Map<string, string[]>();
  const indegree = new Map(nodes.map((n) => [n.id, 0]));
  for (const e of edges) {
    if (!indegree.has(e.source) || !indegree.has(e.target)) continue;
    out.set(e.source, [...(out.get(e.source) ?? []), e.target]);
    indegree.set(e.target, indegree.get(e.target)! + 1);
  }
  const depth = new Map<string, number>();
  const queue = nodes.filter((n) => indegree.get(n.id) === 0).map((n) => n.id);
  queue.forEach((id) => depth.set(id, 0));
  while (queue.length > 0) {
    const id = queue.shift()!;
    for (const next of out.get(id) ?? []) {
      depth.set(next, Math.max(depth.get(next) ?? 0, depth.get(id)! + 1));
      indegree.set(next, indegree.get(next)! - 1);
      if (indegree.get(next) === 0) queue.push(next);
    }
  }
  return depth;
}

/** Space between layers and between the nodes of a layer, px. */
const LAYER_GAP = 90;
const NODE_GAP = 36;
const DEFAULT_SIZE = { width: 220, height: 64 };
/** Ordering sweeps: each reorders every layer by its neighbours' mean position. */
const SWEEPS = 4;

/**
 * A left-to-right layered layout: each node in the column of its longest
 * path from a node without predecessors, the nodes of a column ordered to
 * cut edge crossings (median-free barycentre sweeps, starting from their
 * current top-to-bottom order), columns centred on one another. Steps with
 * no connection at all go in a grid beneath, in reading order, rather than
 * down the first column.
 */
export function layeredLayout<N extends Placed>(all: N[], edges: Link[]): N[] {
  // The app's own steps are laid out; those inside a container keep their place in its frame.
  const nodes = all.filter((n) => !n.parentId);
  if (nodes.length === all.length) return layeredSteps(nodes, edges);
  const placed = new Map(layeredSteps(nodes, edges).map((n) => [n.id, n]));
  return all.map((n) => placed.get(n.id) ?? n);
}

function layeredSteps<N extends Placed>(nodes: N[], edges: Link[]): N[] {
  if (nodes.length === 0) return nodes;
  const linked = new Set(edges.flatMap((e) => [e.source, e.target]));
  const loose = nodes.filter((n) => !linked.has(n.id));
  if (loose.length === 0) return layered(nodes, edges);
  if (loose.length === nodes.length) return grid(nodes, 0);
  const laid = layered(nodes.filter((n) => linked.has(n.id)), edges);
  const bottom = Math.max(...laid.map((n) => n.position.y + size(n).height));
  const placed = new Map([...laid, ...grid(loose, bottom + LAYER_GAP)].map((n) => [n.id, n]));
  return nodes.map((n) => placed.get(n.id)!);
}

/** Loose steps in rows of about √n, top to bottom then left to right as they were, from `top` down. */
function grid<N extends Placed>(nodes: N[], top: number): N[] {
  const columns = Math.ceil(Math.sqrt(nodes.length));
  const cell = { width: Math.max(...nodes.map((n) => size(n).width)) + LAYER_GAP, height: Math.max(...nodes.map((n) => size(n).height)) + NODE_GAP };
  const order = [...nodes].sort((a, b) => a.position.y - b.position.y || a.position.x - b.position.x);
  const at = new Map(order.map((n, i) => [n.id, { x: (i % columns) * cell.width, y: top + Math.floor(i / columns) * cell.height }]));
  return nodes.map((n) => settled(n, at.get(n.id)!));
}

function layered<N extends Placed>(nodes: N[], edges: Link[]): N[] {
  const depth = depths(nodes, edges);
  const layers: N[][] = [];
  const cyclic = Math.max(0, ...depth.values()) + 1; // nodes only a cycle reaches go last
  for (const n of [...nodes].sort((a, b) => a.position.y - b.position.y)) (layers[depth.get(n.id) ?? cyclic] ??= []).push(n);
  const ordered = orderLayers(layers.filter(Boolean), edges);
  return place(nodes, ordered);
}

function orderLayers<N extends Placed>(layers: N[][], edges: Link[]): N[][] {
  const preds = new Map<string, string[]>();
  const succs = new Map<string, string[]>();
  for (const e of edges) {
    preds.set(e.target, [...(preds.get(e.target) ?? []), e.source]);
    succs.set(e.source, [...(succs.get(e.source) ?? []), e.target]);
  }
  const index = new Map<string, number>();
  const reindex = (layer: N[]) => layer.forEach((n, i) => index.set(n.id, i));
  layers.forEach(reindex);
  const sortBy = (layer: N[], near: Map<string, string[]>) => {
    const key = (n: N) => {
      const ps = (near.get(n.id) ?? []).filter((p) => index.has(p));
      return ps.length ? ps.reduce((sum, p) => sum + index.get(p)!, 0) / ps.length : index.get(n.id)!;
    };
    const keyed = layer.map((n) => [key(n), n] as const);
    keyed.sort((a, b) => a[0] - b[0]);
    const next = keyed.map(([, n]) => n);
    reindex(next);
    return next;
  };
  let out = layers;
  for (let sweep = 0; sweep < SWEEPS; sweep++) {
    const down = sweep % 2 === 0;
    out = down ? out.map((l, i) => (i === 0 ? l : sortBy(l, preds))) : [...out].reverse().map((l, i) => (i === 0 ? l : sortBy(l, succs))).reverse();
  }
  return out;
}

const size = (n: Placed) => ({ width: n.measured?.width ?? DEFAULT_SIZE.width, height: n.measured?.height ?? DEFAULT_SIZE.height });

/** `n` at `position`, no longer waiting to be placed. */
function settled<N extends Placed>(n: N, position: { x: number; y: number }): N {
  return { ...n, position, data: n.data._autoPosition ? { ...n.data, _autoPosition: false } : n.data };
}

function place<N extends Placed>(nodes: N[], layers: N[][]): N[] {
  const heights = layers.map((l) => l.reduce((h, n) => h + size(n).height, 0) + NODE_GAP * (l.length - 1));
  const tallest = Math.max(...heights);
  const at = new Map<string, { x: number; y: number }>();
  let x = 0;
  layers.forEach((layer, i) => {
    let y = (tallest - heights[i]!) / 2;
    for (const n of layer) {
      at.set(n.id, { x, y: Math.round(y) });
      y += size(n).height + NODE_GAP;
    }
    x += Math.max(...layer.map((n) => size(n).width)) + LAYER_GAP;
  });
  return nodes.map((n) => settled(n, at.get(n.id)!));
}
