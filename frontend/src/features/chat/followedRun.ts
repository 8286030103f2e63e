// The run this tab's chat was last following, kept in sessionStorage (this tab's only, gone
// with it): after a reload mid-answer the page asks for its events at once, alongside the
// conversation's messages rather than after them (prefetch.ts). An id, never a message: the
// messages still say whether the run streams, and the backend is the only source of history.
const KEY = 'lexflow.chat.followedRun';

interface Followed {
  conversationId: string;
  runId: string;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function read(): Followed | null {
  try {
    const v = JSON.parse(storage()?.getItem(KEY) ?? 'null') as Followed | null;
    return typeof v?.conversationId === 'string' && typeof v.runId === 'string' ? v : null;
  } catch {
    return null;
  }
}

/** Notes that the page follows runId, an answer of the conversation. */
export function rememberFollowed(conversationId: string, runId: string): void {
  try {
    storage()?.setItem(KEY, JSON.stringify({ conversationId, runId }));
  } catch {
    // storage full or disabled: a reload finds the run through the messages
  }
}

/** Forgets runId once its stream has ended (or the page stopped following it). */
export function forgetFollowed(runId: string): void {
  if (read()?.runId === runId) storage()?.removeItem(KEY);
}

/** The run the page followed in the conversation when it was left, if any. */
export function followedRun(conversationId: string): string | null {
  const f = read();
  return f?.conversationId === conversationId ? f.runId : null;
}
