import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isRunEnd, runEvents } from '../../lib/events';
import { runKeys } from './queries';

/** Refetches at most this often while events pour in (a streaming answer sends many). */
const REFETCH_GAP_MS = 300;

/** Events that change a node execution's row; stream chunks do not. */
function changesTrace(type: string): boolean {
  return type.startsWith('node_') && type !== 'node_stream_chunk';
}

/**
 * Follows a live run's events and refetches its trace as nodes start and finish, and
 * once more when the run ends. Returns false while the event stream is reconnecting.
 */
export function useLiveRun(runId: string, live: boolean): boolean {
  const client = useQueryClient();
  const [connected, setConnected] = useState(true);
  useEffect(() => {
    if (!live) return;
    const ac = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refetch = () => {
      timer = undefined;
      void client.invalidateQueries({ queryKey: runKeys.detail(runId) });
    };
    const soon = () => (timer ??= setTimeout(refetch, REFETCH_GAP_MS));
    void (async () => {
      try {
        for await (const ev of runEvents(runId, { signal: ac.signal, onConnection: setConnected })) {
          if (isRunEnd(ev.type)) {
            clearTimeout(timer);
            refetch();
            void client.invalidateQueries({ queryKey: ['runs', 'list'] });
          } else if (changesTrace(ev.type)) soon();
        }
      } catch {
        // The detail's own poll keeps the view current when the stream is refused.
      }
    })();
    return () => {
      ac.abort();
      clearTimeout(timer);
    };
  }, [runId, live, client]);
  return connected;
}
