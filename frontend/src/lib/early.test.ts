import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Event, Message, SystemInfo } from './api.gen';
import { AsyncQueue } from './asyncQueue';

// The backend as each test sets it: the session check, a conversation's messages, a run's events.
let system: () => Promise<SystemInfo>;
let messages: (conversationId: string) => Promise<Message[]>;
let feed: AsyncQueue<Event>;
let seenSignal: AbortSignal | undefined;
let seenOnConnection: ((c: boolean) => void) | undefined;
let seenOnReplayed: (() => void) | undefined;
const asked = { system: 0, messages: 0 };
vi.mock('./backend', () => ({
  getSystem: () => {
    asked.system++;
    return system();
  },
  listMessages: (conversationId: string) => {
    asked.messages++;
    return messages(conversationId);
  },
}));
vi.mock('./events', () => ({
  runEvents: (_runId: string, options: { signal?: AbortSignal; onConnection?: (c: boolean) => void; onReplayed?: () => void }) => {
    seenSignal = options.signal;
    seenOnConnection = options.onConnection;
    seenOnReplayed = options.onReplayed;
    return feed;
  },
}));

const ev = (seq: number) => ({ seq, type: 'node_stream_chunk' }) as unknown as Event;
const streaming = (runId: string) => ({ role: 'ai', status: 'streaming', runId }) as Message;
const tick = () => new Promise((r) => setTimeout(r, 0));
const signal = () => new AbortController().signal;

// Each test loads a fresh module: a page starts once.
async function fresh() {
  vi.resetModules();
  return (await import('./early')).early;
}

/** A page opened at a conversation whose answer in run `runId` is still streaming. */
async function openAtStreamingAnswer(runId: string) {
  messages = () => Promise.resolve([streaming(runId)]);
  const early = await fresh();
  early.start(`/chat/c-${runId}`);
  await tick();
  return early;
}

async function drain(events: AsyncIterable<Event>): Promise<number[]> {
  const out: number[] = [];
  for await (const e of events) out.push(e.seq);
  return out;
}

beforeEach(() => {
  system = () => Promise.resolve({} as SystemInfo);
  messages = () => Promise.resolve([]);
  feed = new AsyncQueue<Event>();
  asked.system = asked.messages = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('requests started with the page', () => {
  it('give their answer as the query data once it has come, and are not asked again', async () => {
    const early = await fresh();
    early.start('/chat/c1');
    await tick();
    expect(early.messages('c1').initialData()).toEqual([]);
    expect(early.messages('c1').initialData()).toBeUndefined(); // taken
    await early.messages('c1').queryFn({ signal: signal() });
    expect(asked.messages).toBe(2); // the later fetch asks anew
  });

  it('are taken over by the query while under way', async () => {
    let answer = (_: Message[]) => {};
    messages = () => new Promise((resolve) => (answer = resolve));
    const early = await fresh();
    early.start('/chat/c2');
    expect(early.messages('c2').initialData()).toBeUndefined();
    const taken = early.messages('c2').queryFn({ signal: signal() });
    answer([]);
    expect(await taken).toEqual([]);
    expect(asked.messages).toBe(1);
  });

  it('ask for no conversation when the page opens elsewhere', async () => {
    const early = await fresh();
    early.start('/library');
    expect(asked).toEqual({ system: 1, messages: 0 });
  });

  it('fail for the taker only', async () => {
    system = () => Promise.reject(new Error('refused'));
    const early = await fresh();
    early.start('/library');
    await tick(); // no unhandled rejection meanwhile
    expect(early.system().initialData()).toBeUndefined();
    await expect(early.system().queryFn({ signal: signal() })).rejects.toThrow('refused');
  });
});

describe('the first render', () => {
  it('waits for the messages, then for the replay of the answer they tell of, all of it', async () => {
    let answer = (_: Message[]) => {};
    messages = () => new Promise((resolve) => (answer = resolve));
    const early = await fresh();
    early.start('/chat/c9');
    let rendered = false;
    const render = early.firstRender(10_000).then(() => (rendered = true));
    await tick();
    answer([streaming('r9')]);
    await tick();
    expect(rendered).toBe(false);
    // The replay comes in two reads of the stream: the first is not all of it.
    const replay = Array.from({ length: 40 }, (_, i) => i + 1);
    replay.slice(0, 20).forEach((seq) => feed.push(ev(seq)));
    await tick();
    await tick();
    expect(rendered).toBe(false);
    replay.slice(20).forEach((seq) => feed.push(ev(seq)));
    seenOnReplayed!(); // the stream has handed out every event stored when it opened
    await render;
    expect(early.runEvents('r9').map((e) => e.seq)).toEqual(replay);
  });

  it('does not wait for a failed request or a failed stream', async () => {
    system = () => Promise.reject(new Error('offline'));
    const early = await openAtStreamingAnswer('r10');
    let rendered = false;
    const render = early.firstRender(10_000).then(() => (rendered = true));
    feed.fail(new Error('refused'));
    await Promise.race([render, new Promise((r) => setTimeout(r, 500))]);
    expect(rendered).toBe(true); // not after the 10 s bound
  });

  it('gives up waiting after maxMs, and holds nothing afterwards', async () => {
    system = () => new Promise(() => {}); // never answers
    const early = await fresh();
    early.start('/library');
    const started = performance.now();
    await early.firstRender(30);
    expect(performance.now() - started).toBeLessThan(1000);
    early.start('/library');
    let rendered = false;
    const render = early.firstRender(10_000).then(() => (rendered = true)); // nothing held: at once
    await Promise.race([render, new Promise((r) => setTimeout(r, 500))]);
    expect(rendered).toBe(true);
  });
});

describe('the early subscription to a streaming answer', () => {
  it('hands the adopter the events that came before it, then the live ones, once', async () => {
    const early = await openAtStreamingAnswer('r1');
    feed.push(ev(1));
    feed.push(ev(2));
    await tick();
    const events = early.adoptRun('r1', signal(), () => {});
    expect(events).not.toBeNull();
    expect(early.adoptRun('r1', signal(), () => {})).toBeNull();
    const got = drain(events!);
    feed.push(ev(3));
    feed.end();
    expect(await got).toEqual([1, 2, 3]);
  });

  it('keeps the events so far for a first render, until it is adopted', async () => {
    const early = await openAtStreamingAnswer('r5');
    feed.push(ev(1));
    feed.push(ev(2));
    await tick();
    expect(early.runEvents('r5').map((e) => e.seq)).toEqual([1, 2]);
    early.adoptRun('r5', signal(), () => {});
    expect(early.runEvents('r5')).toEqual([]);
  });

  it('is not there for a run nobody started early', async () => {
    const early = await fresh();
    expect(early.adoptRun('nope', signal(), () => {})).toBeNull();
  });

  it('stops the request when the adopter stops', async () => {
    const early = await openAtStreamingAnswer('r2');
    const ac = new AbortController();
    const got = drain(early.adoptRun('r2', ac.signal, () => {})!);
    ac.abort();
    expect(await got).toEqual([]);
    await tick();
    expect(seenSignal?.aborted).toBe(true);
  });

  it('tells the adopter the connection state, the latest at once', async () => {
    const early = await openAtStreamingAnswer('r3');
    seenOnConnection!(false);
    const states: boolean[] = [];
    early.adoptRun('r3', signal(), (c) => states.push(c));
    seenOnConnection!(true);
    expect(states).toEqual([false, true]);
  });

  it('stops when nobody adopts it', async () => {
    vi.useFakeTimers();
    messages = () => Promise.resolve([streaming('r4')]);
    const early = await fresh();
    const { UNADOPTED_MS } = await import('./early');
    early.start('/chat/c-r4');
    await vi.advanceTimersByTimeAsync(UNADOPTED_MS - 1);
    expect(seenSignal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    expect(seenSignal?.aborted).toBe(true);
    expect(early.adoptRun('r4', signal(), () => {})).toBeNull();
  });
});
