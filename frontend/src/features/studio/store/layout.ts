// Places the nodes a DSL gave no position (hand-written or imported apps) in
// columns by their distance from the start, so they arrive readable.
import type { StudioEdge, StudioNode } from './dsl';

export const COLUMN_WIDTH = 300;
export const ROW_HEIGHT = 120;

export function autoLayout(nodes: StudioNode[], edges: StudioEdge[]): StudioNode[] {
  if (!nodes.some((n) => n.data._autoPosition)) return nodes;
  const depth = depths(nodes, edges);
  const rows = new Map<number, number>();
  return nodes.map((n) => {
    if (!n.data._autoPosition) return n;
    const col = depth.get(n.id) ?? 0;
    const row = rows.get(col) ?? 0;
    rows.set(col, row + 1);
    return { ...n, position: { x: col * COLUMN_WIDTH, y: row * ROW_HEIGHT } };
  });
}

/** Longest distance from a node without predecessors, ignoring cycles. */
function depths(nodes: StudioNode[], edges: StudioEdge[]): Map<string, number> {
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
