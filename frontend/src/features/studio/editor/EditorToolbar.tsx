import { useReactFlow } from '@xyflow/react';
import { ArrowLeft, ExternalLink, LayoutDashboard, Maximize, MessageSquareText, Play, Redo2, Square, Undo2 } from 'lucide-react';
import { Link } from '../../../components/ui/Link';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { cancelRun } from '../../../lib/backend';
import { runPath } from '../../../lib/paths/runs';
import { modeLabel } from '../list/AppCard';
import { STUDIO_PATH } from '../../../lib/paths/studio';
import { useCanvasRun } from '../run/runStore';
import { useEditor } from '../store/editorStore';
import { SaveStatus } from './SaveStatus';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const mod = isMac ? '⌘' : 'Ctrl+';

export interface EditorToolbarProps {
  onRetrySave: (overwrite: boolean) => void;
  runOpen: boolean;
  onToggleRun: () => void;
  /** A run's trace is on the canvas: nothing can be edited. */
  readOnly: boolean;
}

export function EditorToolbar({ onRetrySave, runOpen, onToggleRun, readOnly }: EditorToolbarProps) {
  const app = useEditor((s) => s.app);
  const canUndo = useEditor((s) => s.graph.past.length > 0);
  const canRedo = useEditor((s) => s.graph.future.length > 0);
  const dispatch = useEditor((s) => s.dispatch);
  const flow = useReactFlow();
  const layout = () => {
    dispatch({ type: 'autoLayout' });
    requestAnimationFrame(() => void flow.fitView({ padding: 0.2, duration: 250, maxZoom: 1 }));
  };
  return (
    <header className="studio-toolbar">
      <Link to={STUDIO_PATH} className="studio-back" aria-label="All apps" title="All apps">
        <ArrowLeft size={16} aria-hidden="true" />
      </Link>
      <div className="studio-toolbar-title">
        <h1 dir="auto">{app?.name}</h1>
        {app && <Badge tone={app.mode === 'chatflow' ? 'accent' : 'neutral'}>{modeLabel[app.mode]}</Badge>}
      </div>
      {!readOnly && <SaveStatus onRetry={onRetrySave} />}
      <div className="studio-toolbar-actions">
        {!readOnly && (
          <>
            <Button size="sm" variant="ghost" icon={<Undo2 size={15} aria-hidden="true" />} aria-label="Undo" title={`Undo (${mod}Z)`} disabled={!canUndo} onClick={() => dispatch({ type: 'undo' })} />
            <Button size="sm" variant="ghost" icon={<Redo2 size={15} aria-hidden="true" />} aria-label="Redo" title={`Redo (${mod}Shift+Z)`} disabled={!canRedo} onClick={() => dispatch({ type: 'redo' })} />
            <Button size="sm" variant="ghost" icon={<LayoutDashboard size={15} aria-hidden="true" />} aria-label="Tidy up" title="Tidy up: lay the steps out left to right" onClick={layout} data-testid="auto-layout" />
          </>
        )}
        <Button size="sm" variant="ghost" icon={<Maximize size={15} aria-hidden="true" />} aria-label="Fit to screen" title="Fit to screen" onClick={() => void flow.fitView({ padding: 0.2, duration: 250, maxZoom: 1 })} />
        {!readOnly && <RunControls mode={app?.mode} open={runOpen} onToggle={onToggleRun} />}
      </div>
    </header>
  );
}

/** Run (or Preview for a chatflow); while a run is live, its cancel; after it, its link. */
function RunControls({ mode, open, onToggle }: { mode: string | undefined; open: boolean; onToggle: () => void }) {
  const runId = useCanvasRun((s) => (s.origin === 'trace' ? null : s.runId));
  const live = useCanvasRun((s) => s.live);
  const chat = mode === 'chatflow';
  return (
    <>
      {runId && live && !open && (
        <Button size="sm" variant="danger" icon={<Square size={12} aria-hidden="true" />} onClick={() => void cancelRun(runId).catch(() => {})} title="Cancel the run">
          Cancel
        </Button>
      )}
      {runId && !live && (
        <Link to={runPath(runId)} className="btn btn-ghost btn-sm" title="Open the last run in Runs" data-testid="toolbar-open-run">
          <ExternalLink size={14} aria-hidden="true" /> Last run
        </Link>
      )}
      <Button
        size="sm"
        variant={open ? 'secondary' : 'primary'}
        icon={live ? <Spinner size={14} /> : chat ? <MessageSquareText size={14} aria-hidden="true" /> : <Play size={14} aria-hidden="true" />}
        aria-pressed={open}
        onClick={onToggle}
        data-testid="toolbar-run"
      >
        {live ? 'Running' : chat ? 'Preview' : 'Run'}
      </Button>
    </>
  );
}
