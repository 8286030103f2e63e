import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { Event } from '../../lib/api.gen';
import { AsyncQueue } from '../../lib/asyncQueue';
import { testQueryClient } from '../../test/render';

// The run's event stream, as the backend sends it: what runEvents returns.
let feed: AsyncQueue<Event>;
vi.mock('../../lib/events', async (actual) => ({
  ...(await actual<typeof import('../../lib/events')>()),
  runEvents: () => feed,
}));

// The conversation the page opens at: its answer in run r1 is still streaming.
vi.mock('../../lib/backend', async (actual) => ({
  ...(await actual<typeof import('../../lib/backend')>()),
  getSystem: () => Promise.resolve({}),
  listMessages: () => Promise.resolve([{ role: 'ai', status: 'streaming', runId: 'r1' }]),
}));

const { early } = await import('../../lib/early');
const { reduceLive, startLive, useRunStream } = await import('./queries');
const { streamedAnswer } = await import('../../lib/run/timeline');

const chunk = (seq: number, text: string): Event => ({
  seq,
  topic: 'run:r1',
  type: 'node_stream_chunk',
  time: '2025-01-01T00:00:00Z',
  data: { kind: 'node_stream_chunk', node_id: 'answer', node_type: 'answer', selector: ['answer', 'answer'], chunk: text, response: true },
});
const tick = () => new Promise((r) => setTimeout(r, 0));
const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={testQueryClient()}>{children}</QueryClientProvider>;

describe('an answer streaming after a reload', () => {
  it('shows what the early subscription brought at its first render, then goes on live, each word once', async () => {
    feed = new AsyncQueue<Event>();
    early.start('/chat/c1');
    await tick();
    feed.push(chunk(1, 'Notice is '));
    feed.push(chunk(2, '30 days'));
    await tick();

    const rendered: string[] = [];
    const { result } = renderHook(
      () => {
        const live = useRunStream('r1', 'c1', true);
        rendered.push(streamedAnswer(live.stream));
        return live;
      },
      { wrapper },
    );
    expect(rendered[0]).toBe('Notice is 30 days');
    await act(async () => {
      feed.push(chunk(3, ' [1].'));
      await tick();
    });
    expect(streamedAnswer(result.current.stream)).toBe('Notice is 30 days [1].');
    expect(rendered.every((text) => text.startsWith('Notice is 30 days'))).toBe(true);
  });
});

describe('the live state', () => {
  it('carries on from what it shows when it follows the same run again, and starts afresh for another', () => {
    const shown = { ...startLive('r1', [chunk(1, 'Notice is '), chunk(2, '30 days')]), error: 'lost' };
    const again = reduceLive(shown, { type: 'follow', runId: 'r1' });
    expect(streamedAnswer(again.stream)).toBe('Notice is 30 days');
    expect(again.error).toBe('');
    const replayed = [chunk(1, 'Notice is '), chunk(2, '30 days'), chunk(3, ' [1].')].reduce((s, event) => reduceLive(s, { type: 'event', event }), again);
    expect(streamedAnswer(replayed.stream)).toBe('Notice is 30 days [1].');
    expect(streamedAnswer(reduceLive(shown, { type: 'follow', runId: 'r2' }).stream)).toBe('');
  });
});
