import type { ReactNode } from 'react';
import { ArrowLeft, MessageSquareText, Square, Workflow } from 'lucide-react';
import type { Run } from '../../lib/api.gen';
import { Link } from '../../components/ui/Link';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Callout } from '../../components/ui/Callout';
import { formatRelative } from '../../lib/format';
import { withQuery } from '../../lib/router';
import { chatPath } from '../../lib/paths/chat';
import { appPath } from '../../lib/paths/studio';
import { elapsedOf, formatDuration, formatExactTime, formatTokens, isLive, runSummary, statusBadgeTone, statusLabel } from '../../shared/run/display';
import { RUNS_PATH, runPath } from '../../lib/paths/runs';
import { useCancelRun } from '../../shared/run/queries';

function Fact({ label, children, title }: { label: string; children: ReactNode; title?: string }) {
  return (
    <div className="rh-fact">
      <dt>{label}</dt>
      <dd title={title}>{children}</dd>
    </div>
  );
}

function AppLink({ run }: { run: Run }) {
  if (!run.appName) return <span className="subtle">Deleted app</span>;
  return <Link to={appPath(run.appId)}>{run.appName}</Link>;
}

function CancelButton({ runId }: { runId: string }) {
  const cancel = useCancelRun(runId);
  return (
    <>
      <Button variant="danger" size="sm" icon={<Square size={12} aria-hidden="true" />} loading={cancel.isPending} onClick={() => cancel.mutate()}>
        Cancel run
      </Button>
      {cancel.error && <span className="rh-cancel-error" role="alert">{cancel.error.message}</span>}
    </>
  );
}

/** What the run was asked, its outcome and cost, and where it came from. */
export function RunHeader({ run, now, reconnecting }: { run: Run; now: number; reconnecting: boolean }) {
  const summary = runSummary(run);
  const tokens = formatTokens(run.promptTokens, run.completionTokens);
  return (
    <header className="run-header">
      <Link to={RUNS_PATH} className="rh-back">
        <ArrowLeft size={14} aria-hidden="true" /> All runs
      </Link>
      <div className="rh-title-row">
        <h1 className="rh-title" dir="auto" data-testid="run-title">
          {summary || (run.appName ? `${run.appName} run` : 'Run')}
        </h1>
        <div className="rh-actions">
          {run.appName && (
            <Link to={withQuery(appPath(run.appId), { run: run.id })} className="btn btn-secondary btn-sm" data-testid="open-on-canvas">
              <Workflow size={13} aria-hidden="true" /> Open on canvas
            </Link>
          )}
          {run.conversationId && (
            <Link to={chatPath(run.conversationId)} className="btn btn-secondary btn-sm">
              <MessageSquareText size={13} aria-hidden="true" /> Open conversation
            </Link>
          )}
          {isLive(run.status) && <CancelButton runId={run.id} />}
        </div>
      </div>
      <dl className="rh-facts">
        <Fact label="Status">
          <Badge tone={statusBadgeTone(run.status)}>{statusLabel(run.status)}</Badge>
          {reconnecting && <span className="subtle rh-reconnecting">Reconnecting…</span>}
        </Fact>
        <Fact label="App">
          <AppLink run={run} />
        </Fact>
        <Fact label="Started" title={formatExactTime(run.startedAt)}>
          {formatRelative(run.startedAt, now)}
        </Fact>
        <Fact label="Duration">{formatDuration(elapsedOf(run, now))}</Fact>
        <Fact label="Tokens" title={`${run.promptTokens} prompt · ${run.completionTokens} completion`}>
          {tokens}
        </Fact>
      </dl>
      {run.singleNodeId && (
        <Callout tone="info" title={`A test of step ${run.singleNodeId} alone`}>
          It ran with the values the step read in <Link to={runPath(run.sourceRunId)}>an earlier run</Link>, through the
          step’s settings at the time of the test.
        </Callout>
      )}
      {run.error && (
        <Callout tone="danger" title={run.status === 'cancelled' ? 'Cancelled' : 'The run failed'}>
          <span dir="auto">{run.error}</span>
        </Callout>
      )}
    </header>
  );
}
