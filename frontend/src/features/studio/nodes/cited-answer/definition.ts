import { BookOpenCheck } from 'lucide-react';
import { checkSelector, errorCollector, numberOf, textOf, type Config } from '../config';
import { defaultModel, TEXT_TYPES, type NodeKind, type VariableSlot } from '../kind';
import { checkCompletionParams } from '../model';

export const UNCITED_POLICIES = [
  { value: 'partial', label: 'Keep the answer, marked partial' },
  { value: 'strip', label: 'Drop uncited sentences' },
  { value: 'fail', label: 'Fail the answer' },
] as const;

/** Passages are a retrieval's hits: a list of records, never text. */
export const HITS_TYPES = ['array[object]'] as const;

export const QUESTION_SLOT: VariableSlot = { field: 'query_variable_selector', accepts: TEXT_TYPES };
export const HITS_SLOT: VariableSlot = { field: 'hits_variable_selector', accepts: HITS_TYPES };

export function validateCitedAnswer(c: Config) {
  const { errors, check } = errorCollector();
  checkSelector(check, 'query_variable_selector', c.query_variable_selector, 'the question');
  checkSelector(check, 'hits_variable_selector', c.hits_variable_selector, 'the passages (a retrieval’s result)');
  const policy = textOf(c, 'uncited_policy') || 'partial';
  check('uncited_policy', UNCITED_POLICIES.some((p) => p.value === policy), 'Choose what happens to uncited claims.');
  const min = numberOf(c, 'min_score');
  check('min_score', min === undefined || min >= 0, 'The minimum score is 0 or more.');
  checkCompletionParams(check, c);
  return errors;
}

export const citedAnswerKind: NodeKind = {
  type: 'cited-answer',
  label: 'Cited answer',
  description: 'Answers from passages, every claim cited and checked.',
  icon: BookOpenCheck,
  tone: 'indigo',
  family: 'step',
  group: 'Models',
  defaults: () => ({ title: 'Cited answer', query_variable_selector: ['sys', 'query'], hits_variable_selector: [], model: defaultModel(), uncited_policy: 'partial' }),
  fields: { query_variable_selector: 'Question', hits_variable_selector: 'Passages', min_score: 'Minimum passage score' },
  slots: [QUESTION_SLOT, HITS_SLOT],
  validate: validateCitedAnswer,
};
