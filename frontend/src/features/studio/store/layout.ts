// Places the nodes a DSL gave no position (hand-written or imported apps) in
// columns by their distance from the start, so they arrive readable; and
// lays a whole graph out left to right by layers on request.

/** A position on the canvas, px. */
type XY = { x: number; y: number };

/** What the layout reads of a node; dsl.ts's StudioNode has it (layout does not import dsl, which imports layout). */
interface Placed {
  id: string;
  position: XY;
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

/** Each node's neighbours one edge away: its successors, or its predecessors when `backward`. */
function neighbours(edges: readonly Link[], backward = false): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const { source, target } of edges) {
    const [from, to] = backward ? [target, source] : [source, target];
    out.set(from, [...(out.get(from) ?? []), to]);
  }
  return out;
}

/** Longest distance from a node without predecessors, ignoring cycles. */
function depths(nodes: readonly Placed[], edges: readonly Link[]): Map<string, number> {
  const ids = new Set(nodes.map((n) => n.id));
  const between = edges.filter((e) => ids.has(e.source) && ids.has(e.target));
  const out = neighbours(between);
  const indegree = new Map(nodes.map((n) => [n.id, 0]));
  for (const e of between) indegree.set(e.target, indegree.get(e.target)! + 1);
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
  const at = layeredPositions(all.filter((n) => !n.parentId), edges);
  return all.map((n) => {
    const position = at.get(n.id);
    // Placed now, it no longer waits to be placed.
    return position ? { ...n, position, data: n.data._autoPosition ? { ...n.data, _autoPosition: false } : n.data } : n;
  });
}

function layeredPositions(nodes: readonly Placed[], edges: readonly Link[]): Map<string, XY> {
  const linked = new Set(edges.flatMap((e) => [e.source, e.target]));
  const loose = nodes.filter((n) => !linked.has(n.id));
  if (loose.length === nodes.length) return grid(nodes, 0);
  const connected = nodes.filter((n) => linked.has(n.id));
  const at = layered(connected, edges);
  if (loose.length === 0) return at;
  const bottom = Math.max(...connected.map((n) => at.get(n.id)!.y + size(n).height));
  return new Map([...at, ...grid(loose, bottom + LAYER_GAP)]);
}

/** Loose steps in rows of about √n, top to bottom then left to right as they were, from `top` down. */
function grid(nodes: readonly Placed[], top: number): Map<string, XY> {
  const columns = Math.ceil(Math.sqrt(nodes.length));
  const cell = { width: Math.max(...nodes.map((n) => size(n).width)) + LAYER_GAP, height: Math.max(...nodes.map((n) => size(n).height)) + NODE_GAP };
  const order = [...nodes].sort((a, b) => a.position.y - b.position.y || a.position.x - b.position.x);
  return new Map(order.map((n, i) => [n.id, { x: (i % columns) * cell.width, y: top + Math.floor(i / columns) * cell.height }]));
}

function layered(nodes: readonly Placed[], edges: readonly Link[]): Map<string, XY> {
  const depth = depths(nodes, edges);
  const layers: Placed[][] = [];
  const cyclic = Math.max(0, ...depth.values()) + 1; // nodes only a cycle reaches go last
  for (const n of [...nodes].sort((a, b) => a.position.y - b.position.y)) (layers[depth.get(n.id) ?? cyclic] ??= []).push(n);
  return place(orderLayers(layers.filter(Boolean), edges));
}

function orderLayers(layers: Placed[][], edges: readonly Link[]): Placed[][] {
  const preds = neighbours(edges, true);
  const succs = neighbours(edges);
  const index = new Map<string, number>();
  const reindex = (layer: Placed[]) => layer.forEach((n, i) => index.set(n.id, i));
  layers.forEach(reindex);
  const sortBy = (layer: Placed[], near: Map<string, string[]>) => {
    const key = (n: Placed) => {
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

/** Each layer a column, its nodes top to bottom, the columns centred on the tallest. */
function place(layers: readonly Placed[][]): Map<string, XY> {
  const heights = layers.map((l) => l.reduce((h, n) => h + size(n).height, 0) + NODE_GAP * (l.length - 1));
  const tallest = Math.max(...heights);
  const at = new Map<string, XY>();
  let x = 0;
  layers.forEach((layer, i) => {
    let y = (tallest - heights[i]!) / 2;
    for (const n of layer) {
      at.set(n.id, { x, y: Math.round(y) });
      y += size(n).height + NODE_GAP;
    }
    x += Math.max(...layer.map((n) => size(n).width)) + LAYER_GAP;
  });
  return at;
}
