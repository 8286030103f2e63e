// The event stream check: the backend publishes `count` numbered ticks and we verify that
// every one arrives, in order, through this face's transport.
import type { ErrorBody, EventCheckTick, SelfTestResult } from './api.gen';
import { startEventCheck } from './backend';
import { currentTransport, subscribe } from './events';
import { errorText } from './format';

export interface EventCheckOptions {
  onProgress?: (received: number, count: number) => void;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** What an event check found (the part of a self-test report it fills). */
export type EventCheckResult = Pick<SelfTestResult, 'received' | 'inOrder' | 'transport' | 'error'>;

export async function runEventCheck(count: number, options: EventCheckOptions = {}): Promise<EventCheckResult> {
  const transport = currentTransport();
  const timeoutMs = options.timeoutMs ?? 20_000;
  let received = 0;
  let inOrder = true;
  let error = '';
  let finished = false;

  let topic: string;
  try {
    topic = (await startEventCheck({ count })).topic;
  } catch (err) {
    return { received, inOrder: false, transport, error: errorText(err) };
  }

  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(), timeoutMs);
  const onAbort = () => ac.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  let lastSeq = 0;
  try {
    for await (const ev of subscribe(topic, { signal: ac.signal })) {
      if (ev.seq <= lastSeq) inOrder = false;
      lastSeq = ev.seq;
      if (ev.type === 'tick') {
        const tick = ev.data as EventCheckTick;
        received++;
        if (tick.n !== received) inOrder = false;
        options.onProgress?.(received, count);
      } else if (ev.type === 'done') {
        finished = true;
        break;
      } else if (ev.type === 'error') {
        error = (ev.data as ErrorBody | null)?.message ?? 'the event check failed';
        break;
      }
    }
  } catch (err) {
    error = errorText(err);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }

  if (!error && !finished) error = options.signal?.aborted ? 'cancelled' : `timed out after ${Math.round(timeoutMs / 1000)} s`;
  if (!error && received !== count) error = `${received} of ${count} events arrived`;
  return { received, inOrder: inOrder && received === count, transport, error };
}
