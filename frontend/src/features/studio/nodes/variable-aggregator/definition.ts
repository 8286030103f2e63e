import { Combine } from 'lucide-react';
import { checkSelector, errorCollector, listOf, type Config } from '../config';
import type { NodeKind } from '../kind';

export const OUTPUT_TYPES = ['string', 'number', 'boolean', 'object', 'array[string]', 'array[number]', 'array[object]', 'any'] as const;

export function validateAggregator(c: Config) {
  const { errors, check } = errorCollector();
  const vars = listOf(c, 'variables');
  check('variables', vars.length > 0, 'Add the variables to take the first set value from.');
  vars.forEach((v, i) => checkSelector(check, `variables.${i}`, v));
  return errors;
}

export const aggregatorKind: NodeKind = {
  type: 'variable-aggregator',
  label: 'Variable aggregator',
  description: 'Takes the first value set among branches.',
  icon: Combine,
  tone: 'amber',
  family: 'step',
  group: 'Logic',
  defaults: () => ({ title: 'Variable aggregator', output_type: 'string', variables: [] }),
  fields: { output_type: 'Type', variables: 'Variables', 'variables.*': 'Variable {1}', 'advanced_settings.groups.*': 'Group {1}' },
  validate: validateAggregator,
};
