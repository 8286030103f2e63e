import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Event } from '../../lib/api.gen';
import { AsyncQueue } from '../../lib/asyncQueue';

// The run's event stream, driven by each test: what runEvents returns.
let feed: AsyncQueue<Event>;
let seenSignal: AbortSignal | undefined;
let seenOnConnection: ((c: boolean) => void) | undefined;
let seenOnReplayed: (() => void) | undefined;
vi.mock('../../lib/events', () => ({
  runEvents: (_runId: string, options: { signal?: AbortSignal; onConnection?: (c: boolean) => void; onReplayed?: () => void }) => {
    seenSignal = options.signal;
    seenOnConnection = options.onConnection;
    seenOnReplayed = options.onReplayed;
    return feed;
  },
}));

const { startEarly, adoptEarly, earlyEvents, UNADOPTED_MS } = await import('./earlyRun');

const ev = (seq: number) => ({ seq, type: 'node_stream_chunk' }) as unknown as Event;
const tick = () => new Promise((r) => setTimeout(r, 0));

async function drain(events: AsyncIterable<Event>): Promise<number[]> {
  const out: number[] = [];
  for await (const e of events) out.push(e.seq);
  return out;
}

describe('early run subscription', () => {
  beforeEach(() => {
    feed = new AsyncQueue<Event>();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hands the adopter the events that came before it, then the live ones, once', async () => {
    startEarly('r1');
    feed.push(ev(1));
    feed.push(ev(2));
    await tick();
    const ac = new AbortController();
    const events = adoptEarly('r1', ac.signal, () => {});
    expect(events).not.toBeNull();
    expect(adoptEarly('r1', ac.signal, () => {})).toBeNull();
    const got = drain(events!);
    feed.push(ev(3));
    feed.end();
    expect(await got).toEqual([1, 2, 3]);
  });

  it('holds the first render until the replay has come, all of it', async () => {
    vi.resetModules(); // a page that has not rendered yet
    const atStart = await import('../../lib/atStart');
    const early = await import('./earlyRun');
    let rendered = false;
    early.startEarly('r9');
    const render = atStart.whenStarted(10_000).then(() => (rendered = true));
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
    expect(early.earlyEvents('r9').map((e) => e.seq)).toEqual(replay);
  });

  it('does not hold the first render once the stream has failed', async () => {
    vi.resetModules();
    const atStart = await import('../../lib/atStart');
    const early = await import('./earlyRun');
    early.startEarly('r10');
    let rendered = false;
    const render = atStart.whenStarted(10_000).then(() => (rendered = true));
    feed.fail(new Error('refused'));
    await Promise.race([render, new Promise((r) => setTimeout(r, 500))]);
    expect(rendered).toBe(true); // not after the 10 s bound
  });

  it('keeps the events so far for a first render, until it is adopted', async () => {
    startEarly('r5');
    feed.push(ev(1));
    feed.push(ev(2));
    await tick();
    expect(earlyEvents('r5').map((e) => e.seq)).toEqual([1, 2]);
    adoptEarly('r5', new AbortController().signal, () => {});
    expect(earlyEvents('r5')).toEqual([]);
  });

  it('is not there for a run nobody started early', () => {
    expect(adoptEarly('nope', new AbortController().signal, () => {})).toBeNull();
  });

  it('stops the request when the adopter stops', async () => {
    startEarly('r2');
    await tick();
    const ac = new AbortController();
    const events = adoptEarly('r2', ac.signal, () => {})!;
    const got = drain(events);
    ac.abort();
    expect(await got).toEqual([]);
    await tick();
    expect(seenSignal?.aborted).toBe(true);
  });

  it('tells the adopter the connection state, the latest at once', async () => {
    startEarly('r3');
    await tick();
    seenOnConnection!(false);
    const states: boolean[] = [];
    adoptEarly('r3', new AbortController().signal, (c) => states.push(c));
    seenOnConnection!(true);
    expect(states).toEqual([false, true]);
  });

  it('stops a subscription nobody adopts', async () => {
    vi.useFakeTimers();
    startEarly('r4');
    await vi.advanceTimersByTimeAsync(UNADOPTED_MS + 1);
    expect(seenSignal?.aborted).toBe(true);
    expect(adoptEarly('r4', new AbortController().signal, () => {})).toBeNull();
  });
});
