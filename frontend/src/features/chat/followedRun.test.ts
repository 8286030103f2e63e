import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Event, Message } from '../../lib/api.gen';
import { AsyncQueue } from '../../lib/asyncQueue';

// Which runs' events were asked for, and the signal each was asked with.
const asked = new Map<string, AbortSignal | undefined>();
vi.mock('../../lib/events', () => ({
  runEvents: (runId: string, options: { signal?: AbortSignal }) => {
    asked.set(runId, options.signal);
    return new AsyncQueue<Event>();
  },
}));
let answerMessages: (ms: Message[]) => void = () => {};
vi.mock('../../lib/backend', () => ({
  listMessages: () => new Promise<Message[]>((resolve) => (answerMessages = resolve)),
}));

const { followedRun, forgetFollowed, rememberFollowed } = await import('./followedRun');
const { startConversation } = await import('./prefetch');

const tick = () => new Promise((r) => setTimeout(r, 0));
const answer = (runId: string, status: Message['status']) => ({ id: `m-${runId}`, role: 'ai', status, runId }) as Message;

afterEach(() => {
  sessionStorage.clear();
  asked.clear();
});

describe('the run the chat was following', () => {
  it('is kept for its conversation, until that run is forgotten', () => {
    rememberFollowed('c1', 'r1');
    expect(followedRun('c1')).toBe('r1');
    expect(followedRun('c2')).toBeNull();
    forgetFollowed('r0');
    expect(followedRun('c1')).toBe('r1');
    forgetFollowed('r1');
    expect(followedRun('c1')).toBeNull();
  });

  it('has its events asked for before the messages come, and stopped when they say it has ended', async () => {
    rememberFollowed('c1', 'r1');
    startConversation('/chat/c1');
    expect(asked.has('r1')).toBe(true);
    answerMessages([answer('r1', 'done'), answer('r2', 'streaming')]);
    await tick();
    expect(asked.get('r1')?.aborted).toBe(true);
    expect(asked.get('r2')?.aborted).toBe(false);
  });

  it('is followed on when the messages say it streams', async () => {
    rememberFollowed('c3', 'r3');
    startConversation('/chat/c3');
    answerMessages([answer('r3', 'streaming')]);
    await tick();
    expect(asked.get('r3')?.aborted).toBe(false);
  });
});
