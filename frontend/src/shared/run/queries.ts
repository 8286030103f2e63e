// TanStack Query bindings for run history: the list, one run's trace, cancel.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Run, RunDetail } from '../../lib/api.gen';
import { cancelRun, getRun, listRuns } from '../../lib/backend';

export const runKeys = {
  all: ['runs'] as const,
  list: (appId: string) => ['runs', 'list', appId] as const,
  detail: (runId: string) => ['runs', 'detail', runId] as const,
};

/** How often a list or trace with a run still going is fetched again. */
export const LIVE_POLL_MS = 1500;

const anyRunning = (runs: Run[] | undefined) => runs?.some((r) => r.status === 'running') ?? false;

/** Runs newest first (of one app when appId is set), polled while any is still running. */
export function useRuns(appId: string) {
  return useQuery({
    queryKey: runKeys.list(appId),
    queryFn: ({ signal }) => listRuns(appId || undefined, signal),
    staleTime: 0,
    refetchInterval: (q) => (anyRunning(q.state.data) ? LIVE_POLL_MS : false),
  });
}

/**
 * One run with its node executions. A live run is also refetched as its events arrive
 * (useLiveRun); the slow poll is a safety net for a dropped event stream.
 */
export function useRunDetail(runId: string) {
  return useQuery<RunDetail>({
    queryKey: runKeys.detail(runId),
    queryFn: ({ signal }) => getRun(runId, signal),
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.run.status === 'running' ? LIVE_POLL_MS * 2 : false),
  });
}

export function useCancelRun(runId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => cancelRun(runId),
    onSettled: () => client.invalidateQueries({ queryKey: runKeys.all }),
  });
}
