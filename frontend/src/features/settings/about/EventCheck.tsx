import { useEffect, useRef, useState } from 'react';
import { Activity } from 'lucide-react';
import type { EventCheckResult } from '../../../lib/eventCheck';
import { Button } from '../../../components/ui/Button';
import { Callout } from '../../../components/ui/Callout';
import { runEventCheck } from '../../../lib/eventCheck';

export const EVENT_CHECK_COUNT = 50;

type State = { status: 'idle' } | { status: 'running'; received: number } | { status: 'done'; result: EventCheckResult };

export function summary(result: EventCheckResult, count: number): string {
  const order = result.inOrder ? ' in order' : '';
  return `${result.received}/${count} events received${order} via ${result.transport}`;
}

/** Diagnostics: proves that backend events reach this window, complete and in order. */
export function EventCheck() {
  const [state, setState] = useState<State>({ status: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const run = async () => {
    abort.current?.abort();
    const ac = new AbortController();
    abort.current = ac;
    setState({ status: 'running', received: 0 });
    const result = await runEventCheck(EVENT_CHECK_COUNT, {
      signal: ac.signal,
      onProgress: (received) => setState({ status: 'running', received }),
    });
    if (!ac.signal.aborted) setState({ status: 'done', result });
  };

  const ok = state.status === 'done' && state.result.inOrder && !state.result.error;
  return (
    <div className="card">
      <div className="card-header">
        <h3 className="card-title">Diagnostics</h3>
        <p className="card-description">
          Publishes {EVENT_CHECK_COUNT} numbered events and checks that every one reaches this window, in order — the
          path streamed answers take.
        </p>
      </div>
      <div className="card-body event-check">
        <Button icon={<Activity size={14} aria-hidden="true" />} loading={state.status === 'running'} onClick={() => void run()}>
          Event stream check
        </Button>
        {state.status === 'running' && (
          <p className="muted" data-testid="event-check-result" role="status">
            Receiving… {state.received}/{EVENT_CHECK_COUNT}
          </p>
        )}
        {state.status === 'done' && (
          <Callout
            tone={ok ? 'success' : 'danger'}
            role={ok ? 'status' : 'alert'}
            data-testid="event-check-result"
            title={summary(state.result, EVENT_CHECK_COUNT)}
          >
            {state.result.error || undefined}
          </Callout>
        )}
      </div>
    </div>
  );
}
