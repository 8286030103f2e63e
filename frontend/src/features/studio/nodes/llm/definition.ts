import { Sparkles } from 'lucide-react';
import { errorCollector, listOf, textOf, type Config } from '../config';
import { defaultModel, type NodeKind } from '../kind';
import { checkCompletionParams, checkMemory } from '../model';

export const ROLES = ['system', 'user', 'assistant'] as const;
export type Role = (typeof ROLES)[number];

export interface PromptMessage extends Config {
  role: Role;
  text: string;
}

export function validateLLM(c: Config) {
  const { errors, check } = errorCollector();
  const messages = listOf<PromptMessage>(c, 'prompt_template');
  check('prompt_template', messages.some((m) => textOf(m, 'text').trim() !== '' || textOf(m, 'jinja2_text').trim() !== ''), 'Write at least one message.');
  messages.forEach((m, i) => check(`prompt_template.${i}.role`, (ROLES as readonly string[]).includes(m.role), 'The role is system, user or assistant.'));
  checkCompletionParams(check, c);
  checkMemory(check, c);
  return errors;
}

export const llmKind: NodeKind = {
  type: 'llm',
  label: 'LLM',
  description: 'Calls a model with a prompt.',
  icon: Sparkles,
  tone: 'indigo',
  family: 'step',
  group: 'Models',
  defaults: () => ({ title: 'LLM', model: defaultModel(), prompt_template: [{ role: 'system', text: '' }] }),
  fields: { conversation: 'Conversation' },
  validate: validateLLM,
};
