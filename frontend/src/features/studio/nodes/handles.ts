// The source handles of a node: one "source", or one per branch (each
// branching type declares its own), plus "fail-branch" when its error
// strategy routes failures. Edge sourceHandle values must be among these.
import { SOURCE } from '../store/dsl';
import { kindOf } from './catalog';
import { errorStrategyOf } from './common';
import type { BranchHandle } from './kind';

export type { BranchHandle } from './kind';

export const ELSE = 'false';
export const FAIL_BRANCH = 'fail-branch';

type Config = Record<string, unknown> | undefined;

export function sourceHandles(kind: string, config: Config): BranchHandle[] {
  const branches = kindOf(kind).handles;
  const base = branches ? branches(config) : [{ id: SOURCE, label: '' }];
  return errorStrategyOf(config) === 'fail_branch' ? [...base, { id: FAIL_BRANCH, label: 'On failure' }] : base;
}
