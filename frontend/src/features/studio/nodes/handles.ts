// The source handles of a node: one "source", or one per branch (IF/ELSE
// cases then ELSE; classifier classes), plus "fail-branch" when its error
// strategy routes failures. Edge sourceHandle values must be among these.
import { SOURCE } from '../store/dsl';

export interface BranchHandle {
  id: string;
  label: string;
}

export const ELSE = 'false';
export const FAIL_BRANCH = 'fail-branch';

type Config = Record<string, unknown> | undefined;

export function sourceHandles(kind: string, config: Config): BranchHandle[] {
  const base = kind === 'if-else' ? ifElseHandles(config) : kind === 'question-classifier' ? classHandles(config) : [{ id: SOURCE, label: '' }];
  return config?.error_strategy === 'fail_branch' ? [...base, { id: FAIL_BRANCH, label: 'On failure' }] : base;
}

function ifElseHandles(config: Config): BranchHandle[] {
  const cases = Array.isArray(config?.cases) ? (config.cases as Record<string, unknown>[]) : [];
  const ids = cases.map((c) => String(c.case_id || c.id || ''));
  if (ids.length === 0 && Array.isArray(config?.conditions)) ids.push('true');
  const named = ids.map((id, i) => ({ id, label: i === 0 ? 'IF' : 'ELIF' }));
  return [...named, { id: ELSE, label: 'ELSE' }];
}

function classHandles(config: Config): BranchHandle[] {
  const classes = Array.isArray(config?.classes) ? (config.classes as Record<string, unknown>[]) : [];
  return classes.map((c, i) => ({ id: String(c.id ?? ''), label: String(c.name || `Class ${i + 1}`) }));
}
