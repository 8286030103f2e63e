// The run column beside the canvas: a workflow's inputs form and its output,
// or a chatflow's preview chat. While a run is live its steps light up on the
// canvas; the footer tells where it stands, cancels it, and opens it in Runs.
import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ExternalLink, Play, Square, X } from 'lucide-react';
import { cancelRun } from '../../../lib/backend';
import { Link } from '../../../app/Link';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Callout } from '../../../components/ui/Callout';
import { formatDuration, statusBadgeTone, statusLabel } from '../../runs/display';
import { runPath } from '../../runs/paths';
import { useNow } from '../../runs/useNow';
import { useEditorActions } from '../editor/editorContext';
import { ensureSaved } from '../editor/useAutosave';
import { SidePanel } from '../panel/SidePanel';
import { useEditor } from '../store/editorStore';
import type { RunRequest } from '../../../lib/api.gen';
import { askInPreview, runFromCanvas } from './canvasRun';
import { PreviewChat } from './PreviewChat';
import { useCanvasRun } from './runStore';
import { WorkflowRun } from './WorkflowRun';
import './Run.css';
import { errorText } from '../../../lib/format';

/** Starts a run of the app as it is on screen: saved first, refused while it has problems. */
export function useStartRun(): { start: (req: Omit<RunRequest, 'conversationId'>) => Promise<boolean>; error: string | null; pending: boolean } {
  const { saveNow } = useEditorActions();
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const start = async (req: Omit<RunRequest, 'conversationId'>) => {
    const app = useEditor.getState().app;
    if (!app) return false;
    setPending(true);
    setError(null);
    try {
      const unsaved = await ensureSaved(saveNow);
      if (unsaved) throw new Error(`The app could not be saved first: ${unsaved}.`);
      const problems = useEditor.getState().problems.length;
      if (problems > 0) throw new Error(`The graph has ${problems === 1 ? 'a problem' : `${problems} problems`} to fix first; they are listed on the canvas.`);
      if (app.mode === 'chatflow') await askInPreview(app, req.query, client);
      else await runFromCanvas(app.id, { ...req, conversationId: '' }, 'workflow', client);
      return true;
    } catch (err) {
      setError(errorText(err));
      return false;
    } finally {
      setPending(false);
    }
  };
  return { start, error, pending };
}

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
  const steps = stream.nodes.filter((n) => !n.parentNodeId);
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

export function OpenInRuns({ runId, children = 'Open in Runs' }: { runId: string; children?: ReactNode }) {
  return (
    <Link to={runPath(runId)} className="btn btn-secondary btn-sm" data-testid="open-run">
      <ExternalLink size={13} aria-hidden="true" /> {children}
    </Link>
  );
}

export function RunError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Callout tone="danger" title="The run did not start" role="alert">
      {message}
    </Callout>
  );
}
