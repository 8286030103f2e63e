import { kindOf } from '../nodes/catalog';
import type { StudioNode } from '../store/dsl';
import { newNodeId } from '../store/graphReducer';

/** The drag data type that marks a palette item. */
export const PALETTE_MIME = 'application/x-lexflow-node-type';

/** Builds a new node of `type` at a canvas position, with its type's defaults. */
export function newNode(type: string, position: { x: number; y: number }, nodes: readonly StudioNode[]): StudioNode {
  const kind = kindOf(type);
  return { id: newNodeId(type, nodes), type: kind.family, position, data: { kind: type, config: kind.defaults(), extra: {} } };
}

// The room a node takes on the canvas, with a margin: a node added closer
// than this to another would cover it.
const ROOM = { width: 240, height: 100 };

/**
 * The first spot at `at` or below it where a new node covers no other, so that a step added
 * by click lands in view without hiding one (the middle of the canvas is often taken).
 */
export function freeSpot(at: { x: number; y: number }, nodes: readonly StudioNode[]): { x: number; y: number } {
  const taken = (p: { x: number; y: number }) =>
    nodes.some((n) => Math.abs(n.position.x - p.x) < ROOM.width && Math.abs(n.position.y - p.y) < ROOM.height);
  let spot = at;
  for (let tries = 0; tries < 50 && taken(spot); tries++) spot = { x: at.x, y: spot.y + ROOM.height };
  return spot;
}
