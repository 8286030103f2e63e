// Opening the app at a conversation (a reload mid-answer): the page's entry asks for its
// messages before the app's code is loaded (main.ts), and for the run events of the answer
// the page was following (followedRun.ts) at once, or of one still streaming as soon as the
// messages tell of it; the app then puts the messages in its cache, where the chat page finds
// them, and re-attaches to the streaming answer that much sooner. Nothing here loads React
// or the query library.
import type { QueryClient } from '@tanstack/react-query';
import type { Message } from '../../lib/api.gen';
import { startNow, takeAnswer, takeStarted } from '../../lib/atStart';
import { listMessages } from '../../lib/backend';
import { dropEarly, startEarly } from './earlyRun';
import { followedRun } from './followedRun';
import { keys } from './keys';
import { matchChatPath } from '../../lib/paths/chat';

/**
 * A conversation's messages; the events of each answer still streaming are followed from now
 * on, and an early subscription to a run that does not stream any more is stopped.
 */
async function loadConversation(id: string, signal?: AbortSignal, followed?: string | null): Promise<Message[]> {
  const messages = await listMessages(id, signal);
  const live = messages.filter((m) => m.role === 'ai' && m.status === 'streaming' && m.runId).map((m) => m.runId);
  for (const runId of live) startEarly(runId);
  if (followed && !live.includes(followed)) dropEarly(followed);
  return messages;
}

const startKey = (id: string) => `chat.messages.${id}`;

/**
 * The page's entry: starts loading the conversation the address opens at, if it opens at one,
 * and the events of the run the page was following there (the answer streaming at a reload)
 * at the same time rather than once the messages tell of it.
 */
export function startConversation(path: string): void {
  const id = matchChatPath(path);
  if (!id) return;
  const followed = followedRun(id);
  if (followed) startEarly(followed);
  startNow(startKey(id), () => loadConversation(id, undefined, followed));
}

/**
 * The app's start: puts the conversation's messages in the cache, from the load the entry
 * started (there at the first render if they have come already).
 */
export function prefetchConversation(qc: QueryClient, path: string): void {
  const id = matchChatPath(path);
  if (!id) return;
  const answer = takeAnswer<Message[]>(startKey(id));
  if (answer) {
    qc.setQueryData(keys.messages(id), answer.value);
    return;
  }
  void qc.prefetchQuery({
    queryKey: keys.messages(id),
    queryFn: ({ signal }) => takeStarted<Message[]>(startKey(id)) ?? loadConversation(id, signal),
  });
}
