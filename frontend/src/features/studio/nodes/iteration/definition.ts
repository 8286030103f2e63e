import { Flag, Repeat } from 'lucide-react';
import { checkSelector, errorCollector, numberOf, textOf, type Config } from '../config';
import type { NodeKind } from '../kind';

/** What a failed item does (Dify's error_handle_mode; nodes/iteration.go). */
export const ERROR_MODES = [
  { value: 'terminated', label: 'Stop the iteration' },
  { value: 'continue-on-error', label: 'Continue, with an empty result in its place' },
  { value: 'remove-abnormal-output', label: 'Continue, leaving its result out' },
] as const;

/** The list types an iteration may give. */
export const OUTPUT_TYPES = ['array[string]', 'array[number]', 'array[object]', 'array[boolean]', 'array[file]', 'array[any]'].map((t) => ({ value: t, label: t }));

export const MAX_PARALLEL = 100;
export const DEFAULT_PARALLEL = 10;

export function validateIteration(c: Config) {
  const { errors, check } = errorCollector();
  checkSelector(check, 'iterator_selector', c.iterator_selector, 'the list to go through');
  checkSelector(check, 'output_selector', c.output_selector, 'what each item gives');
  if (c.is_parallel === true) {
    const n = numberOf(c, 'parallel_nums') ?? DEFAULT_PARALLEL;
    check('parallel_nums', Number.isInteger(n) && n >= 1 && n <= MAX_PARALLEL, `Run 1 to ${MAX_PARALLEL} items at once.`);
  }
  check('start_node_id', textOf(c, 'start_node_id') !== '', 'Add a step inside the iteration: it runs first for each item.');
  return errors;
}

export const iterationKind: NodeKind = {
  type: 'iteration',
  label: 'Iteration',
  description: 'Runs the steps inside it once for each item of a list, one by one or several at once.',
  icon: Repeat,
  tone: 'violet',
  family: 'container',
  group: 'Logic',
  defaults: () => ({
    title: 'Iteration',
    iterator_selector: [],
    output_selector: [],
    output_type: 'array[string]',
    start_node_id: '',
    is_parallel: false,
    parallel_nums: DEFAULT_PARALLEL,
    error_handle_mode: 'terminated',
  }),
  fields: {
    iterator_selector: 'List',
    output_selector: 'Result of each item',
    output_type: 'Result type',
    parallel_nums: 'Items at once',
    error_handle_mode: 'When an item fails',
    start_node_id: 'First step',
  },
  slots: [{ field: 'iterator_selector', accepts: ['array[string]', 'array[number]', 'array[object]', 'array[boolean]', 'array[file]', 'array[any]'] }],
  validate: validateIteration,
};

/** The first step inside a container (`what`: iteration or loop): it only marks where the steps begin. */
export function bodyStartKind(type: string, what: string): NodeKind {
  return {
    type,
    label: 'Start of the steps',
    description: `Where the steps inside a ${what} begin.`,
    icon: Flag,
    tone: 'violet',
    family: 'start',
    group: 'Logic',
    defaults: () => ({ title: '' }),
    hidden: true,
  };
}

export const iterationStartKind = bodyStartKind('iteration-start', 'iteration');
