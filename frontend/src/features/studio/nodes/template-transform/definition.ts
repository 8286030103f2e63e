import { Braces } from 'lucide-react';
import { checkNames, checkSelector, errorCollector, listOf, textOf, type Config } from '../config';
import type { NodeKind } from '../kind';

export interface TemplateVar extends Config {
  variable: string;
  value_selector: string[];
}

export function validateTemplate(c: Config) {
  const { errors, check } = errorCollector();
  check('template', textOf(c, 'template').trim() !== '', 'Write the template.');
  const vars = listOf<TemplateVar>(c, 'variables');
  checkNames(check, vars.map((v) => textOf(v, 'variable')), (i) => `variables.${i}.variable`);
  vars.forEach((v, i) => checkSelector(check, `variables.${i}.value_selector`, v.value_selector));
  return errors;
}

export const templateKind: NodeKind = {
  type: 'template-transform',
  label: 'Template',
  description: 'Renders text from variables.',
  icon: Braces,
  tone: 'sky',
  family: 'step',
  group: 'Transform',
  defaults: () => ({ title: 'Template', template: '', variables: [] }),
  fields: { template: 'Jinja template', variables: 'Variables', 'variables.*': 'Variable {1}' },
  validate: validateTemplate,
};
