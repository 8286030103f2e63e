import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useReactFlow } from '@xyflow/react';
import { ChevronDown, ChevronUp, CircleAlert } from 'lucide-react';
import type { CompileProblem } from '../../../lib/api.gen';
import { plural } from '../../../lib/format';
import type { StudioEdge, StudioNode } from '../store/dsl';
import { useEditor } from '../store/editorStore';
import { problemWhere } from './problemText';

/** The compile problems of the last save; a click on one focuses its node. */
export function ProblemsPanel() {
  const problems = useEditor((s) => s.problems);
  // Strings, compared one by one: a drag changes the graph on every frame, not these.
  const wheres = useEditor(useShallow((s) => s.problems.map((p) => problemWhere(p, s.graph.present.nodes, s.graph.present.edges))));
  const [open, setOpen] = useState(true);
  const focus = useFocusProblem();
  if (problems.length === 0) return null;
  return (
    <section className="studio-problems" aria-label="Problems" data-testid="problems-panel">
      <button type="button" className="studio-problems-head" aria-expanded={open} onClick={() => setOpen(!open)}>
        <CircleAlert size={14} aria-hidden="true" />
        <span>{plural(problems.length, 'problem')} · saved as a draft; it runs once they are fixed</span>
        {open ? <ChevronDown size={14} aria-hidden="true" /> : <ChevronUp size={14} aria-hidden="true" />}
      </button>
      {open && (
        <ul>
          {problems.map((p, i) => {
            const where = wheres[i];
            return (
              <li key={i}>
                <button type="button" className="studio-problem" onClick={() => focus(p)} title={p.detail || undefined} data-testid="problem" data-code={p.code}>
                  {where && <span className="studio-problem-where" dir="auto">{where}</span>}
                  <span className="studio-problem-message">{p.message}</span>
                  {p.detail && <span className="problem-detail">{p.detail}</span>}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** Selects and centres the node a problem is about (an edge's source for edge problems). */
function useFocusProblem() {
  const flow = useReactFlow<StudioNode, StudioEdge>();
  return (p: CompileProblem) => {
    const s = useEditor.getState();
    const edge = p.edgeIndex >= 0 ? s.graph.present.edges[p.edgeIndex] : undefined;
    const id = p.nodeId || p.nodeIds[0] || edge?.source;
    const node = s.graph.present.nodes.find((n) => n.id === id);
    if (!node) return;
    const changes = s.graph.present.nodes.map((n) => ({ type: 'select' as const, id: n.id, selected: n.id === id }));
    s.dispatch({ type: 'nodesChanged', changes });
    void flow.fitView({ nodes: [{ id: node.id }], duration: 300, maxZoom: 1.2 });
  };
}
