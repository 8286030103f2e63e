// Reading the selected node and editing its config through the store, so
// that every edit is undoable and autosaved. A patch is merged into the
// config: keys the panel does not show travel along untouched.
import { useCallback, useMemo } from 'react';
import type { VariableDecl } from '../../../lib/api.gen';
import type { Config } from '../nodes/config';
import type { StudioNode } from '../store/dsl';
import { useEditor } from '../store/editorStore';
import { availableVariables, type VariableGroup } from './upstream';

/** The one selected node, or null when none or several are selected. */
export function useSelectedNode(): StudioNode | null {
  return useEditor((s) => {
    let found: StudioNode | null = null;
    for (const n of s.graph.present.nodes) {
      if (!n.selected) continue;
      if (found) return null;
      found = n;
    }
    return found;
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
  const nodes = useEditor((s) => s.graph.present.nodes);
  const outputs = useEditor((s) => s.outputs);
  const sys = useEditor((s) => s.sys);
  const workflow = useEditor((s) => s.doc?.workflow);
  return useMemo(() => availableVariables(nodeId, { graph: { nodes, edges }, outputs, sys, workflow }), [nodeId, nodes, edges, outputs, sys, workflow]);
}

export function typeLabel(v: VariableDecl): string {
  return v.type === 'any' ? '' : v.type;
}
