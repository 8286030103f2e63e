// Reading the selected node and editing its config through the store, so
// that every edit is undoable and autosaved. A patch is merged into the
// config: keys the panel does not show travel along untouched.
import { useCallback, useMemo, useRef } from 'react';
import type { VariableDecl } from '../../../lib/api.gen';
import type { Config } from '../nodes/config';
import type { StudioNode } from '../store/dsl';
import { shownGraph, useEditor } from '../store/editorStore';
import { availableVariables, type VariableGroup } from './upstream';

/**
 * The id of the one selected node, or null when none or several are
 * selected: a string, so that dragging the node (a new node object every
 * frame) re-renders nothing that reads it.
 */
export function useSelectedNodeId(): string | null {
  return useEditor((s) => {
    let found: string | null = null;
    for (const n of shownGraph(s).nodes) {
      if (!n.selected) continue;
      if (found) return null;
      found = n.id;
    }
    return found;
  });
}

/** A node's type and config (its data), which a move leaves as they are. */
export function useNodeData(id: string): StudioNode['data'] | undefined {
  return useEditor((s) => s.graph.present.nodes.find((n) => n.id === id)?.data);
}

/**
 * The graph's nodes, the same array for as long as no node is added,
 * removed or configured: moves and selection do not change what a node may
 * read, so pickers are not recomputed on every frame of a drag.
 */
function useNodesByContent(): StudioNode[] {
  const last = useRef<StudioNode[]>([]);
  return useEditor((s) => {
    const next = s.graph.present.nodes;
    const prev = last.current;
    const same = next.length === prev.length && next.every((n, i) => n.id === prev[i]!.id && n.data === prev[i]!.data);
    if (!same) last.current = next;
    return last.current;
  });
}

export type Update = (patch: Config, field: string) => void;

export function useUpdateConfig(id: string): Update {
  const dispatch = useEditor((s) => s.dispatch);
  return useCallback(
    (patch, field) => {
      const node = useEditor.getState().graph.present.nodes.find((n) => n.id === id);
      if (!node) return;
      dispatch({ type: 'updateConfig', id, config: { ...(node.data.config ?? {}), ...patch }, field });
    },
    [dispatch, id],
  );
}

/** The variables `nodeId` may read; recomputed when the graph's edges or declared outputs change. */
export function useAvailableVariables(nodeId: string): VariableGroup[] {
  const edges = useEditor((s) => s.graph.present.edges);
  const nodes = useNodesByContent();
  const outputs = useEditor((s) => s.outputs);
  const sys = useEditor((s) => s.sys);
  const workflow = useEditor((s) => s.doc?.workflow);
  return useMemo(() => availableVariables(nodeId, { graph: { nodes, edges }, outputs, sys, workflow }), [nodeId, nodes, edges, outputs, sys, workflow]);
}

export function typeLabel(v: VariableDecl): string {
  return v.type === 'any' ? '' : v.type;
}
