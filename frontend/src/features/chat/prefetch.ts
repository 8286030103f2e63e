// Opening the app at a conversation (a reload mid-answer): its messages are asked for at
// once, alongside the session check the app waits for, rather than after it; the page then
// finds them in the cache and re-attaches to a streaming answer that much sooner; the run
// events of an answer still streaming are asked for as soon as the messages tell of it.
import type { QueryClient } from '@tanstack/react-query';
import { listMessages } from '../../lib/backend';
import { startEarly } from './earlyRun';
import { matchChatPath } from './paths';
import { keys } from './queries';

export function prefetchConversation(qc: QueryClient, path: string): void {
  const id = matchChatPath(path);
  if (!id) return;
  void qc.prefetchQuery({
    queryKey: keys.messages(id),
    queryFn: async ({ signal }) => {
      const messages = await listMessages(id, signal);
      for (const m of messages) if (m.role === 'ai' && m.status === 'streaming' && m.runId) startEarly(m.runId);
      return messages;
    },
  });
}
