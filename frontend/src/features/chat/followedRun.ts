// The run this tab's chat was last following, kept in sessionStorage (this tab's only, gone
// with it): after a reload mid-answer the page asks for its events at once, alongside the
// conversation's messages rather than after them (prefetch.ts). An id, never a message: the
// messages still say whether the run streams, and the backend is the only source of history.
import { readTabNote, writeTabNote } from '../../lib/tabStorage';

const KEY = 'lexflow.chat.followedRun';

interface Followed {
  conversationId: string;
  runId: string;
}

function read(): Followed | null {
  try {
    const v = JSON.parse(readTabNote(KEY) ?? 'null') as Followed | null;
    return typeof v?.conversationId === 'string' && typeof v.runId === 'string' ? v : null;
  } catch {
    return null;
  }
}

/** Notes that the page follows runId, an answer of the conversation. */
export function rememberFollowed(conversationId: string, runId: string): void {
  // Not kept (storage off or full): a reload finds the run through the messages.
  writeTabNote(KEY, JSON.stringify({ conversationId, runId }));
}

/** Forgets runId once its stream has ended (or the page stopped following it). */
export function forgetFollowed(runId: string): void {
  if (read()?.runId === runId) writeTabNote(KEY, null);
}

/** The run the page followed in the conversation when it was left, if any. */
export function followedRun(conversationId: string): string | null {
  const f = read();
  return f?.conversationId === conversationId ? f.runId : null;
}
