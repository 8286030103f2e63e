import { useId } from 'react';
import { History } from 'lucide-react';
import type { App } from '../../lib/api.gen';
import { navigate, useRouteQuery, withQuery } from '../../lib/router';
import { EmptyState } from '../../components/ui/EmptyState';
import { LoadError } from '../../components/ui/LoadError';
import { PageHeader } from '../../components/ui/PageHeader';
import { useApps } from '../../shared/apps/queries';
import { RUNS_PATH } from '../../lib/paths/runs';
import { useRuns } from '../../shared/run/queries';
import { RunsTable } from './RunsTable';
import '../../components/ui/Field.css';
import './Runs.css';

function AppFilter({ apps, value }: { apps: App[]; value: string }) {
  const id = useId();
  return (
    <div className="runs-filter">
      <label htmlFor={id} className="runs-filter-label">
        App
      </label>
      <select id={id} className="select" value={value} onChange={(e) => navigate(withQuery(RUNS_PATH, { app: e.target.value }), { replace: true })}>
        <option value="">All apps</option>
        {apps.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
          </option>
        ))}
      </select>
    </div>
  );
}

function RunsSkeleton() {
  return (
    <div className="runs-skeleton" aria-busy="true" aria-label="Loading runs">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="skeleton runs-skeleton-row" />
      ))}
    </div>
  );
}

/** #/runs: every chat turn and workflow run, newest first, filterable by app. */
export function RunsPage() {
  const appId = useRouteQuery().get('app') ?? '';
  const runs = useRuns(appId);
  const apps = useApps();
  const list = runs.data;
  return (
    <div className="runs-page">
      <PageHeader
        title="Runs"
        description="Every chat turn and workflow run, with its full per-node trace."
        actions={<AppFilter apps={apps.data ?? []} value={appId} />}
      />
      {runs.isPending && <RunsSkeleton />}
      {runs.error && (
        <LoadError title="The runs could not be loaded" onRetry={() => void runs.refetch()}>
          {runs.error.message}
        </LoadError>
      )}
      {list && list.length === 0 && (
        <EmptyState
          icon={<History size={22} />}
          title={appId ? 'No runs of this app yet' : 'No runs yet'}
          description="Each question asked in Chat and each workflow run is recorded here with its trace — inputs, outputs, model calls, tokens and real timings — so any answer can be audited."
        />
      )}
      {list && list.length > 0 && <RunsTable runs={list} />}
    </div>
  );
}
