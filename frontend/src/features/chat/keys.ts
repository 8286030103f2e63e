// The chat's query keys, one place that names every cached chat query.
export const keys = {
  conversations: ['chat', 'conversations'] as const,
  chatflows: ['chat', 'chatflows'] as const,
  messages: (conversationId: string) => ['chat', 'messages', conversationId] as const,
  run: (runId: string) => ['chat', 'run', runId] as const,
  generation: (messageId: string) => ['chat', 'generation', messageId] as const,
};
