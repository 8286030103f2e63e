// Steps named as the canvas names them: their title, else their type's label.
// The hooks select titles alone, so a component re-renders when a step is
// renamed, not on every frame of a step being dragged.
import { useShallow } from 'zustand/react/shallow';
import { kindOf } from '../nodes/catalog';
import { titleOf, type StudioNode } from './dsl';
import { useEditor } from './editorStore';

export function stepTitle(n: Pick<StudioNode, 'data'>): string {
  return titleOf(n as StudioNode, kindOf(n.data.kind).label);
}

/** The title of step `id`, or null when there is no such step. */
export function useStepTitle(id: string): string | null {
  return useEditor((s) => {
    const n = s.graph.present.nodes.find((x) => x.id === id);
    return n ? stepTitle(n) : null;
  });
}

/** The titles of the steps among `ids` that exist, by id. */
export function useStepTitles(ids: readonly string[]): Record<string, string> {
  return useEditor(
    useShallow((s) => {
      const out: Record<string, string> = {};
      for (const n of s.graph.present.nodes) if (ids.includes(n.id)) out[n.id] = stepTitle(n);
      return out;
    }),
  );
}
