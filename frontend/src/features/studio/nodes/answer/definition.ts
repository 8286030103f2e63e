import { MessageSquareText } from 'lucide-react';
import { errorCollector, textOf, type Config } from '../config';
import type { NodeKind } from '../kind';

export function validateAnswer(c: Config) {
  const { errors, check } = errorCollector();
  check('answer', textOf(c, 'answer').trim() !== '', 'Write the reply, or insert a variable that holds it.');
  return errors;
}

export const answerKind: NodeKind = {
  type: 'answer',
  label: 'Answer',
  description: 'Streams a chat reply from text and variables.',
  icon: MessageSquareText,
  tone: 'slate',
  family: 'step',
  group: 'Flow',
  defaults: () => ({ title: 'Answer', answer: '' }),
  fields: { answer: 'Reply template' },
  validate: validateAnswer,
};
