import { ListFilter } from 'lucide-react';
import { checkSelector, errorCollector, listOf, recordOf, selectorOf, textOf, type Config } from '../config';
import { operatorOf, OPERATORS } from '../if-else/definition';
import type { NodeKind } from '../kind';

export interface ListCondition extends Config {
  key: string;
  comparison_operator: string;
  value?: unknown;
}

/** A switchable block of the config (filter_by, extract_by, order_by, limit). */
export function blockOf(c: Config, key: string): Config {
  return recordOf(c, key);
}

export const isOn = (c: Config, key: string) => blockOf(c, key).enabled === true;

export function validateListOperator(c: Config) {
  const { errors, check } = errorCollector();
  checkSelector(check, 'variable', selectorOf(c.variable));
  if (isOn(c, 'filter_by')) {
    listOf<ListCondition>(blockOf(c, 'filter_by'), 'conditions').forEach((cond, i) =>
      check(`filter_by.conditions.${i}.comparison_operator`, OPERATORS.some((o) => o.value === operatorOf(textOf(cond, 'comparison_operator'))), 'Choose a comparison.'),
    );
  }
  if (isOn(c, 'extract_by')) check('extract_by.serial', textOf(blockOf(c, 'extract_by'), 'serial').trim() !== '', 'Say which item to take (1 is the first).');
  if (isOn(c, 'limit')) {
    const size = blockOf(c, 'limit').size;
    check('limit.size', typeof size === 'number' && size >= 0, 'Keep 0 or more items.');
  }
  return errors;
}

export const listOperatorKind: NodeKind = {
  type: 'list-operator',
  label: 'List operator',
  description: 'Filters, picks, sorts and trims a list.',
  icon: ListFilter,
  tone: 'sky',
  family: 'step',
  group: 'Transform',
  defaults: () => ({
    title: 'List operator',
    variable: [],
    filter_by: { enabled: false, conditions: [] },
    extract_by: { enabled: false, serial: '1' },
    order_by: { enabled: false, key: '', value: 'asc' },
    limit: { enabled: false, size: 10 },
  }),
  fields: { variable: 'List', 'filter_by.conditions.*': 'Condition {1}', 'extract_by.serial': 'Item', 'order_by.value': 'Order', 'limit.size': 'Keep' },
  validate: validateListOperator,
};
