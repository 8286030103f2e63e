// The side panel of the selected node: its title, its type's settings, the
// retry and failure settings, and what the last save's compile said about it.
import { useEffect, useMemo } from 'react';
import { useReactFlow } from '@xyflow/react';
import { X } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { Callout } from '../../../components/ui/Callout';
import { kindOf } from '../nodes/catalog';
import { validateCommon } from '../nodes/common';
import type { Config } from '../nodes/config';
import { panels } from '../nodes/panels';
import type { StudioNode } from '../store/dsl';
import { useEditor } from '../store/editorStore';
import { deselectAll } from '../editor/useShortcuts';
import { RunStepAlone } from '../run/RunStepAlone';
import { FailureSettings } from './FailureSettings';
import { SidePanel } from './SidePanel';
import { useNodeData, useSelectedNodeId, useUpdateConfig } from './useNodeConfig';
import './NodePanel.css';

/** Types the engine runs without retries or error strategies: nothing of theirs can fail at run time. */
const NO_FAILURE_SETTINGS = new Set(['start', 'end', 'answer', 'ask-user']);

/** Types worth testing alone: the ones that compute something from what they read. */
const NOT_TESTABLE = new Set(['start', 'end']);

export function NodePanel() {
  const id = useSelectedNodeId();
  const data = useNodeData(id ?? '');
  if (!id || !data) return null;
  // Keyed by node: switching nodes starts a fresh panel (local drafts, scroll).
  return <PanelFor key={id} node={{ id, data }} />;
}

function PanelFor({ node }: { node: Pick<StudioNode, 'id' | 'data'> }) {
  const kind = kindOf(node.data.kind);
  const config: Config = node.data.config ?? {};
  const update = useUpdateConfig(node.id);
  const errors = useMemo(() => ({ ...validateCommon(config), ...(kind.validate?.(config) ?? {}) }), [config, kind]);
  const Body = panels[node.data.kind];
  const Icon = kind.icon;
  useKeepInView(node.id);
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
        <CloseButton />
      </header>
      <div className="node-panel-body">
        {errors.title && <p className="panel-error">{errors.title}</p>}
        <NodeProblems id={node.id} />
        {Body ? <Body id={node.id} config={config} update={update} errors={errors} /> : <p className="panel-empty">This step type has no settings panel; its settings are kept as they are in the DSL.</p>}
        {!NO_FAILURE_SETTINGS.has(node.data.kind) && <FailureSettings nodeId={node.id} config={config} update={update} errors={errors} />}
        {!NOT_TESTABLE.has(node.data.kind) && <RunStepAlone nodeId={node.id} />}
      </div>
    </SidePanel>
  );
}

/** Brings the node back into view when the panel opening beside the canvas left it outside. */
function useKeepInView(id: string) {
  const flow = useReactFlow();
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const el = document.querySelector(`.react-flow__node[data-id="${CSS.escape(id)}"]`);
      const pane = document.querySelector('.studio-canvas')?.getBoundingClientRect();
      const node = flow.getInternalNode(id);
      if (!el || !pane || !node) return;
      const box = el.getBoundingClientRect();
      if (box.left >= pane.left && box.right <= pane.right && box.top >= pane.top && box.bottom <= pane.bottom) return;
      const { x, y } = node.internals.positionAbsolute;
      void flow.setCenter(x + (node.measured.width ?? 220) / 2, y + (node.measured.height ?? 60) / 2, { zoom: flow.getZoom(), duration: 250 });
    });
    return () => cancelAnimationFrame(frame);
  }, [id, flow]);
}

/** What Compile said about this node at the last save. */
function NodeProblems({ id }: { id: string }) {
  const all = useEditor((s) => s.problems);
  const mine = useMemo(() => all.filter((p) => p.nodeId === id || p.nodeIds.includes(id)), [all, id]);
  if (mine.length === 0) return null;
  return (
    <Callout tone="danger" title={mine.length === 1 ? 'The last save found a problem' : `The last save found ${mine.length} problems`} data-testid="panel-problems">
      <ul className="node-panel-problems">
        {mine.map((p, i) => (
          <li key={i}>{p.message}</li>
        ))}
      </ul>
    </Callout>
  );
}

function CloseButton() {
  return <Button size="sm" variant="ghost" icon={<X size={15} aria-hidden="true" />} aria-label="Close the panel" title="Close (Esc)" onClick={deselectAll} />;
}
