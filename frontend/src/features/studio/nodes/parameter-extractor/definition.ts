import { TextCursorInput } from 'lucide-react';
import { checkNames, checkSelector, errorCollector, listOf, textOf, type Config } from '../config';
import { defaultModel, TEXT_TYPES, type NodeKind } from '../kind';
import { checkCompletionParams, checkMemory } from '../model';

/** The parameter types the extractor takes (nodes/extractor.go). */
export const PARAM_TYPES = ['string', 'number', 'bool', 'select', 'array[string]', 'array[number]', 'array[object]'] as const;

export interface ExtractParam extends Config {
  name: string;
  type: string;
  description?: string;
  required?: boolean;
  options?: string[];
}

export function validateExtractor(c: Config) {
  const { errors, check } = errorCollector();
  checkSelector(check, 'query', c.query, 'the text to read');
  const params = listOf<ExtractParam>(c, 'parameters');
  check('parameters', params.length > 0, 'Add at least one parameter.');
  checkNames(check, params.map((p) => textOf(p, 'name')), (i) => `parameters.${i}.name`);
  params.forEach((p, i) => {
    check(`parameters.${i}.type`, (PARAM_TYPES as readonly string[]).includes(p.type), 'Choose a type.');
    if (p.type === 'select') check(`parameters.${i}.options`, listOf(p, 'options').length > 0, 'A select parameter needs options.');
  });
  const mode = textOf(c, 'reasoning_mode') || 'prompt';
  check('reasoning_mode', mode === 'prompt' || mode === 'function_call', 'Choose prompt or function call.');
  checkCompletionParams(check, c);
  checkMemory(check, c);
  return errors;
}

export const extractorKind: NodeKind = {
  type: 'parameter-extractor',
  label: 'Parameter extractor',
  description: 'Pulls structured values out of text.',
  icon: TextCursorInput,
  tone: 'indigo',
  family: 'step',
  group: 'Models',
  defaults: () => ({ title: 'Parameter extractor', query: ['sys', 'query'], model: defaultModel(), parameters: [], reasoning_mode: 'prompt' }),
  fields: { query: 'Text to read', reasoning_mode: 'Extraction mode', parameters: 'Parameters', 'parameters.*': 'Parameter {1}' },
  slots: [{ field: 'query', accepts: TEXT_TYPES }],
  validate: validateExtractor,
};
