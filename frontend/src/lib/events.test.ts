import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Event } from './api.gen';
import { TOKEN_KEY } from './backend';
import { currentTransport, listen, runEvents, subscribe } from './events';
import { errorResponse, event, frame, headerOf, jsonResponse, mockFetch, sseResponse } from '../test/fetchMock';

const fast = { initialMs: 1, maxMs: 4 };

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.runtime;
});

async function take(iter: AsyncIterable<Event>, n: number): Promise<Event[]> {
  const out: Event[] = [];
  if (n === 0) return out;
  for await (const ev of iter) {
    out.push(ev);
    if (out.length >= n) break;
  }
  return out;
}

describe('subscribe over SSE (browser face)', () => {
  it('reads events split across chunks, including split UTF-8', async () => {
    const s = sseResponse();
    mockFetch(() => s.response);
    const text = frame('t', 1, 'delta', { text: 'héllo ٱلمادة 👋' }) + ': ping\n\n' + frame('t', 2, 'done');
    const bytes = new TextEncoder().encode(text);
    for (let i = 0; i < bytes.length; i += 5) s.send(bytes.slice(i, i + 5));
    const got = await take(subscribe('t', { backoff: fast }), 2);
    expect(got.map((e) => e.seq)).toEqual([1, 2]);
    expect(got[0]!.data).toEqual({ text: 'héllo ٱلمادة 👋' });
    expect(currentTransport()).toBe('sse');
  });

  it('sends the token and reconnects with after=<last seq> when the stream drops', async () => {
    sessionStorage.setItem(TOKEN_KEY, 'tok');
    const first = sseResponse();
    const second = sseResponse();
    const fetch = mockFetch((url) => (url.includes('after=0') ? first.response : second.response));
    first.send(frame('t', 1) + frame('t', 2));
    second.send(frame('t', 2) + frame('t', 3)); // 2 again: the server may repeat; we must not
    const iter = subscribe('t', { backoff: fast })[Symbol.asyncIterator]();
    const got: number[] = [];
    for (let i = 0; i < 2; i++) got.push(((await iter.next()).value as Event).seq);
    first.fail(new TypeError('network error'));
    got.push(((await iter.next()).value as Event).seq);
    await iter.return?.();
    expect(got).toEqual([1, 2, 3]);
    expect(fetch.mock.calls.map((c) => c[0])).toEqual(['/api/events?topic=t&after=0', '/api/events?topic=t&after=2']);
    for (const [, init] of fetch.mock.calls) {
      expect(headerOf(init, 'Authorization')).toBe('Bearer tok');
      expect(headerOf(init, 'Accept')).toBe('text/event-stream');
    }
  });

  it('reconnects after a clean end of stream and after a 503', async () => {
    const a = sseResponse();
    const c = sseResponse();
    let calls = 0;
    mockFetch(() => {
      calls++;
      if (calls === 1) return a.response;
      if (calls === 2) return errorResponse(503, 'unreachable', 'busy');
      return c.response;
    });
    a.send(frame('t', 1));
    a.close();
    c.send(frame('t', 2));
    const got = await take(subscribe('t', { after: 0, backoff: fast }), 2);
    expect(got.map((e) => e.seq)).toEqual([1, 2]);
    expect(calls).toBe(3);
  });

  it('reports a dropped connection once, and the connection open again', async () => {
    const a = sseResponse();
    const c = sseResponse();
    let calls = 0;
    mockFetch(() => {
      calls++;
      if (calls === 1) return a.response;
      if (calls === 2) return Promise.reject(new TypeError('network error'));
      return c.response;
    });
    a.send(frame('t', 1));
    a.close();
    c.send(frame('t', 2));
    const reports: boolean[] = [];
    const got = await take(subscribe('t', { backoff: fast, onConnection: (ok) => reports.push(ok) }), 2);
    expect(got.map((e) => e.seq)).toEqual([1, 2]);
    expect(reports).toEqual([true, false, true]);
  });

  it('stops with the error when the backend refuses the subscription', async () => {
    const fetch = mockFetch(() => errorResponse(401, 'unauthorized', 'missing token'));
    await expect(take(subscribe('t', { backoff: fast }), 1)).rejects.toMatchObject({ status: 401 });
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('listen() delivers until stopped, then cancels the stream', async () => {
    const s = sseResponse();
    mockFetch(() => s.response);
    const seen: number[] = [];
    const stop = listen('t', { onEvent: (e) => seen.push(e.seq), backoff: fast });
    s.send(frame('t', 1));
    await vi.waitFor(() => expect(seen).toEqual([1]));
    stop();
    await new Promise((r) => setTimeout(r, 5));
    expect(() => s.send(frame('t', 2))).toThrow(); // the stream was cancelled
    expect(seen).toEqual([1]);
  });
});

describe('the replay of a run stream (browser face)', () => {
  it('is over once the consumer has taken every event stored when the stream opened, however it was read', async () => {
    const s = sseResponse({ 'Lexflow-Replay-Through': '3' });
    mockFetch(() => s.response);
    const got: number[] = [];
    let replayedAt: number | null = null;
    const iter = runEvents('r1', { backoff: fast, onReplayed: () => (replayedAt = got.length) })[Symbol.asyncIterator]();
    const next = async () => got.push(((await iter.next()).value as Event).seq);
    s.send(frame('run:r1', 1) + frame('run:r1', 2)); // the first read: part of the replay
    await next();
    await next();
    expect(replayedAt).toBeNull();
    s.send(frame('run:r1', 3) + frame('run:r1', 4)); // the rest, and a live event
    await next();
    await next();
    await iter.return?.();
    expect(got).toEqual([1, 2, 3, 4]);
    expect(replayedAt).toBe(3);
  });

  it('is over at once when nothing was stored yet', async () => {
    const s = sseResponse({ 'Lexflow-Replay-Through': '0' });
    mockFetch(() => s.response);
    const onReplayed = vi.fn();
    const iter = runEvents('r2', { backoff: fast, onReplayed })[Symbol.asyncIterator]();
    s.send(frame('run:r2', 1));
    await iter.next();
    await iter.return?.();
    expect(onReplayed).toHaveBeenCalledOnce();
  });
});

describe('subscribe over Wails events (desktop face)', () => {
  function fakeRuntime() {
    const listeners = new Set<(e: unknown) => void>();
    const off = vi.fn();
    window.runtime = {
      EventsOn: (name, cb) => {
        expect(name).toBe('lexflow:event');
        listeners.add(cb);
        return () => {
          off();
          listeners.delete(cb);
        };
      },
    };
    return { emit: (e: unknown) => listeners.forEach((cb) => cb(e)), off, count: () => listeners.size };
  }

  it('says when the replay is in, ahead of anything live', async () => {
    fakeRuntime();
    mockFetch(() => jsonResponse([event('t', 1), event('t', 2)]));
    const onReplayed = vi.fn();
    const got = await take(subscribe('t', { backoff: fast, onReplayed }), 2);
    expect(got.map((e) => e.seq)).toEqual([1, 2]);
    expect(onReplayed).toHaveBeenCalledOnce();
  });

  it('merges the replay with live events: no loss, no duplicates, in order, filtered by topic', async () => {
    const rt = fakeRuntime();
    const fetch = mockFetch((url) => {
      expect(url).toBe('/api/events/replay?topic=t&after=0');
      // events published while the replay request is in flight arrive live too
      rt.emit(event('t', 2));
      rt.emit(event('t', 3));
      rt.emit(event('other', 1));
      return jsonResponse([event('t', 1), event('t', 2)]);
    });
    const iter = subscribe('t', { backoff: fast })[Symbol.asyncIterator]();
    const got: number[] = [];
    for (let i = 0; i < 3; i++) got.push(((await iter.next()).value as Event).seq);
    rt.emit(event('t', 3));
    rt.emit(event('t', 4));
    got.push(((await iter.next()).value as Event).seq);
    expect(got).toEqual([1, 2, 3, 4]);
    expect(fetch).toHaveBeenCalledOnce();
    expect(currentTransport()).toBe('wails-events');
    await iter.return?.();
    expect(rt.off).toHaveBeenCalledOnce();
    expect(rt.count()).toBe(0);
  });

  it('fills a gap in live events from the replay', async () => {
    const rt = fakeRuntime();
    const fetch = mockFetch((url) => {
      if (url.endsWith('after=0')) return jsonResponse([event('t', 1)]);
      expect(url).toBe('/api/events/replay?topic=t&after=1');
      return jsonResponse([event('t', 2), event('t', 3)]);
    });
    const iter = subscribe('t', { backoff: fast })[Symbol.asyncIterator]();
    expect(((await iter.next()).value as Event).seq).toBe(1);
    rt.emit(event('t', 3)); // 2 went missing
    expect(((await iter.next()).value as Event).seq).toBe(2);
    expect(((await iter.next()).value as Event).seq).toBe(3);
    expect(fetch).toHaveBeenCalledTimes(2);
    await iter.return?.();
  });

  it('starts after the given seq', async () => {
    const rt = fakeRuntime();
    mockFetch((url) => {
      expect(url).toBe('/api/events/replay?topic=t&after=5');
      return jsonResponse([event('t', 5), event('t', 6)]);
    });
    const got = take(subscribe('t', { after: 5, backoff: fast }), 2);
    await new Promise((r) => setTimeout(r, 1));
    rt.emit(event('t', 7));
    expect((await got).map((e) => e.seq)).toEqual([6, 7]);
  });
});
