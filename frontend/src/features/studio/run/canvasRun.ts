// Starting a run from the canvas and following it: the app is saved first
// (a run reads the stored DSL), then the run's events are applied to the
// canvas run store until the run ends.
//
// A chatflow's preview asks through a conversation of its own, as the Chat
// page does: the chat service stores each turn and hands the run the turns
// before it, so the preview remembers what was said. "New conversation"
// drops it (see newPreviewConversation). It is made as a preview: the Chat
// does not list it, and the backend sweeps it once left alone (a page
// reloaded or closed mid-preview).
import type { QueryClient } from '@tanstack/react-query';
import type { App, RunRequest } from '../../../lib/api.gen';
import { createConversation, deleteConversation, sendMessage, startAppRun } from '../../../lib/backend';
import { runEvents } from '../../../lib/events';
import { useCanvasRun, type RunOrigin } from './runStore';

export async function runFromCanvas(appId: string, req: RunRequest, origin: RunOrigin, client: QueryClient): Promise<string> {
  const { runId } = await startAppRun(appId, req);
  follow(runId, origin, req.query, client);
  return runId;
}

/** Asks the chatflow in the preview's conversation, starting one on the first question. */
export async function askInPreview(app: App, question: string, client: QueryClient): Promise<string> {
  const conversationId = useCanvasRun.getState().conversationId ?? (await startPreviewConversation(app));
  // No turn key: the preview never resends a question, so there is no second try to recognise.
  const { runId } = await sendMessage(conversationId, { query: question, settings: { collectionIds: [], documentIds: [], providerId: '', model: '' }, turnKey: '' });
  follow(runId, 'chat', question, client);
  return runId;
}

async function startPreviewConversation(app: App): Promise<string> {
  const { id } = await createConversation({ appId: app.id, title: `Studio preview · ${app.name}`, preview: true });
  useCanvasRun.getState().setConversation(id);
  return id;
}

/**
 * Forgets the preview's turns and starts the next question afresh. The old
 * conversation was a scratch pad: it is deleted, so that previews do not pile
 * up among the real conversations (its runs stay in Runs).
 */
export function newPreviewConversation(): void {
  const { conversationId } = useCanvasRun.getState();
  useCanvasRun.getState().clearTurns();
  if (conversationId) void deleteConversation(conversationId).catch(() => {});
}

function follow(runId: string, origin: RunOrigin, question: string, client: QueryClient): void {
  const ac = new AbortController();
  const store = useCanvasRun.getState();
  store.begin(runId, origin, question, () => ac.abort());
  void (async () => {
    try {
      for await (const ev of runEvents(runId, { signal: ac.signal })) useCanvasRun.getState().apply(runId, ev);
    } catch {
      // Refused stream (the run is gone): the history still has whatever was recorded.
    } finally {
      void client.invalidateQueries({ queryKey: ['runs'] });
    }
  })();
}
