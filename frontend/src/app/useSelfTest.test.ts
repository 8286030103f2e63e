import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf, mockApi } from '../test/api';
import { event, frame, sseResponse } from '../test/fetchMock';
import { resetSelfTest, runSelfTestOnce } from './useSelfTest';

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.runtime;
  resetSelfTest();
});

describe('start-up self test', () => {
  it('does nothing when not enabled', async () => {
    const fetch = mockApi({ 'GET /api/diagnostics/selftest': () => ({ enabled: false, count: 0 }) });
    await runSelfTestOnce();
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('runs the event check over SSE and posts the result', async () => {
    const s = sseResponse();
    const fetch = mockApi({
      'GET /api/diagnostics/selftest': () => ({ enabled: true, count: 3 }),
      'POST /api/diagnostics/event-check': () => ({ topic: 'c' }),
      'GET /api/events': () => s.response,
      'POST /api/diagnostics/selftest': () => new Response(null, { status: 204 }),
    });
    s.send([1, 2, 3].map((n) => frame('c', n, 'tick', { n, count: 3 })).join('') + frame('c', 4, 'done'));
    await runSelfTestOnce();
    expect(bodiesOf(fetch, 'POST', '/api/diagnostics/selftest')).toEqual([
      { received: 3, inOrder: true, transport: 'sse', error: '', dropped: [], dropError: '' },
    ]);
    await runSelfTestOnce(); // once per page load
    expect(bodiesOf(fetch, 'POST', '/api/diagnostics/selftest')).toHaveLength(1);
  });

  it('in the desktop window, uses Wails events (replay first, then live)', async () => {
    let emit: (e: unknown) => void = () => {};
    window.runtime = {
      EventsOn: (_name, cb) => {
        emit = cb;
        return () => {};
      },
    };
    const fetch = mockApi({
      'GET /api/diagnostics/selftest': () => ({ enabled: true, count: 3 }),
      'POST /api/diagnostics/event-check': () => ({ topic: 'c' }),
      // two ticks were published before the listener existed: they come from the replay
      'GET /api/events/replay': () => [event('c', 1, 'tick', { n: 1, count: 3 }), event('c', 2, 'tick', { n: 2, count: 3 })],
      'POST /api/diagnostics/selftest': () => new Response(null, { status: 204 }),
    });
    const done = runSelfTestOnce();
    await vi.waitFor(() => expect(bodiesOf(fetch, 'GET', '/api/events/replay')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 0));
    emit(event('c', 2, 'tick', { n: 2, count: 3 }));
    emit(event('c', 3, 'tick', { n: 3, count: 3 }));
    emit(event('c', 4, 'done', {}));
    await done;
    expect(bodiesOf(fetch, 'POST', '/api/diagnostics/selftest')).toEqual([
      { received: 3, inOrder: true, transport: 'wails-events', error: '', dropped: [], dropError: '' },
    ]);
  });

  it('posts the error when the check cannot start', async () => {
    const fetch = mockApi({
      'GET /api/diagnostics/selftest': () => ({ enabled: true, count: 5 }),
      'POST /api/diagnostics/event-check': () => new Response('{"error":{"code":"internal","message":"boom"}}', { status: 500 }),
      'POST /api/diagnostics/selftest': () => new Response(null, { status: 204 }),
    });
    await runSelfTestOnce();
    expect(bodiesOf(fetch, 'POST', '/api/diagnostics/selftest')).toEqual([
      { received: 0, inOrder: false, transport: 'sse', error: 'boom', dropped: [], dropError: '' },
    ]);
  });

  it('reports a drop check whose collection does not exist, in words', async () => {
    const fetch = mockApi({
      'GET /api/diagnostics/selftest': () => ({ enabled: true, count: 5, dropCollection: 'Dropped files' }),
      'POST /api/diagnostics/event-check': () => new Response('{"error":{"code":"internal","message":"boom"}}', { status: 500 }),
      'GET /api/collections': () => [],
      'POST /api/diagnostics/selftest': () => new Response(null, { status: 204 }),
    });
    await runSelfTestOnce();
    const [posted] = bodiesOf(fetch, 'POST', '/api/diagnostics/selftest') as { dropError: string }[];
    expect(posted!.dropError).toBe('no collection is named “Dropped files”');
  });
});
