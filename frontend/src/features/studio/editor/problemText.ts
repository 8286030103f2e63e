// A compile problem as the editor words it: where (the step's current title
// and the setting's label) above what to do (the backend's message), with
// the technical detail (p.detail) kept for a tooltip.
import type { CompileProblem } from '../../../lib/api.gen';
import { fieldLabel } from '../nodes/fieldLabels';
import type { StudioEdge, StudioNode } from '../store/dsl';
import { stepTitle } from '../store/stepTitles';

/** "Cited answer › Passages", "Connection Retrieval → Answer", or "" for the whole app. */
export function problemWhere(p: CompileProblem, nodes: readonly StudioNode[], edges: readonly StudioEdge[]): string {
  const node = p.nodeId ? nodes.find((n) => n.id === p.nodeId) : undefined;
  if (node) return [stepTitle(node), fieldLabel(node.data.kind, p.field)].filter(Boolean).join(' › ');
  const edge = p.edgeIndex >= 0 ? edges[p.edgeIndex] : undefined;
  if (edge) return `Connection ${titleById(edge.source, nodes)} → ${titleById(edge.target, nodes)}`;
  return p.edgeId ? 'Connection' : '';
}

function titleById(id: string, nodes: readonly StudioNode[]): string {
  const n = nodes.find((x) => x.id === id);
  return n ? stepTitle(n) : 'a deleted step';
}

/** What the problems of one step say, by setting: "Passages: Choose a variable." */
export function stepProblemLine(p: CompileProblem, kind: string): string {
  const label = fieldLabel(kind, p.field);
  return label ? `${label}: ${p.message}` : p.message;
}

/** The messages of the problems that have a setting, keyed by it, to show beside the setting. */
export function problemsByField(problems: readonly CompileProblem[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of problems) if (p.field && !(p.field in out)) out[p.field] = p.message;
  return out;
}
