// A recorded run on the app's canvas: each step's status and time drawn on
// its node (read-only), and the selected step's inputs, outputs and error
// beside it, as in Runs. Live runs keep updating.
import { useEffect } from 'react';
import { ExternalLink, History, X } from 'lucide-react';
import type { RunDetail } from '../../../lib/api.gen';
import { navigate } from '../../../app/router';
import { Link } from '../../../app/Link';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Callout } from '../../../components/ui/Callout';
import { formatRelative } from '../../../lib/format';
import { elapsedOf, formatDuration, isLive, runSummary, statusBadgeTone, statusLabel } from '../../runs/display';
import { NodeDetail } from '../../runs/NodeDetail';
import { runPath } from '../../runs/paths';
import { useRunDetail } from '../../runs/queries';
import { useLiveRun } from '../../runs/useLiveRun';
import { useNow } from '../../runs/useNow';
import { SidePanel } from '../panel/SidePanel';
import { useSelectedNodeId } from '../panel/useNodeConfig';
import { appPath } from '../paths';
import { useStepIds } from '../store/stepTitles';
import { useCanvasRun } from './runStore';
import './Run.css';

/** Loads the run, follows it while live, and puts its step statuses on the canvas. */
export function useTrace(runId: string): { detail: RunDetail | undefined; error: Error | null; now: number } {
  const detail = useRunDetail(runId);
  const live = isLive(detail.data?.run.status ?? '');
  useLiveRun(runId, live);
  const now = useNow(live);
  useEffect(() => {
    if (detail.data) useCanvasRun.getState().showTrace(detail.data);
  }, [detail.data]);
  useEffect(() => () => useCanvasRun.getState().clear(), [runId]);
  return { detail: detail.data, error: detail.error, now };
}

export function TraceBar({ detail, appId }: { detail: RunDetail | undefined; appId: string }) {
  const ids = useStepIds();
  const run = detail?.run;
  const now = useNow(run ? isLive(run.status) : false, 500);
  const onCanvas = new Set(ids);
  const missing = detail?.nodes.filter((n) => !n.isVirtual && !onCanvas.has(n.nodeId)).length ?? 0;
  return (
    <div className="trace-bar" role="status" data-testid="trace-bar">
      <History size={15} aria-hidden="true" />
      <span className="trace-bar-title">
        {run ? (
          <>
            Trace of <strong dir="auto">{runSummary(run) || 'a run'}</strong> · {formatRelative(run.startedAt, now)} · {formatDuration(elapsedOf(run, now))}
          </>
        ) : (
          'Loading the run…'
        )}
      </span>
      {run && <Badge tone={statusBadgeTone(run.status)}>{statusLabel(run.status)}</Badge>}
      {missing > 0 && <span className="trace-bar-note">{missing === 1 ? '1 step of this run is' : `${missing} steps of this run are`} no longer on the canvas</span>}
      <span className="trace-bar-actions">
        {run && (
          <Link to={runPath(run.id)} className="btn btn-ghost btn-sm">
            <ExternalLink size={13} aria-hidden="true" /> Open in Runs
          </Link>
        )}
        <Button size="sm" variant="secondary" icon={<X size={14} aria-hidden="true" />} onClick={() => navigate(appPath(appId))} data-testid="close-trace">
          Back to editing
        </Button>
      </span>
    </div>
  );
}

/** The selected step's execution in this run, in full. */
export function TracePanel({ detail, error, now }: { detail: RunDetail | undefined; error: Error | null; now: number }) {
  const selected = useSelectedNodeId();
  if (!selected) return null;
  const exec = detail?.nodes.find((n) => n.nodeId === selected && !n.isVirtual) ?? null;
  return (
    <SidePanel className="trace-panel" label="Step in this run" testId="trace-panel" nodeId={selected}>
      <div className="trace-panel-body">
        {error && <Callout tone="danger" title="The run could not be loaded">{error.message}</Callout>}
        {detail && !exec && (
          <div className="nd-placeholder">
            <p>This step did not run in this run: no branch led to it, or the run ended first.</p>
          </div>
        )}
        {exec && <NodeDetail node={exec} now={now} />}
      </div>
    </SidePanel>
  );
}
