// The chat's query keys, apart from its queries so that the page's entry can name one
// without loading the query library (see prefetch.ts).
export const keys = {
  conversations: ['chat', 'conversations'] as const,
  chatflows: ['chat', 'chatflows'] as const,
  messages: (conversationId: string) => ['chat', 'messages', conversationId] as const,
  run: (runId: string) => ['chat', 'run', runId] as const,
  generation: (messageId: string) => ['chat', 'generation', messageId] as const,
};
