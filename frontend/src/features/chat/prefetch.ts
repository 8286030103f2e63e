// Opening the app at a conversation (a reload mid-answer): its messages are asked for at
// once, alongside the session check the app waits for, rather than after it; the page then
// finds them in the cache and re-attaches to a streaming answer that much sooner.
import type { QueryClient } from '@tanstack/react-query';
import { listMessages } from '../../lib/backend';
import { matchChatPath } from './paths';
import { keys } from './queries';

export function prefetchConversation(qc: QueryClient, path: string): void {
  const id = matchChatPath(path);
  if (!id) return;
  void qc.prefetchQuery({ queryKey: keys.messages(id), queryFn: ({ signal }) => listMessages(id, signal) });
}
