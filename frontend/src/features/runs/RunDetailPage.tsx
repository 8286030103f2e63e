import { SearchX } from 'lucide-react';
import { Link } from '../../components/ui/Link';
import { navigate, useRouteQuery, withQuery } from '../../lib/router';
import { EmptyState } from '../../components/ui/EmptyState';
import { LoadError } from '../../components/ui/LoadError';
import { BackendError } from '../../lib/backend';
import { isLive } from '../../shared/run/display';
import { NodeDetail } from '../../shared/run/NodeDetail';
import { RUNS_PATH, runPath } from '../../lib/paths/runs';
import { useRunDetail } from '../../shared/run/queries';
import { RunHeader } from './RunHeader';
import { useLiveRun } from '../../shared/run/useLiveRun';
import { useNow } from '../../shared/run/useNow';
import { Waterfall } from './Waterfall';
import './Runs.css';

function NotFound() {
  return (
    <EmptyState
      icon={<SearchX size={22} />}
      title="No such run"
      description="This run is not in the history: the link may be mistyped, or the data folder was changed."
      action={<Link to={RUNS_PATH}>Back to all runs</Link>}
    />
  );
}

/** #/runs/{id}: a run's header and its trace, with the selected step in full beside it. */
export function RunDetailPage({ runId }: { runId: string }) {
  const detail = useRunDetail(runId);
  const selected = useRouteQuery().get('node');
  const live = isLive(detail.data?.run.status ?? '');
  const connected = useLiveRun(runId, live);
  const now = useNow(live);
  if (detail.isPending) return <div className="run-detail skeleton run-detail-skeleton" role="status" aria-busy="true" aria-label="Loading the run" />;
  if (detail.error) {
    if (detail.error instanceof BackendError && detail.error.status === 404) return <NotFound />;
    return (
      <LoadError title="The run could not be loaded" onRetry={() => void detail.refetch()}>
        {detail.error.message}
      </LoadError>
    );
  }
  const { run, nodes } = detail.data;
  const select = (id: string) => navigate(withQuery(runPath(runId), { node: id }), { replace: true });
  return (
    <div className="run-detail" data-testid="run-detail" data-status={run.status}>
      <RunHeader run={run} now={now} reconnecting={live && !connected} />
      <div className="run-body">
        <section className="run-trace" aria-label="Trace">
          <Waterfall run={run} nodes={nodes} now={now} selectedId={selected} onSelect={select} />
        </section>
        <aside className="run-node" aria-label="Selected step">
          <NodeDetail key={selected ?? 'none'} node={nodes.find((n) => n.id === selected) ?? null} now={now} />
        </aside>
      </div>
    </div>
  );
}
