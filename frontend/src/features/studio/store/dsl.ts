// The app DSL as the backend exports it (JSON form), and its conversion to and
// from the canvas graph. Serialising a loaded graph gives back the same DSL:
// keys the editor does not interpret travel along in `extra`, and fields that
// exist only while editing are prefixed "_" and never written.
import type { Edge, Node } from '@xyflow/react';
import { familyOf } from '../nodes/catalog';
import { autoLayout } from './layout';

type Extra = Record<string, unknown>;

export interface DslNode extends Extra {
  id: string;
  type: string;
  data?: Extra;
  position?: { x: number; y: number };
}

export interface DslEdge extends Extra {
  id?: string;
  source: string;
  target: string;
  sourceHandle?: string;
  targetHandle?: string;
}

export interface DslDocument extends Extra {
  version: string;
  kind: string;
  app: Extra & { name: string; mode: 'chatflow' | 'workflow'; description?: string };
  workflow: Extra & { graph: Extra & { nodes: DslNode[]; edges: DslEdge[] } };
}

export interface StudioNodeData extends Extra {
  /** The DSL node type ("llm", "if-else"). */
  kind: string;
  /** The DSL node's data, as written; undefined when the DSL had none. */
  config: Extra | undefined;
  /** The DSL node's other keys, kept for the round trip. */
  extra: Extra;
  /** Placed by the auto-layout, not the DSL: the position is not written until the node is moved. */
  _autoPosition?: boolean;
}

export interface StudioEdgeData extends Extra {
  extra: Extra;
  /** The DSL edge had no id; the canvas made one up. */
  _generatedId?: boolean;
  /** The DSL edge left sourceHandle or targetHandle out (the node's only handle). */
  _implicitSource?: boolean;
  _implicitTarget?: boolean;
}

export type StudioNode = Node<StudioNodeData>;
export type StudioEdge = Edge<StudioEdgeData>;

export interface Graph {
  nodes: StudioNode[];
  edges: StudioEdge[];
}

/** The handle ids of a node with a single way in or out. */
export const SOURCE = 'source';
export const TARGET = 'target';

/** Reads the JSON text of GET /api/apps/{id}/dsl; throws on anything that is not a DSL document. */
export function parseDsl(text: string): DslDocument {
  const doc = JSON.parse(text) as DslDocument;
  if (!doc || typeof doc !== 'object' || !doc.workflow?.graph || !Array.isArray(doc.workflow.graph.nodes)) {
    throw new Error('The app’s DSL has no graph.');
  }
  doc.workflow.graph.edges ??= [];
  return doc;
}

export function dslToGraph(doc: DslDocument): Graph {
  // A container is drawn before the steps inside it, as xyflow needs.
  const nodes = doc.workflow.graph.nodes.map(toStudioNode).sort((a, b) => Number(!!a.parentId) - Number(!!b.parentId));
  const taken = new Set<string>();
  const edges = doc.workflow.graph.edges.map((e, i) => toStudioEdge(e, i, taken));
  return { nodes: autoLayout(nodes, edges), edges };
}

function toStudioNode(n: DslNode): StudioNode {
  const { id, type, data, position, ...extra } = n;
  const node: StudioNode = {
    id,
    type: familyOf(type),
    position: position ? { x: position.x, y: position.y } : { x: 0, y: 0 },
    data: { kind: type, config: data, extra, ...(position ? {} : { _autoPosition: true }) },
  };
  return inContainer(node, extra);
}

/** The default frame of a container the DSL gives no size (Dify writes width and height). */
const CONTAINER_SIZE = { width: 480, height: 240 };

/**
 * A step inside a container (its DSL parentId, kept in `extra` for the round
 * trip) is drawn in the container's frame, at a position relative to it; a
 * container gets its frame's size.
 */
function inContainer(node: StudioNode, extra: Extra): StudioNode {
  if (typeof extra.parentId === 'string' && extra.parentId !== '') {
    node.parentId = extra.parentId;
    node.extent = 'parent';
  }
  if (node.type === 'container') {
    const size = (k: 'width' | 'height') => (typeof extra[k] === 'number' ? Math.max(extra[k] as number, CONTAINER_SIZE[k] * 0.6) : CONTAINER_SIZE[k]);
    node.style = { width: size('width'), height: size('height') };
  }
  return node;
}

function toStudioEdge(e: DslEdge, index: number, taken: Set<string>): StudioEdge {
  const { id, source, target, sourceHandle, targetHandle, ...extra } = e;
  const edgeId = id || uniqueId(`e${index + 1}-${source}-${target}`, taken);
  taken.add(edgeId);
  const data: StudioEdgeData = { extra };
  if (!id) data._generatedId = true;
  if (!sourceHandle) data._implicitSource = true;
  if (!targetHandle) data._implicitTarget = true;
  return { id: edgeId, source, target, sourceHandle: sourceHandle || SOURCE, targetHandle: targetHandle || TARGET, data };
}

/** `base`, or `base-2`, `base-3`… whichever is not taken. */
export function uniqueId(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}

/** The DSL of `graph` inside `doc` (whose own graph is replaced). */
export function graphToDsl(doc: DslDocument, graph: Graph): DslDocument {
  const { nodes: _n, edges: _e, ...graphExtra } = doc.workflow.graph;
  return {
    ...doc,
    workflow: { ...doc.workflow, graph: { ...graphExtra, nodes: graph.nodes.map(toDslNode), edges: graph.edges.map(toDslEdge) } },
  };
}

function toDslNode(n: StudioNode): DslNode {
  const { kind, config, extra, _autoPosition } = n.data;
  const out: DslNode = { id: n.id, type: kind };
  if (config !== undefined) out.data = withoutRuntime(config);
  if (!_autoPosition) out.position = { x: n.position.x, y: n.position.y };
  return { ...out, ...extra };
}

function toDslEdge(e: StudioEdge): DslEdge {
  const d = e.data ?? { extra: {} };
  const out: DslEdge = d._generatedId ? { source: e.source, target: e.target } : { id: e.id, source: e.source, target: e.target };
  if (!d._implicitSource && e.sourceHandle) out.sourceHandle = e.sourceHandle;
  if (!d._implicitTarget && e.targetHandle) out.targetHandle = e.targetHandle;
  return { ...out, ...d.extra };
}

/** Drops the editor's runtime-only keys ("_"-prefixed) from a node's data. */
export function withoutRuntime(data: Extra): Extra {
  return Object.fromEntries(Object.entries(data).filter(([k]) => !k.startsWith('_')));
}

/** The node's title, as the DSL names it, else its type's label. */
export function titleOf(n: StudioNode, fallback: string): string {
  const t = n.data.config?.title;
  return typeof t === 'string' && t.trim() ? t : fallback;
}
