// A recorded run on the canvas: drawn on the graph the run ran (its recorded
// DSL, whatever became of the app since), each step's status and time on its
// node (read-only), and the selected step's inputs, outputs and error beside
// it, as in Runs. Live runs keep updating.
import { useEffect } from 'react';
import { ExternalLink, History, X } from 'lucide-react';
import type { RunDetail } from '../../../lib/api.gen';
import { navigate } from '../../../lib/router';
import { Link } from '../../../components/ui/Link';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Callout } from '../../../components/ui/Callout';
import { formatRelative } from '../../../lib/format';
import { elapsedOf, formatDuration, isLive, runSummary, statusBadgeTone, statusLabel } from '../../../shared/run/display';
import { NodeDetail } from '../../../shared/run/NodeDetail';
import { runPath } from '../../../lib/paths/runs';
import { useRunDetail } from '../../../shared/run/queries';
import { useLiveRun } from '../../../shared/run/useLiveRun';
import { useNow } from '../../../shared/run/useNow';
import { SidePanel } from '../panel/SidePanel';
import { useSelectedNodeId } from '../panel/useNodeConfig';
import { usePanelView } from '../panel/usePanelView';
import { appPath } from '../../../lib/paths/studio';
import { dslToGraph, parseDsl, type Graph } from '../store/dsl';
import { useEditor } from '../store/editorStore';
import { stepTitle } from '../store/stepTitles';
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
  useRanGraph(detail.data?.dsl ?? '');
  useEffect(() => () => useCanvasRun.getState().clear(), [runId]);
  return { detail: detail.data, error: detail.error, now };
}

/** Puts the graph the run ran on the canvas, for as long as the trace is open; a run without one is drawn on the app's. */
function useRanGraph(dsl: string) {
  useEffect(() => {
    useEditor.getState().showTrace(graphOf(dsl));
    return () => useEditor.getState().showTrace(null);
  }, [dsl]);
}

function graphOf(dsl: string): Graph | null {
  if (!dsl) return null;
  try {
    return dslToGraph(parseDsl(dsl));
  } catch {
    return null; // a DSL this editor no longer reads: the app's graph is the best there is
  }
}

export function TraceBar({ detail, appId }: { detail: RunDetail | undefined; appId: string }) {
  const run = detail?.run;
  const now = useNow(run ? isLive(run.status) : false, 500);
  const changed = useAppChangedSince();
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
      {changed && (
        <span className="trace-bar-note" title="The steps are drawn as they were when this run ran; the app has been edited since." data-testid="trace-changed">
          As it ran · edited since
        </span>
      )}
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

/** True when the traced run's graph has steps the app no longer has, or names them otherwise. */
function useAppChangedSince(): boolean {
  return useEditor((s) => {
    if (!s.trace) return false;
    const now = new Map(s.graph.present.nodes.map((n) => [n.id, stepTitle(n)]));
    return s.trace.nodes.length !== now.size || s.trace.nodes.some((n) => now.get(n.id) !== stepTitle(n));
  });
}

/** The selected step's execution in this run, in full. */
export function TracePanel({ detail, error, now }: { detail: RunDetail | undefined; error: Error | null; now: number }) {
  const selected = useSelectedNodeId();
  usePanelView(selected);
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
