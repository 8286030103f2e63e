import type { ProviderKind } from '../../../lib/api.gen';

export const OLLAMA_DEFAULT_URL = 'http://127.0.0.1:11434';
export const OPENAI_PLACEHOLDER_URL = 'http://127.0.0.1:1234/v1';

export const kindLabels: Record<ProviderKind, string> = {
  ollama: 'Ollama',
  openai: 'OpenAI-compatible',
  extractive: 'Built-in',
};

/** The kinds a user can create (the extractive provider is built in). */
export const editableKinds: ProviderKind[] = ['ollama', 'openai'];

export const EXTRACTIVE_EXPLANATION =
  'Answers from your documents without any model, by quoting the most relevant sentences.';
