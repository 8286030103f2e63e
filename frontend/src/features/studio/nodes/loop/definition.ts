import { IterationCw, OctagonX } from 'lucide-react';
import { checkNames, checkSelector, errorCollector, listOf, numberOf, textOf, type Config } from '../config';
import { OPERATORS, operatorOf, type Condition } from '../if-else/definition';
import { bodyStartKind } from '../iteration/definition';
import type { NodeKind } from '../kind';

/** The most rounds a loop may run (nodes/loop.go MaxLoopCount). */
export const MAX_LOOP_COUNT = 1000;

/** Dify's loop variable types. */
export const LOOP_VARIABLE_TYPES = ['string', 'number', 'boolean', 'object', 'array[string]', 'array[number]', 'array[object]'].map((t) => ({ value: t, label: t }));

export interface LoopVariable extends Config {
  label: string;
  var_type: string;
  value_type: 'constant' | 'variable';
  value?: unknown;
}

export function validateLoop(c: Config) {
  const { errors, check } = errorCollector();
  const count = numberOf(c, 'loop_count');
  check('loop_count', count !== undefined && Number.isInteger(count) && count >= 1 && count <= MAX_LOOP_COUNT, `Allow 1 to ${MAX_LOOP_COUNT} rounds.`);
  const vars = listOf<LoopVariable>(c, 'loop_variables');
  checkNames(check, vars.map((v) => v.label), (i) => `loop_variables.${i}.label`);
  vars.forEach((v, i) => {
    if (v.value_type === 'variable') checkSelector(check, `loop_variables.${i}.value`, v.value, 'the variable it starts from');
  });
  listOf<Condition>(c, 'break_conditions').forEach((cond, i) => {
    checkSelector(check, `break_conditions.${i}.variable_selector`, cond.variable_selector);
    check(`break_conditions.${i}.comparison_operator`, OPERATORS.some((o) => o.value === operatorOf(textOf(cond, 'comparison_operator'))), 'Choose a comparison.');
  });
  check('start_node_id', textOf(c, 'start_node_id') !== '', 'Add a step inside the loop: it runs first in each round.');
  return errors;
}

export const loopKind: NodeKind = {
  type: 'loop',
  label: 'Loop',
  description: 'Runs the steps inside it again and again, each round seeing the last one’s variables, until a condition holds.',
  icon: IterationCw,
  tone: 'violet',
  family: 'container',
  group: 'Logic',
  defaults: () => ({ title: 'Loop', start_node_id: '', loop_count: 10, logical_operator: 'and', break_conditions: [], loop_variables: [] }),
  fields: {
    loop_count: 'Most rounds',
    'loop_variables.*': 'Loop variable {1}',
    'loop_variables.*.label': 'Loop variable {1}',
    'loop_variables.*.value': 'Loop variable {1}',
    'break_conditions.*': 'Stop condition {1}',
    'break_conditions.*.variable_selector': 'Stop condition {1}',
    start_node_id: 'First step',
  },
  validate: validateLoop,
};

export const loopStartKind = bodyStartKind('loop-start', 'loop');

export const loopEndKind: NodeKind = {
  type: 'loop-end',
  label: 'Exit loop',
  description: 'Ends the loop once the round that reaches it is over.',
  icon: OctagonX,
  tone: 'violet',
  family: 'end',
  group: 'Logic',
  defaults: () => ({ title: 'Exit loop' }),
};
