// A reload mid-answer: the conversation's messages arrive while the page is still starting
// (prefetch.ts), and a streaming answer's run events are asked for right then instead of
// after the first render. The answer's stream (useRunStream) starts from the events that
// have arrived so far, so its replayed text is on screen with the message itself, and then
// adopts the subscription.
import type { Event } from '../../lib/api.gen';
import { AsyncQueue } from '../../lib/asyncQueue';
import { holdStart } from '../../lib/atStart';
import { runEvents } from '../../lib/events';

interface Early {
  queue: AsyncQueue<Event>;
  /** Every event so far, for a first render (the queue hands them out once). */
  seen: Event[];
  /** Told of the connection's state once adopted (the latest state at once). */
  onConnection: ((connected: boolean) => void) | null;
  connected: boolean | null;
  timer: ReturnType<typeof setTimeout>;
}

const early = new Map<string, Early>();

/** An early subscription nobody adopts (the page went elsewhere) stops after this long. */
export const UNADOPTED_MS = 15_000;

/** Starts following a run's events from its first one, for the page to adopt. */
export function startEarly(runId: string): void {
  if (early.has(runId)) return;
  const ac = new AbortController();
  const entry: Early = {
    queue: new AsyncQueue<Event>(() => ac.abort()),
    seen: [],
    onConnection: null,
    connected: null,
    timer: setTimeout(() => dropEarly(runId), UNADOPTED_MS),
  };
  early.set(runId, entry);
  const onConnection = (connected: boolean) => {
    entry.connected = connected;
    entry.onConnection?.(connected);
  };
  // The first render waits for the replay (every event stored when the stream opened), and
  // then for a macrotask, by which the events handed out in microtasks have all come.
  let replayed = () => {};
  const replay = new Promise<void>((resolve) => (replayed = resolve));
  holdStart(replay.then(() => new Promise((resolve) => setTimeout(resolve, 0))));
  void (async () => {
    try {
      for await (const event of runEvents(runId, { signal: ac.signal, onConnection, onReplayed: () => replayed() })) {
        if (early.get(runId) === entry) entry.seen.push(event); // until it is adopted
        entry.queue.push(event);
      }
      entry.queue.end();
    } catch (err) {
      entry.queue.fail(err);
    } finally {
      replayed();
    }
  })();
}

/** Stops the early subscription to a run, unless it was adopted: the page will not show the run live. */
function dropEarly(runId: string): void {
  const entry = early.get(runId);
  if (!entry) return;
  early.delete(runId);
  clearTimeout(entry.timer);
  void entry.queue.return();
}

/** The events the early subscription to a run has brought so far, from the first; none when there is none. */
export function earlyEvents(runId: string): readonly Event[] {
  return early.get(runId)?.seen ?? [];
}

/**
 * The early subscription to a run's events, if one was started: its events from the first,
 * then live ones. It stops when `signal` aborts. Each subscription is adopted once.
 */
export function adoptEarly(runId: string, signal: AbortSignal, onConnection: (connected: boolean) => void): AsyncIterable<Event> | null {
  const entry = early.get(runId);
  if (!entry) return null;
  early.delete(runId);
  clearTimeout(entry.timer);
  entry.onConnection = onConnection;
  if (entry.connected !== null) onConnection(entry.connected);
  if (signal.aborted) void entry.queue.return();
  else signal.addEventListener('abort', () => void entry.queue.return(), { once: true });
  return entry.queue;
}
