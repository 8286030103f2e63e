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
