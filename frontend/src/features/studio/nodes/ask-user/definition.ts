import { MessageCircleQuestion } from 'lucide-react';
import { errorCollector, textOf, type Config } from '../config';
import type { NodeKind } from '../kind';

export function validateAskUser(c: Config) {
  const { errors, check } = errorCollector();
  check('question', textOf(c, 'question').trim() !== '', 'Write the question to ask.');
  return errors;
}

export const askUserKind: NodeKind = {
  type: 'ask-user',
  label: 'Ask user',
  description: 'Ends the turn with a clarifying question.',
  icon: MessageCircleQuestion,
  tone: 'rose',
  family: 'end',
  group: 'Flow',
  defaults: () => ({ title: 'Ask user', question: '', intent: '' }),
  fields: { question: 'Question', intent: 'Intent' },
  validate: validateAskUser,
};
