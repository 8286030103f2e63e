// Copy and paste of steps: the selected nodes with the edges between them,
// pasted under new ids, offset from the originals, with the references the
// pasted steps make to each other ({{#id.var#}} and [id, var]) following
// the new ids. References to steps that were not copied stay as they are.
import { uniqueId, type Graph, type StudioEdge, type StudioNode } from './dsl';

/** How far a paste lands from what was copied, per paste. */
export const PASTE_OFFSET = 40;

/** The selected nodes and the edges among them, or null when nothing is selected. */
export function copySelection(graph: Graph): Graph | null {
  const nodes = graph.nodes.filter((n) => n.selected);
  if (nodes.length === 0) return null;
  const ids = new Set(nodes.map((n) => n.id));
  const edges = graph.edges.filter((e) => ids.has(e.source) && ids.has(e.target));
  return structuredClone({ nodes: nodes.map(({ measured: _m, ...n }) => ({ ...n, selected: false })), edges: edges.map((e) => ({ ...e, selected: false })) });
}

/**
 * The fragment as it is added to `graph`: fresh node and edge ids, positions
 * moved by `offset`, the pasted nodes selected.
 */
export function pasteFragment(graph: Graph, fragment: Graph, offset: number, newId: (type: string, taken: readonly StudioNode[]) => string): Graph {
  const ids = new Map<string, string>();
  const placed: StudioNode[] = [...graph.nodes];
  for (const n of fragment.nodes) {
    const id = newId(n.data.kind, placed);
    ids.set(n.id, id);
    placed.push({ ...n, id });
  }
  const nodes = fragment.nodes.map((n) => ({
    ...n,
    id: ids.get(n.id)!,
    selected: true,
    position: { x: n.position.x + offset, y: n.position.y + offset },
    data: { ...n.data, config: remapRefs(n.data.config, ids) as StudioNode['data']['config'], _autoPosition: false },
  }));
  const taken = new Set(graph.edges.map((e) => e.id));
  const edges = fragment.edges.map((e): StudioEdge => {
    const source = ids.get(e.source)!;
    const target = ids.get(e.target)!;
    const id = uniqueId(`${source}-${e.sourceHandle ?? 'source'}-${target}`, taken);
    taken.add(id);
    return { ...e, id, source, target, data: e.data ? { ...e.data, _generatedId: false } : e.data };
  });
  return { nodes, edges };
}

/** A config with its references to the renamed nodes following them. */
export function remapRefs(value: unknown, ids: ReadonlyMap<string, string>): unknown {
  if (typeof value === 'string') return value.replace(/\{\{#([^.#}]+)\./g, (m, id: string) => (ids.has(id) ? `{{#${ids.get(id)}.` : m));
  if (Array.isArray(value)) {
    const [head, ...rest] = value;
    if (typeof head === 'string' && ids.has(head) && rest.length > 0 && rest.every((x) => typeof x === 'string')) return [ids.get(head), ...rest];
    return value.map((v) => remapRefs(v, ids));
  }
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, remapRefs(v, ids)]));
  return value;
}
