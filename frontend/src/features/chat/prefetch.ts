// Opening the app at a conversation (a reload mid-answer): the page's entry asks for its
// messages before the app's code is loaded (main.ts), and for the run events of an answer
// still streaming as soon as the messages tell of it; the app then puts the messages in its
// cache, where the chat page finds them, and re-attaches to the streaming answer that much
// sooner. Nothing here loads React or the query library.
import type { QueryClient } from '@tanstack/react-query';
import type { Message } from '../../lib/api.gen';
import { startNow, takeAnswer, takeStarted } from '../../lib/atStart';
import { listMessages } from '../../lib/backend';
import { startEarly } from './earlyRun';
import { keys } from './keys';
import { matchChatPath } from '../../lib/paths/chat';

/** A conversation's messages; the events of each answer still streaming are followed from now on. */
async function loadConversation(id: string, signal?: AbortSignal): Promise<Message[]> {
  const messages = await listMessages(id, signal);
  for (const m of messages) if (m.role === 'ai' && m.status === 'streaming' && m.runId) startEarly(m.runId);
  return messages;
}

const startKey = (id: string) => `chat.messages.${id}`;

/** The page's entry: starts loading the conversation the address opens at, if it opens at one. */
export function startConversation(path: string): void {
  const id = matchChatPath(path);
  if (id) startNow(startKey(id), () => loadConversation(id));
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
