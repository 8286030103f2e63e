// The trace as a waterfall: each node execution is a bar placed by its real start
// relative to the run's start and as wide as its real elapsed time, with virtual
// sub-nodes (variable extraction) nested under the execution they ran for. Pure, so
// the layout can be checked without a browser.
import type { NodeExecution } from '../../lib/api.gen';
import { isLive } from '../../shared/run/display';

/** The part of a node execution the layout reads. */
export type TimedNode = Pick<NodeExecution, 'id' | 'nodeId' | 'parentNodeId' | 'round' | 'position' | 'status' | 'startedAt' | 'finishedAt' | 'elapsedMs'>;

export interface Span {
  /** Epoch ms the axis starts at: the run's start. */
  start: number;
  /** Length of the axis in ms, never 0 so offsets can divide by it. */
  length: number;
}

export interface WaterfallRow<N extends TimedNode = TimedNode> {
  node: N;
  depth: number;
  /** Left edge and width of the bar, percent of the axis, clamped to [0, 100]. */
  offsetPct: number;
  widthPct: number;
  /** Still going: the bar grows up to now. */
  live: boolean;
  /** Sub-nodes under this row, shown or not. */
  childCount: number;
  collapsed: boolean;
}

function epoch(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : t;
}

/** Where a node's bar ends: its finish, else now while it runs, else start + elapsed. */
export function endOf(node: TimedNode, now: number): number | null {
  const start = epoch(node.startedAt);
  if (start === null) return null;
  const finished = epoch(node.finishedAt);
  if (finished !== null) return Math.max(start, finished);
  if (isLive(node.status)) return Math.max(start, now);
  return start + Math.max(0, node.elapsedMs);
}

/**
 * The axis: from the run's start to its finish (now while it runs), stretched to
 * cover any node that ended later, so no bar is cut off.
 */
export function spanOf(run: { startedAt: string; finishedAt: string | null; status: string }, nodes: readonly TimedNode[], now: number): Span {
  const start = epoch(run.startedAt) ?? Math.min(...nodes.map((n) => epoch(n.startedAt) ?? now), now);
  let end = epoch(run.finishedAt) ?? (isLive(run.status) ? now : start);
  for (const n of nodes) end = Math.max(end, endOf(n, now) ?? end);
  return { start, length: Math.max(1, end - start) };
}

const clampPct = (v: number) => Math.min(100, Math.max(0, v));

/** A bar's offset and width in percent of the span. */
export function barOf(node: TimedNode, span: Span, now: number): { offsetPct: number; widthPct: number } {
  const start = epoch(node.startedAt) ?? span.start;
  const end = endOf(node, now) ?? start;
  const offsetPct = clampPct(((start - span.start) / span.length) * 100);
  const widthPct = Math.min(100 - offsetPct, clampPct(((end - start) / span.length) * 100));
  return { offsetPct, widthPct };
}

function byStart(a: TimedNode, b: TimedNode): number {
  return (epoch(a.startedAt) ?? 0) - (epoch(b.startedAt) ?? 0) || a.position - b.position;
}

/**
 * The steps inside a container by round, then in start order within the round: the rounds
 * of a parallel iteration start in any order, but are read as first, second, third.
 */
function byRound(a: TimedNode, b: TimedNode): number {
  return (a.round ?? -1) - (b.round ?? -1) || byStart(a, b);
}

/**
 * The execution each virtual sub-node belongs to: the latest execution of its
 * parent node that started no later than it did (a node may run more than once).
 * A sub-node whose parent is not in the trace stays at the top level.
 */
function parentsOf<N extends TimedNode>(sorted: readonly N[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const child of sorted) {
    if (!child.parentNodeId) continue;
    const childStart = epoch(child.startedAt) ?? Infinity;
    let parent: N | undefined;
    for (const n of sorted) {
      if (n.id === child.id || n.nodeId !== child.parentNodeId) continue;
      if (!parent || (epoch(n.startedAt) ?? 0) <= childStart) parent = n;
    }
    if (parent) out.set(child.id, parent.id);
  }
  return out;
}

function hiddenBy(id: string, parents: ReadonlyMap<string, string>, collapsed: ReadonlySet<string>): boolean {
  const seen = new Set<string>();
  for (let p = parents.get(id); p && !seen.has(p); p = parents.get(p)) {
    if (collapsed.has(p)) return true;
    seen.add(p);
  }
  return false;
}

/**
 * The rows of the waterfall in start order, each sub-node right under its parent
 * (indented one level deeper, by round within a container); the sub-nodes of a
 * collapsed row are left out.
 */
export function layoutWaterfall<N extends TimedNode>(nodes: readonly N[], span: Span, now: number, collapsed: ReadonlySet<string> = new Set()): WaterfallRow<N>[] {
  const sorted = [...nodes].sort(byStart);
  const parents = parentsOf(sorted);
  const children = new Map<string, N[]>();
  for (const n of sorted) {
    const p = parents.get(n.id);
    if (p) children.set(p, [...(children.get(p) ?? []), n]);
  }
  for (const kids of children.values()) kids.sort(byRound);
  const rows: WaterfallRow<N>[] = [];
  const seen = new Set<string>();
  const visit = (n: N, depth: number) => {
    if (seen.has(n.id)) return;
    seen.add(n.id);
    const kids = children.get(n.id) ?? [];
    const isCollapsed = kids.length > 0 && collapsed.has(n.id);
    rows.push({ node: n, depth, ...barOf(n, span, now), live: isLive(n.status) && !n.finishedAt, childCount: kids.length, collapsed: isCollapsed });
    if (!isCollapsed) kids.forEach((k) => visit(k, depth + 1));
  };
  sorted.filter((n) => !parents.has(n.id)).forEach((n) => visit(n, 0));
  // Bad data (sub-nodes naming each other as parents) must not hide executions.
  sorted.filter((n) => !seen.has(n.id) && !hiddenBy(n.id, parents, collapsed)).forEach((n) => visit(n, 0));
  return rows;
}

/** Evenly spaced round times (1, 2 or 5 × 10ⁿ ms) for the axis: about `target` of them, 0 included. */
export function axisTicks(lengthMs: number, target = 5): number[] {
  if (!(lengthMs > 0)) return [0];
  const rough = lengthMs / target;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? 10 * magnitude;
  const ticks: number[] = [];
  for (let t = 0; t <= lengthMs + 1e-9; t += step) ticks.push(Math.round(t * 1000) / 1000);
  return ticks;
}
