// Building inside an iteration or a loop on the canvas: a new container
// comes with the first step of its body, and a step dropped on a container's
// frame becomes one of its steps (deleting a container deletes what is inside
// it: graphReducer's withInside). A step inside names its container in parentId (DSL and xyflow
// alike) and sits at a position relative to it.
import { familyOf } from '../nodes/catalog';
import type { StudioNode } from '../store/dsl';
import { newNodeId } from '../store/graphReducer';

/** A new container's frame, and where its first step sits in it. */
export const FRAME = { width: 480, height: 240 };
const FIRST_STEP = { x: 24, y: 84 };

/** The type of a container's first step. */
const START_TYPES: Record<string, string> = { iteration: 'iteration-start', loop: 'loop-start' };

/**
 * The nodes that add a step: itself, given its frame when it is a container,
 * then its body's first step (which its start_node_id names).
 */
export function withBody(node: StudioNode, nodes: readonly StudioNode[]): StudioNode[] {
  const startType = START_TYPES[node.data.kind];
  if (!startType) return [node];
  const start: StudioNode = inside(
    { id: newNodeId(startType, [...nodes, node]), type: familyOf(startType), position: FIRST_STEP, data: { kind: startType, config: { title: '' }, extra: {} } },
    node.id,
  );
  const frame = { ...node, style: { ...FRAME, ...node.style }, data: { ...node.data, config: { ...node.data.config, start_node_id: start.id } } };
  return [frame, start];
}

/** `node` as a step of container `parentId`, at its (relative) position. */
function inside(node: StudioNode, parentId: string): StudioNode {
  return { ...node, parentId, extent: 'parent', data: { ...node.data, extra: { ...node.data.extra, parentId } } };
}

/** Where a node is on the canvas, its containers' offsets added. */
function absolute(n: StudioNode, byId: ReadonlyMap<string, StudioNode>): { x: number; y: number } {
  const parent = n.parentId ? byId.get(n.parentId) : undefined;
  if (!parent) return n.position;
  const p = absolute(parent, byId);
  return { x: p.x + n.position.x, y: p.y + n.position.y };
}

/**
 * A node dropped with its top-left corner at `at` (canvas coordinates): a
 * step of the innermost container whose frame holds that point, at the
 * position relative to it, or as it was when none does.
 */
export function dropInto(node: StudioNode, at: { x: number; y: number }, nodes: readonly StudioNode[]): StudioNode {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  let best: { c: StudioNode; origin: { x: number; y: number }; depth: number } | null = null;
  for (const c of nodes) {
    if (c.type !== 'container') continue;
    const origin = absolute(c, byId);
    const size = { width: Number(c.style?.width ?? FRAME.width), height: Number(c.style?.height ?? FRAME.height) };
    const holds = at.x >= origin.x && at.y >= origin.y && at.x < origin.x + size.width && at.y < origin.y + size.height;
    const depth = depthOf(c, byId);
    if (holds && (!best || depth > best.depth)) best = { c, origin, depth };
  }
  if (!best) return node;
  return inside({ ...node, position: { x: Math.max(at.x - best.origin.x, 8), y: Math.max(at.y - best.origin.y, 60) } }, best.c.id);
}

function depthOf(n: StudioNode, byId: ReadonlyMap<string, StudioNode>): number {
  return n.parentId && byId.has(n.parentId) ? 1 + depthOf(byId.get(n.parentId)!, byId) : 0;
}
