import { memo } from 'react';
import type { Run } from '../../lib/api.gen';
import { Link } from '../../components/ui/Link';
import { navigate } from '../../lib/router';
import { Badge } from '../../components/ui/Badge';
import { StatusDot } from '../../components/ui/StatusDot';
import { formatRelative } from '../../lib/format';
import { elapsedOf, formatDuration, formatExactTime, formatTokens, runSummary, statusBadgeTone, statusDotTone, statusLabel } from '../../shared/run/display';
import { runPath } from '../../lib/paths/runs';

function AppName({ run }: { run: Run }) {
  if (run.appName) return <span className="runs-app">{run.appName}</span>;
  return <span className="subtle">{run.appId ? 'Unknown app' : 'Deleted app'}</span>;
}

const RunRow = memo(function RunRow({ run, now }: { run: Run; now: number }) {
  const summary = runSummary(run);
  const open = () => navigate(runPath(run.id));
  return (
    <tr className="runs-row" data-testid="run-row" data-run-id={run.id} data-status={run.status} onClick={open}>
      <td className="runs-status-cell">
        <span className="runs-status">
          <StatusDot tone={statusDotTone(run.status)} label={statusLabel(run.status)} />
          <Badge tone={statusBadgeTone(run.status)}>{statusLabel(run.status)}</Badge>
        </span>
      </td>
      <td className="runs-app-cell">
        <AppName run={run} />
        <span className="runs-mode">{run.singleNodeId ? `Step ${run.singleNodeId} alone` : run.mode === 'chatflow' ? 'Chatflow' : 'Workflow'}</span>
      </td>
      <td className="runs-summary-cell">
        <Link to={runPath(run.id)} className="runs-summary" dir="auto" onClick={(e) => e.stopPropagation()}>
          {summary || <span className="subtle">No inputs</span>}
        </Link>
      </td>
      <td className="nowrap" title={formatExactTime(run.startedAt)}>
        {formatRelative(run.startedAt, now)}
      </td>
      <td className="num">{formatDuration(elapsedOf(run, now))}</td>
      <td className="num">{formatTokens(run.promptTokens, run.completionTokens)}</td>
    </tr>
  );
});

/** The runs as a table; a row opens its trace. */
export function RunsTable({ runs }: { runs: readonly Run[] }) {
  const now = Date.now();
  return (
    <div className="table-wrap">
      <table className="data-table runs-table" data-testid="runs-table">
        <thead>
          <tr>
            <th scope="col">Status</th>
            <th scope="col">App</th>
            <th scope="col">Question or inputs</th>
            <th scope="col">Started</th>
            <th scope="col" className="num">
              Duration
            </th>
            <th scope="col" className="num">
              Tokens
            </th>
          </tr>
        </thead>
        <tbody>
          {runs.map((r) => (
            <RunRow key={r.id} run={r} now={now} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
