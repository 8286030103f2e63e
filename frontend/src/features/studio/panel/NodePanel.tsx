// The side panel of the selected node: its title, its type's settings, the
// retry and failure settings, and what the last save's compile said about it.
import { useMemo } from 'react';
import { Trash2, X } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { Callout } from '../../../components/ui/Callout';
import { kindOf } from '../nodes/catalog';
import { validateCommon } from '../nodes/common';
import type { Config } from '../nodes/config';
import { panels } from '../nodes/panels';
import type { CompileProblem } from '../../../lib/api.gen';
import type { StudioNode } from '../store/dsl';
import { useEditor } from '../store/editorStore';
import { deselectAll } from '../editor/useShortcuts';
import { removeSelectedSteps } from '../editor/removeSteps';
import { problemsByField, stepProblemLine } from '../editor/problemText';
import { RunStepAlone } from '../run/RunStepAlone';
import { FailureSettings } from './FailureSettings';
import { SidePanel } from './SidePanel';
import { usePanelView } from './usePanelView';
import { useNodeData, useSelectedNodeId, useUpdateConfig } from './useNodeConfig';
import './NodePanel.css';

/** Types the engine runs without retries or error strategies: nothing of theirs can fail at run time. */
const NO_FAILURE_SETTINGS = new Set(['start', 'end', 'answer', 'ask-user']);

/** Types worth testing alone: the ones that compute something from what they read. */
const NOT_TESTABLE = new Set(['start', 'end']);

export function NodePanel() {
  const id = useSelectedNodeId();
  const data = useNodeData(id ?? '');
  const open = id && data ? id : null;
  usePanelView(open);
  if (!open || !data) return null;
  // Keyed by node: switching nodes starts a fresh panel (local drafts, scroll).
  return <PanelFor key={open} node={{ id: open, data }} />;
}

function PanelFor({ node }: { node: Pick<StudioNode, 'id' | 'data'> }) {
  const kind = kindOf(node.data.kind);
  const config: Config = node.data.config ?? {};
  const update = useUpdateConfig(node.id);
  const problems = useStepProblems(node.id);
  // What the editor checks itself comes first: it is current, while the save's problems wait for the next save.
  const errors = useMemo(() => ({ ...problemsByField(problems), ...validateCommon(config), ...(kind.validate?.(config) ?? {}) }), [problems, config, kind]);
  const Body = panels[node.data.kind];
  const Icon = kind.icon;
  return (
    <SidePanel className={`node-panel tone-${kind.tone}`} label={`${kind.label} settings`} testId="node-panel" nodeId={node.id}>
      <header className="node-panel-head">
        <span className="studio-node-icon" aria-hidden="true">
          <Icon size={14} />
        </span>
        <div className="node-panel-titles">
          <input
            className="node-panel-title"
            value={typeof config.title === 'string' ? config.title : ''}
            placeholder={kind.label}
            aria-label="Step title"
            aria-invalid={errors.title ? true : undefined}
            onChange={(e) => update({ title: e.target.value }, 'title')}
            data-testid="panel-title"
            dir="auto"
          />
          <span className="node-panel-type">
            {kind.label} · <code>{node.id}</code>
          </span>
        </div>
        {node.data.kind !== 'start' && <DeleteButton />}
        <CloseButton />
      </header>
      <div className="node-panel-body">
        {errors.title && <p className="panel-error">{errors.title}</p>}
        <NodeProblems problems={problems} kind={node.data.kind} />
        {Body ? <Body id={node.id} config={config} update={update} errors={errors} /> : <p className="panel-empty">This step type has no settings panel; its settings are kept as they are in the DSL.</p>}
        {!NO_FAILURE_SETTINGS.has(node.data.kind) && <FailureSettings nodeId={node.id} config={config} update={update} errors={errors} />}
        {!NOT_TESTABLE.has(node.data.kind) && <RunStepAlone nodeId={node.id} />}
      </div>
    </SidePanel>
  );
}

/** What Compile said about this node at the last save. */
function useStepProblems(id: string): CompileProblem[] {
  const all = useEditor((s) => s.problems);
  return useMemo(() => all.filter((p) => p.nodeId === id || p.nodeIds.includes(id)), [all, id]);
}

/** The step's problems in words, each with its technical detail muted beneath. */
function NodeProblems({ problems, kind }: { problems: CompileProblem[]; kind: string }) {
  if (problems.length === 0) return null;
  return (
    <Callout tone="danger" title={problems.length === 1 ? 'This step needs one fix before it can run' : `This step needs ${problems.length} fixes before it can run`} data-testid="panel-problems">
      <ul className="node-panel-problems">
        {problems.map((p, i) => (
          <li key={i} title={p.detail || undefined}>
            <span dir="auto">{stepProblemLine(p, kind)}</span>
            {p.detail && <span className="problem-detail">{p.detail}</span>}
          </li>
        ))}
      </ul>
    </Callout>
  );
}

/** Deletes the step whose panel this is (the one selected), as the Delete key does. */
function DeleteButton() {
  return <Button size="sm" variant="ghost" icon={<Trash2 size={15} aria-hidden="true" />} aria-label="Delete the step" title="Delete the step (Delete)" onClick={removeSelectedSteps} data-testid="panel-delete" />;
}

function CloseButton() {
  return <Button size="sm" variant="ghost" icon={<X size={15} aria-hidden="true" />} aria-label="Close the panel" title="Close (Esc)" onClick={deselectAll} />;
}
