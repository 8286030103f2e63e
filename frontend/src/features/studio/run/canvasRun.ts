// Starting a run from the canvas and following it: the app is saved first
// (a run reads the stored DSL), then the run's events are applied to the
// canvas run store until the run ends.
import type { QueryClient } from '@tanstack/react-query';
import type { RunRequest } from '../../../lib/api.gen';
import { startAppRun } from '../../../lib/backend';
import { runEvents } from '../../../lib/events';
import { useCanvasRun, type RunOrigin } from './runStore';

export async function runFromCanvas(appId: string, req: RunRequest, origin: RunOrigin, client: QueryClient): Promise<string> {
  const { runId } = await startAppRun(appId, req);
  follow(runId, origin, req.query, client);
  return runId;
}

function follow(runId: string, origin: RunOrigin, question: string, client: QueryClient): void {
  const ac = new AbortController();
  const store = useCanvasRun.getState();
  store.begin(runId, origin, question, () => ac.abort());
  void (async () => {
    try {
      for await (const ev of runEvents(runId, { signal: ac.signal })) useCanvasRun.getState().apply(runId, ev);
    } catch {
      // Refused stream (the run is gone): the history still has whatever was recorded.
    } finally {
      void client.invalidateQueries({ queryKey: ['runs'] });
    }
  })();
}
