// A chatflow's preview asks through a conversation of its own, a scratch pad the editor deletes
// when it is done with it (canvasRun.ts). A reload ends the editor without that, and the preview
// starts afresh: the conversation's id is noted for this tab, and the app's next start in it
// deletes the one left behind, so previews do not pile up in the Chat list.
import type { QueryClient } from '@tanstack/react-query';
import { BackendError, deleteConversation } from '../../../lib/backend';
import { readTabNote, writeTabNote } from '../../../lib/tabStorage';
import { keys } from '../../chat/keys';

const KEY = 'lexflow.studio.previewConversation';

/** Notes the preview's conversation (null: there is none now). */
export function notePreview(conversationId: string | null): void {
  writeTabNote(KEY, conversationId);
}

/** Deletes the preview conversation a reload of this tab left behind, if there is one. */
export async function dropLeftoverPreview(client: QueryClient): Promise<void> {
  const id = readTabNote(KEY);
  if (!id) return;
  try {
    await deleteConversation(id);
  } catch (err) {
    // Unreachable: the next start tries again. Gone already: nothing is left to tidy.
    if (!(err instanceof BackendError && err.status === 404)) return;
  }
  if (readTabNote(KEY) === id) notePreview(null);
  void client.invalidateQueries({ queryKey: keys.conversations });
}
