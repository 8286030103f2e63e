import { PenLine } from 'lucide-react';
import { checkSelector, errorCollector, listOf, textOf, type Config } from '../config';
import type { NodeKind } from '../kind';

/** Dify's assigner operations (nodes/assigner.go); `operand` says what the value is. */
export const OPERATIONS = [
  { value: 'over-write', label: 'Overwrite with a variable', operand: 'variable' },
  { value: 'set', label: 'Set to a value', operand: 'constant' },
  { value: 'clear', label: 'Clear', operand: 'none' },
  { value: 'append', label: 'Append an item', operand: 'either' },
  { value: 'extend', label: 'Extend with a list', operand: 'either' },
  { value: 'remove-first', label: 'Remove the first item', operand: 'none' },
  { value: 'remove-last', label: 'Remove the last item', operand: 'none' },
  { value: '+=', label: 'Add (+=)', operand: 'either' },
  { value: '-=', label: 'Subtract (-=)', operand: 'either' },
  { value: '*=', label: 'Multiply (*=)', operand: 'either' },
  { value: '/=', label: 'Divide (/=)', operand: 'either' },
] as const;

export type Operand = (typeof OPERATIONS)[number]['operand'];

export interface AssignItem extends Config {
  variable_selector: string[];
  input_type: 'variable' | 'constant';
  operation: string;
  value?: unknown;
}

export function operandOf(operation: string): Operand | undefined {
  return OPERATIONS.find((o) => o.value === operation)?.operand;
}

/** The items of a config; Dify's version 1 form (one write) is read as one item. */
export function itemsOf(c: Config): AssignItem[] {
  if (textOf(c, 'version') === '2' || !Array.isArray(c.assigned_variable_selector)) return listOf<AssignItem>(c, 'items');
  const mode = textOf(c, 'write_mode') || 'over-write';
  return [{ variable_selector: c.assigned_variable_selector as string[], input_type: 'variable', operation: mode, value: mode === 'clear' ? undefined : c.input_variable_selector }];
}

/** Whether the item writes the value of another variable (else a constant, or nothing). */
export function readsVariable(it: AssignItem): boolean {
  const operand = operandOf(it.operation);
  return operand === 'variable' || (operand === 'either' && it.input_type !== 'constant');
}

export function validateAssigner(c: Config) {
  const { errors, check } = errorCollector();
  const items = itemsOf(c);
  check('items', items.length > 0, 'Add a conversation variable to write.');
  items.forEach((it, i) => {
    checkSelector(check, `items.${i}.variable_selector`, it.variable_selector);
    check(`items.${i}.variable_selector`, it.variable_selector?.[0] === 'conversation', 'Choose a conversation variable.');
    check(`items.${i}.operation`, operandOf(it.operation) !== undefined, 'Choose an operation.');
    if (readsVariable(it)) checkSelector(check, `items.${i}.value`, Array.isArray(it.value) ? (it.value as string[]) : []);
    else if (operandOf(it.operation) !== 'none') check(`items.${i}.value`, it.value !== undefined && it.value !== '', 'Enter the value to write.');
  });
  return errors;
}

export const assignerKind: NodeKind = {
  type: 'assigner',
  label: 'Variable assigner',
  description: 'Writes conversation variables, kept for the next turn.',
  icon: PenLine,
  tone: 'amber',
  family: 'step',
  group: 'Transform',
  defaults: () => ({ title: 'Variable assigner', version: '2', items: [] }),
  fields: { items: 'Variables', 'items.*': 'Variable {1}', 'items.*.variable_selector': 'Variable {1}', 'items.*.value': 'Value {1}', 'items.*.operation': 'Operation {1}', assigned_variable_selector: 'Variable', input_variable_selector: 'Value', write_mode: 'Operation' },
  validate: validateAssigner,
};
