import { SquareCode } from 'lucide-react';
import { checkNames, checkSelector, errorCollector, isRecord, listOf, textOf, type Config } from '../config';
import type { NodeKind } from '../kind';
import type { TemplateVar } from '../template-transform/definition';

/** The types a code node's outputs may have (nodes/code.go). */
export const OUTPUT_TYPES = ['string', 'number', 'boolean', 'object', 'array[string]', 'array[number]', 'array[boolean]', 'array[object]'] as const;

export const LANGUAGES = [
  { value: 'javascript', label: 'JavaScript' },
  { value: 'python3', label: 'Python 3 (sandboxed; json, re, math, string, time)' },
];

export const STARTER_JS = `function main({arg1, arg2}) {
  return {
    result: arg1 + arg2,
  };
}
`;

export interface CodeOutput {
  name: string;
  type: string;
}

/** The declared outputs, in the order written ({name: {type, children}} in the DSL). */
export function outputsOf(c: Config): CodeOutput[] {
  const outs = isRecord(c.outputs) ? c.outputs : {};
  return Object.entries(outs).map(([name, o]) => ({ name, type: textOf(isRecord(o) ? o : {}, 'type') }));
}

/** The DSL form of a list of outputs. */
export function outputsConfig(outs: CodeOutput[]): Config {
  return Object.fromEntries(outs.map((o) => [o.name, { type: o.type, children: null }]));
}

export function validateCode(c: Config) {
  const { errors, check } = errorCollector();
  check('code', textOf(c, 'code').trim() !== '', 'Write the function main.');
  check('code_language', LANGUAGES.some((l) => l.value === textOf(c, 'code_language')), 'Choose JavaScript or Python 3.');
  const vars = listOf<TemplateVar>(c, 'variables');
  checkNames(check, vars.map((v) => textOf(v, 'variable')), (i) => `variables.${i}.variable`);
  vars.forEach((v, i) => checkSelector(check, `variables.${i}.value_selector`, v.value_selector));
  const outs = outputsOf(c);
  check('outputs', outs.length > 0, 'Declare at least one output.');
  outs.forEach((o) => check(`outputs.${o.name}.type`, (OUTPUT_TYPES as readonly string[]).includes(o.type), 'Choose the output’s type.'));
  return errors;
}

export const codeKind: NodeKind = {
  type: 'code',
  label: 'Code',
  description: 'Runs a JavaScript function on its inputs.',
  icon: SquareCode,
  tone: 'slate',
  family: 'step',
  group: 'Transform',
  defaults: () => ({
    title: 'Code',
    code_language: 'javascript',
    code: STARTER_JS,
    variables: [
      { variable: 'arg1', value_selector: [] },
      { variable: 'arg2', value_selector: [] },
    ],
    outputs: { result: { type: 'string', children: null } },
  }),
  fields: { code: 'Code', code_language: 'Language', variables: 'Inputs', 'variables.*': 'Input {1}', outputs: 'Outputs', 'outputs.*': 'Output {1}' },
  validate: validateCode,
};
