// The chat's routes: "#/chat" (a new conversation) and "#/chat/{conversationId}".
export const CHAT_PATH = '/chat';

export function chatPath(conversationId?: string | null): string {
  return conversationId ? `${CHAT_PATH}/${encodeURIComponent(conversationId)}` : CHAT_PATH;
}

/** The conversation id of a chat path; null for "/chat"; undefined when not a chat path. */
export function matchChatPath(path: string): string | null | undefined {
  if (path === CHAT_PATH) return null;
  const m = /^\/chat\/([^/]+)$/.exec(path);
  if (!m) return undefined;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return undefined;
  }
}
