import { Play } from 'lucide-react';
import { checkNames, errorCollector, listOf, textOf, type Config } from '../config';
import type { NodeKind } from '../kind';

/** The input form types a Start variable may have (nodes/start.go). */
export const INPUT_TYPES = [
  { value: 'text-input', label: 'Short text' },
  { value: 'paragraph', label: 'Paragraph' },
  { value: 'select', label: 'Choice' },
  { value: 'number', label: 'Number' },
  { value: 'checkbox', label: 'Checkbox' },
  { value: 'json_object', label: 'JSON object' },
  { value: 'file', label: 'File' },
  { value: 'file-list', label: 'Files' },
] as const;

export interface StartVariable extends Config {
  variable: string;
  label?: string;
  type: string;
  required?: boolean;
  max_length?: number;
  options?: string[];
}

export function validateStart(c: Config) {
  const { errors, check } = errorCollector();
  const vars = listOf<StartVariable>(c, 'variables');
  checkNames(check, vars.map((v) => textOf(v, 'variable')), (i) => `variables.${i}.variable`);
  vars.forEach((v, i) => {
    if (v.type === 'select') check(`variables.${i}.options`, listOf(v, 'options').length > 0, 'A choice needs at least one option.');
  });
  return errors;
}

export const startKind: NodeKind = {
  type: 'start',
  label: 'Start',
  description: 'Where a run begins, with its inputs.',
  icon: Play,
  tone: 'green',
  family: 'start',
  group: 'Flow',
  defaults: () => ({ title: 'Start', variables: [] }),
  fields: { variables: 'Inputs', 'variables.*': 'Input {1}' },
  validate: validateStart,
};
