import { Flag } from 'lucide-react';
import { checkNames, checkSelector, errorCollector, listOf, textOf, type Config } from '../config';
import type { NodeKind } from '../kind';

export interface EndOutput extends Config {
  variable: string;
  value_selector: string[];
}

export function validateEnd(c: Config) {
  const { errors, check } = errorCollector();
  const outs = listOf<EndOutput>(c, 'outputs');
  checkNames(check, outs.map((o) => textOf(o, 'variable')), (i) => `outputs.${i}.variable`);
  outs.forEach((o, i) => checkSelector(check, `outputs.${i}.value_selector`, o.value_selector));
  return errors;
}

export const endKind: NodeKind = {
  type: 'end',
  label: 'End',
  description: 'A workflow’s outputs.',
  icon: Flag,
  tone: 'slate',
  family: 'end',
  group: 'Flow',
  defaults: () => ({ title: 'End', outputs: [] }),
  fields: { outputs: 'Outputs', 'outputs.*': 'Output {1}' },
  validate: validateEnd,
};
