import { Wrench } from 'lucide-react';
import { checkSelector, errorCollector, isRecord, recordOf, textOf, type Config } from '../config';
import type { NodeKind } from '../kind';

/** How a tool parameter gets its value (nodes/tool.go). */
export const PARAM_KINDS = [
  { value: 'mixed', label: 'Text' },
  { value: 'variable', label: 'Variable' },
  { value: 'constant', label: 'Constant' },
  { value: 'extraction', label: 'Extract from a conversation' },
] as const;

export interface ToolParam extends Config {
  type: string;
  /** A template, a selector, a constant, or an extraction's {source_node_id, source_variable?, extraction_prompt, model?}. */
  value?: unknown;
}

export function paramsOf(c: Config | undefined): [string, ToolParam][] {
  return Object.entries(recordOf(c, 'tool_parameters')).filter((e): e is [string, ToolParam] => isRecord(e[1]));
}

export function validateTool(c: Config) {
  const { errors, check } = errorCollector();
  check('tool_name', textOf(c, 'tool_name').trim() !== '', 'Choose a tool.');
  for (const [name, p] of paramsOf(c)) {
    const f = `tool_parameters.${name}`;
    const kind = p.type || 'mixed';
    check(`${f}.type`, PARAM_KINDS.some((k) => k.value === kind), 'Choose how this parameter is filled.');
    if (kind === 'variable') checkSelector(check, `${f}.value`, p.value);
    if (kind === 'extraction') {
      const x = recordOf(p, 'value');
      check(`${f}.value.source_node_id`, textOf(x, 'source_node_id') !== '', 'Choose the step whose conversation to read.');
      check(`${f}.value.extraction_prompt`, textOf(x, 'extraction_prompt').trim() !== '', 'Say what to extract.');
    }
  }
  return errors;
}

export const toolKind: NodeKind = {
  type: 'tool',
  label: 'Tool',
  description: 'Runs a built-in tool such as article lookup.',
  icon: Wrench,
  tone: 'sky',
  family: 'step',
  group: 'Transform',
  defaults: () => ({ title: 'Tool', tool_name: 'search_collection', tool_parameters: {} }),
  fields: { tool_name: 'Tool', 'tool_parameters.*': 'Parameter “{1}”', 'tool_configurations.*': 'Parameter “{1}”', 'virtual_nodes.*': 'Extraction {1}' },
  validate: validateTool,
};
