// The run column beside the canvas: a workflow's inputs form and its output,
// or a chatflow's preview chat. While a run is live its steps light up on the
// canvas; the footer tells where it stands, cancels it, and opens it in Runs.
import { useState } from 'react';
import { Play, Square, X } from 'lucide-react';
import { cancelRun } from '../../../lib/backend';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { formatDuration, statusBadgeTone, statusLabel } from '../../../shared/run/display';
import { useNow } from '../../../shared/run/useNow';
import { SidePanel } from '../panel/SidePanel';
import { useEditor } from '../store/editorStore';
import { PreviewChat } from './PreviewChat';
import { OpenInRuns } from './RunControls';
import { useCanvasRun } from './runStore';
import { WorkflowRun } from './WorkflowRun';
import './Run.css';

export function RunPanel({ onClose }: { onClose: () => void }) {
  const mode = useEditor((s) => s.app?.mode);
  const chat = mode === 'chatflow';
  return (
    <SidePanel className="run-panel" label={chat ? 'Preview' : 'Run'} testId="run-panel">
      <header className="node-panel-head">
        <span className="studio-node-icon run-panel-icon" aria-hidden="true">
          <Play size={14} />
        </span>
        <div className="run-panel-titles">
          <h2>{chat ? 'Preview' : 'Run'}</h2>
          <p>{chat ? 'Ask the chatflow as it is on the canvas; each answer remembers the questions before it.' : 'Run the workflow as it is on the canvas with these inputs.'}</p>
        </div>
        <Button size="sm" variant="ghost" icon={<X size={15} aria-hidden="true" />} aria-label="Close the run panel" title="Close" onClick={onClose} />
      </header>
      {chat ? <PreviewChat /> : <WorkflowRun />}
      <RunFooter />
    </SidePanel>
  );
}

/** Where the canvas's run stands: live with a cancel button, or how it ended, with its link. */
function RunFooter() {
  const runId = useCanvasRun((s) => (s.origin === 'trace' ? null : s.runId));
  const live = useCanvasRun((s) => s.live);
  const stream = useCanvasRun((s) => s.stream);
  const total = useEditor((s) => s.graph.present.nodes.length);
  const now = useNow(live, 500);
  if (!runId) return null;
  const steps = stream.nodes.filter((n) => !(n.parentNodeId && n.extraction)); // extractions are part of their step
  const done = steps.filter((n) => n.status !== 'running' && n.status !== 'retrying').length;
  const first = steps[0] ? Date.parse(steps[0].startedAt) || null : null;
  const status = live ? 'running' : stream.runStatus;
  const ran = steps.filter((n) => n.status !== 'skipped').length;
  return (
    <footer className="run-panel-foot" data-testid="run-footer" data-status={status}>
      <Badge tone={statusBadgeTone(status)}>{statusLabel(status)}</Badge>
      <span className="run-panel-progress subtle">
        {live ? `${done} of ${total} steps done${first ? ` · ${formatDuration(now - first)}` : ''}` : `${ran} of ${total} steps ran`}
      </span>
      <span className="run-panel-foot-actions">
        {live ? <CancelButton runId={runId} /> : <OpenInRuns runId={runId} />}
      </span>
    </footer>
  );
}

function CancelButton({ runId }: { runId: string }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      {error && <span className="run-panel-error" role="alert">{error}</span>}
      <Button size="sm" variant="danger" icon={<Square size={12} aria-hidden="true" />} onClick={() => cancelRun(runId).catch((err: Error) => setError(err.message))} data-testid="cancel-run">
        Cancel
      </Button>
    </>
  );
}
