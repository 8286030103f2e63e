// What a node setting is called in its panel, found from the DSL path a
// compile problem names ("cases.0.conditions.1.variable_selector"), so that
// a problem reads "IF / ELSE › Case 1, condition 2" rather than the path.
//
// Patterns use `*` for any one segment; `{1}`, `{2}` in a label stand for the
// segments `*` matched, list positions counted from 1.
import { kindOf } from './catalog';
import type { FieldLabels } from './kind';

/** Settings every node type has (engine/settings.go) or that several share. */
const COMMON: FieldLabels = {
  title: 'Title',
  'retry_config.max_retries': 'Retries',
  'retry_config.retry_interval': 'Retry interval',
  error_strategy: 'On failure',
  default_value: 'Default values',
  timeout: 'Time limit',
  model: 'Model',
  'model.*': 'Model',
  'model.completion_params.*': 'Model setting “{1}”',
  prompt_template: 'Prompt',
  'prompt_template.*': 'Prompt message {1}',
  'prompt_config.jinja2_variables.*': 'Prompt variable {1}',
  'context.variable_selector': 'Context',
  instruction: 'Instructions',
  tools: 'Tools',
  'tools.*': 'Tool {1}',
  max_iterations: 'Most rounds',
  uncited_policy: 'Uncited claims',
};

/** The label of `field` in a node of type `kind`, or "" when no label covers it. */
export function fieldLabel(kind: string, field: string): string {
  if (!field) return '';
  const own = kindOf(kind).fields ?? {};
  const path = field.split('.');
  // The longest pattern that matches wins; a path no pattern covers takes its parent's label.
  for (let n = path.length; n > 0; n--) {
    const head = path.slice(0, n);
    const label = labelFor(own, head) ?? labelFor(COMMON, head);
    if (label !== undefined) return label;
  }
  return '';
}

function labelFor(labels: FieldLabels, path: string[]): string | undefined {
  for (const [pattern, label] of Object.entries(labels)) {
    const wild = match(pattern.split('.'), path);
    if (wild) return label.replace(/\{(\d)\}/g, (_, i: string) => wild[Number(i) - 1] ?? '');
  }
  return undefined;
}

/** The segments `*` matched (list positions from 1), or null when the pattern does not match. */
function match(pattern: string[], path: string[]): string[] | null {
  if (pattern.length !== path.length) return null;
  const wild: string[] = [];
  for (let i = 0; i < path.length; i++) {
    if (pattern[i] === '*') wild.push(/^\d+$/.test(path[i]!) ? String(Number(path[i]) + 1) : path[i]!);
    else if (pattern[i] !== path[i]) return null;
  }
  return wild;
}
