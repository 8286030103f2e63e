// What the first screen waits for, asked of the backend by the page's entry (main.ts) before
// the app's code is loaded, because loading and running that code is most of a page load: the
// session check and, at a conversation (a reload mid-answer), its messages and the events of an
// answer still streaming. The app's queries take each request over once instead of asking again,
// and the first render waits for them a moment (firstRender), so it draws the screen they fill
// rather than loading states. Nothing here loads React or the query library.
import type { Event, Message, SystemInfo } from './api.gen';
import { AsyncQueue } from './asyncQueue';
import { getSystem, listMessages } from './backend';
import { runEvents } from './events';
import { matchChatPath } from './paths/chat';

interface Started<T> {
  request: Promise<T>;
  answer?: { value: T };
}

/** A live run's events followed since the page started, for the answer's stream to adopt. */
interface EarlyRun {
  queue: AsyncQueue<Event>;
  /** Every event so far, for a first render (the queue hands them out once). */
  seen: Event[];
  /** Told of the connection's state once adopted (the latest state at once). */
  onConnection: ((connected: boolean) => void) | null;
  connected: boolean | null;
  timer: ReturnType<typeof setTimeout>;
}

/** Query options that take over a started request: its answer as the data when it has come, else the request. */
interface TakeOver<T> {
  initialData: () => T | undefined;
  queryFn: (context: { signal: AbortSignal }) => Promise<T>;
}

const started = new Map<string, Started<unknown>>();
const runs = new Map<string, EarlyRun>();
/** What the first render waits for; none once it has stopped waiting. */
const holds: Promise<unknown>[] = [];
let rendered = false;

/** An early subscription nobody adopts (the page went elsewhere) stops after this long. */
export const UNADOPTED_MS = 15_000;

function hold(until: Promise<unknown>): void {
  if (!rendered) holds.push(until.catch(() => {}));
}

function startNow<T>(key: string, request: Promise<T>): void {
  const entry: Started<T> = { request };
  // A failure is for the taker to see; untaken, it is nobody's error.
  request.then((value) => (entry.answer = { value }), () => {});
  started.set(key, entry as Started<unknown>);
  hold(request);
}

function takeOver<T>(key: string, fetch: (signal: AbortSignal) => Promise<T>): TakeOver<T> {
  return {
    initialData: () => {
      const answer = started.get(key)?.answer as { value: T } | undefined;
      if (answer) started.delete(key);
      return answer?.value;
    },
    queryFn: ({ signal }) => {
      const entry = started.get(key) as Started<T> | undefined;
      started.delete(key);
      return entry?.request ?? fetch(signal);
    },
  };
}

/** A conversation's messages; the events of each answer still streaming are followed from now on. */
async function loadConversation(id: string): Promise<Message[]> {
  const messages = await listMessages(id);
  for (const m of messages) if (m.role === 'ai' && m.status === 'streaming' && m.runId) followRun(m.runId);
  return messages;
}

function followRun(runId: string): void {
  if (runs.has(runId)) return;
  const ac = new AbortController();
  const entry: EarlyRun = {
    queue: new AsyncQueue<Event>(() => ac.abort()),
    seen: [],
    onConnection: null,
    connected: null,
    timer: setTimeout(() => dropRun(runId), UNADOPTED_MS),
  };
  runs.set(runId, entry);
  const onConnection = (connected: boolean) => {
    entry.connected = connected;
    entry.onConnection?.(connected);
  };
  // The first render waits for the replay (every event stored when the stream opened), and
  // then for a macrotask, by which the events handed out in microtasks have all come.
  let replayed = () => {};
  hold(new Promise<void>((resolve) => (replayed = resolve)).then(() => new Promise((resolve) => setTimeout(resolve, 0))));
  void (async () => {
    try {
      for await (const event of runEvents(runId, { signal: ac.signal, onConnection, onReplayed: () => replayed() })) {
        if (runs.get(runId) === entry) entry.seen.push(event); // until it is adopted
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

function takeRun(runId: string): EarlyRun | undefined {
  const entry = runs.get(runId);
  runs.delete(runId);
  if (entry) clearTimeout(entry.timer);
  return entry;
}

function dropRun(runId: string): void {
  void takeRun(runId)?.queue.return();
}

/** The one entry to the requests started with the page. */
export const early = {
  /** The page's entry: asks for what the first screen at `path` waits for. */
  start(path: string): void {
    startNow('system', getSystem());
    const id = matchChatPath(path);
    if (id) startNow(`messages.${id}`, loadConversation(id));
  },

  /**
   * Resolves once every request started, and every replay they led to, has settled, or after
   * maxMs, whichever comes first: a slow answer must not keep the page blank.
   */
  firstRender(maxMs: number): Promise<void> {
    const settled = (async () => {
      for (let seen = 0; seen < holds.length; ) {
        const batch = holds.slice(seen);
        seen = holds.length;
        await Promise.all(batch);
      }
    })();
    const late = new Promise<void>((resolve) => setTimeout(resolve, maxMs));
    return Promise.race([settled, late]).then(() => {
      rendered = true;
      holds.length = 0;
    });
  },

  /** The session check's query, from the check the entry started the first time. */
  system: (): TakeOver<SystemInfo> => takeOver('system', getSystem),

  /** A conversation's messages' query, from the load the entry started the first time. */
  messages: (conversationId: string): TakeOver<Message[]> =>
    takeOver(`messages.${conversationId}`, (signal) => listMessages(conversationId, signal)),

  /** The events the early subscription to a run has brought so far, from the first; none when there is none. */
  runEvents(runId: string): readonly Event[] {
    return runs.get(runId)?.seen ?? [];
  },

  /**
   * The early subscription to a run's events, if one was started: its events from the first,
   * then live ones. It stops when `signal` aborts. Each subscription is adopted once.
   */
  adoptRun(runId: string, signal: AbortSignal, onConnection: (connected: boolean) => void): AsyncIterable<Event> | null {
    const entry = takeRun(runId);
    if (!entry) return null;
    entry.onConnection = onConnection;
    if (entry.connected !== null) onConnection(entry.connected);
    if (signal.aborted) void entry.queue.return();
    else signal.addEventListener('abort', () => void entry.queue.return(), { once: true });
    return entry.queue;
  },
};
