// Backend event topics as async iterables, over whichever transport the face offers:
// SSE (fetch + stream parser, resumable with `after`) in the browser, Wails events plus a
// replay request in the desktop window. Events come out once each, in seq order.
import type { Event } from './api.gen';
import { AsyncQueue } from './asyncQueue';
import { BackendError, detectFace, onDesktopEvent, openEventStream, openRunEventStream, replayEvents, type RunEventStream } from './backend';
import { SSEParser } from './sse';

export type Transport = 'sse' | 'wails-events';

/** The transport subscribe() uses in this face; the name SelfTestResult.transport expects. */
export function currentTransport(): Transport {
  return detectFace() === 'desktop' ? 'wails-events' : 'sse';
}

export interface Backoff {
  initialMs: number;
  maxMs: number;
}

export interface SubscribeOptions {
  /** Deliver only events with seq greater than this (default 0: from the start). */
  after?: number;
  /** Stops the subscription when aborted. */
  signal?: AbortSignal;
  /** Reconnect delays after a dropped connection. */
  backoff?: Backoff;
  /**
   * Browser face: told false when the connection drops (the stream then retries) and true
   * when a connection is open again, so a view can say it is reconnecting.
   */
  onConnection?: (connected: boolean) => void;
  /**
   * Told once, when every event stored as the subscription opened has been handed out: the
   * replay is over and what follows is live. Run streams only (runEvents).
   */
  onReplayed?: () => void;
}

const defaultBackoff: Backoff = { initialMs: 250, maxMs: 5000 };

/**
 * The events of `topic` after `options.after`, in seq order, each once. The iteration runs
 * until the consumer stops (break / return) or the signal aborts; it throws a BackendError
 * when the backend refuses the subscription (e.g. 401, 404).
 */
export function subscribe(topic: string, options: SubscribeOptions = {}): AsyncIterable<Event> {
  const after = options.after ?? 0;
  const backoff = options.backoff ?? defaultBackoff;
  return stoppable(options.signal, (stop) =>
    detectFace() === 'desktop'
      ? desktopEvents(topic, after, stop, backoff, options.onReplayed)
      : sseEvents(async (from, signal) => ({ body: await openEventStream(topic, from, signal), replayThrough: null }), topic, after, stop, backoff, {
          onConnection: options.onConnection,
        }),
  );
}

/**
 * An iterable whose every iteration opens its source under a signal of its own, aborted when
 * the consumer stops (break / return) or when `outer` aborts, so the stream behind it closes.
 */
function stoppable(outer: AbortSignal | undefined, open: (signal: AbortSignal) => AsyncIterator<Event>): AsyncIterable<Event> {
  return {
    [Symbol.asyncIterator](): AsyncIterator<Event> {
      const ac = new AbortController();
      if (outer?.aborted) ac.abort();
      else outer?.addEventListener('abort', () => ac.abort(), { once: true });
      const source = open(ac.signal);
      return {
        next: () => source.next(),
        return: async () => {
          ac.abort();
          await source.return?.();
          return { value: undefined, done: true };
        },
      };
    },
  };
}

export interface ListenHandlers {
  after?: number;
  onEvent: (event: Event) => void;
  onError?: (error: unknown) => void;
  backoff?: Backoff;
}

/** Callback-style subscribe for React effects. Returns the function that stops listening. */
export function listen(topic: string, handlers: ListenHandlers): () => void {
  const ac = new AbortController();
  void (async () => {
    try {
      for await (const event of subscribe(topic, { after: handlers.after, signal: ac.signal, backoff: handlers.backoff })) {
        if (ac.signal.aborted) break;
        handlers.onEvent(event);
      }
    } catch (err) {
      if (!ac.signal.aborted) handlers.onError?.(err);
    }
  })();
  return () => ac.abort();
}

// ---------------------------------------------------------------------------
// Runs

/** The event topic of a run. */
export function runTopic(runId: string): string {
  return `run:${runId}`;
}

/** True for the event that ends a run: nothing comes after it. */
export function isRunEnd(type: string): boolean {
  return type === 'run_succeeded' || type === 'run_failed' || type === 'run_cancelled';
}

/**
 * A run's events after `options.after`, in seq order, each once, ending after the run's last
 * event. The browser reads /api/runs/{id}/events, which replays stored events before live
 * ones, so a reload mid-run resumes exactly where it left off.
 */
export function runEvents(runId: string, options: SubscribeOptions = {}): AsyncIterable<Event> {
  const topic = runTopic(runId);
  if (detectFace() === 'desktop') {
    return {
      async *[Symbol.asyncIterator]() {
        for await (const event of subscribe(topic, options)) {
          yield event;
          if (isRunEnd(event.type)) return;
        }
      },
    };
  }
  return stoppable(options.signal, (stop) =>
    sseEvents((from, signal) => openRunEventStream(runId, from, signal), topic, options.after ?? 0, stop, options.backoff ?? defaultBackoff, {
      isLast: (event) => isRunEnd(event.type),
      onConnection: options.onConnection,
      onReplayed: options.onReplayed,
    }),
  );
}

// ---------------------------------------------------------------------------
// Browser face: SSE over fetch

function retryable(err: unknown): boolean {
  if (!(err instanceof BackendError)) return true; // network failure, stream error
  return err.status === 0 || err.status === 408 || err.status === 429 || err.status >= 500;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

function parseEvent(data: string): Event | null {
  try {
    const ev = JSON.parse(data) as Event;
    return typeof ev === 'object' && ev !== null && typeof ev.seq === 'number' ? ev : null;
  } catch {
    return null;
  }
}

type StreamOpener = (after: number, signal: AbortSignal) => Promise<RunEventStream>;

interface StreamHooks {
  /** The event after which the stream ends. */
  isLast?: (event: Event) => boolean;
  onConnection?: (connected: boolean) => void;
  onReplayed?: () => void;
}

async function* sseEvents(open: StreamOpener, topic: string, after: number, signal: AbortSignal, backoff: Backoff, hooks: StreamHooks = {}): AsyncGenerator<Event> {
  const { isLast = () => false, onConnection } = hooks;
  let last = after;
  let replayed = hooks.onReplayed;
  let through = Infinity; // the replay's last seq, once a response has said it
  // Called once the consumer has taken every replayed event (or when no response says how far).
  const checkReplayed = () => {
    if (replayed && last >= through) {
      replayed();
      replayed = undefined;
    }
  };
  let delay = backoff.initialMs;
  let connected: boolean | null = null;
  const report = (c: boolean) => {
    if (c === connected) return;
    connected = c;
    onConnection?.(c);
  };
  while (!signal.aborted) {
    try {
      const { body, replayThrough } = await open(last, signal);
      report(true);
      through = Math.min(through, replayThrough ?? last);
      checkReplayed();
      const reader = body.getReader();
      const cancel = () => void reader.cancel().catch(() => {});
      signal.addEventListener('abort', cancel, { once: true });
      try {
        const decoder = new TextDecoder();
        const parser = new SSEParser();
        for (;;) {
          const { value, done } = await reader.read();
          if (done || signal.aborted) break;
          for (const msg of parser.feed(decoder.decode(value, { stream: true }))) {
            const event = parseEvent(msg.data);
            if (!event || event.topic !== topic || event.seq <= last) continue;
            last = event.seq;
            delay = backoff.initialMs;
            yield event;
            checkReplayed();
            if (isLast(event)) return;
          }
        }
      } finally {
        signal.removeEventListener('abort', cancel);
        cancel();
      }
    } catch (err) {
      if (signal.aborted) return;
      if (!retryable(err)) throw err;
    }
    if (signal.aborted) return;
    report(false);
    await sleep(delay, signal);
    delay = Math.min(delay * 2, backoff.maxMs);
  }
}

// ---------------------------------------------------------------------------
// Desktop face: Wails events, with a replay for what came before the listener

const gapWaitMs = 150;

function desktopEvents(topic: string, after: number, signal: AbortSignal, backoff: Backoff, onReplayed?: () => void): AsyncIterator<Event> {
  let last = after;
  let replaying = true; // until the first replay is in: buffer live events
  let gapTimer: ReturnType<typeof setTimeout> | undefined;
  const pending = new Map<number, Event>();

  const accept = (event: Event) => {
    if (event.topic === topic && event.seq > last) pending.set(event.seq, event);
  };
  const flush = () => {
    for (let next = pending.get(last + 1); next; next = pending.get(last + 1)) {
      pending.delete(next.seq);
      last = next.seq;
      queue.push(next);
    }
    if (pending.size > 0 && !replaying && gapTimer === undefined) gapTimer = setTimeout(fillGap, gapWaitMs);
  };
  // A live event came with a seq beyond the next one: ask the replay for what is missing,
  // and if the backend no longer has it, move on rather than stall.
  const fillGap = async () => {
    try {
      (await replay()).forEach(accept);
    } catch {
      // fall through: deliver what we have
    }
    gapTimer = undefined;
    if (queue.isEnded) return;
    flush();
    if (pending.size > 0 && !pending.has(last + 1)) {
      last = Math.min(...pending.keys()) - 1;
      flush();
    }
  };
  const replay = () => replayEvents(topic, last, signal);

  const off = onDesktopEvent((event) => {
    accept(event);
    if (!replaying) flush();
  });
  const queue = new AsyncQueue<Event>(() => {
    off();
    clearTimeout(gapTimer);
  });
  signal.addEventListener('abort', () => queue.end(), { once: true });

  void (async () => {
    let delay = backoff.initialMs;
    for (;;) {
      try {
        (await replay()).forEach(accept);
        break;
      } catch (err) {
        if (signal.aborted) return;
        if (!retryable(err)) return queue.fail(err);
        await sleep(delay, signal);
        delay = Math.min(delay * 2, backoff.maxMs);
      }
    }
    replaying = false;
    flush();
    onReplayed?.(); // the replay is in the queue, ahead of anything live
  })();

  return queue;
}
