import { GitBranch } from 'lucide-react';
import { checkSelector, errorCollector, listOf, textOf, type Config } from '../config';
import type { BranchHandle, NodeKind } from '../kind';

/** The engine's comparison operators (nodes/compare.go), in Dify's spelling. */
export const OPERATORS = [
  { value: 'contains', label: 'contains' },
  { value: 'not contains', label: 'does not contain' },
  { value: 'start with', label: 'starts with' },
  { value: 'end with', label: 'ends with' },
  { value: 'is', label: 'is' },
  { value: 'is not', label: 'is not' },
  { value: 'empty', label: 'is empty', unary: true },
  { value: 'not empty', label: 'is not empty', unary: true },
  { value: 'in', label: 'is in' },
  { value: 'not in', label: 'is not in' },
  { value: 'all of', label: 'has all of' },
  { value: '=', label: '=' },
  { value: '≠', label: '≠' },
  { value: '>', label: '>' },
  { value: '<', label: '<' },
  { value: '≥', label: '≥' },
  { value: '≤', label: '≤' },
  { value: 'null', label: 'is not set', unary: true },
  { value: 'not null', label: 'is set', unary: true },
] as const;

/** ASCII spellings the engine also reads. */
const ALIASES: Record<string, string> = { '==': '=', '!=': '≠', '>=': '≥', '<=': '≤', exists: 'not null', 'not exists': 'null' };

export function operatorOf(op: string): string {
  return ALIASES[op.trim()] ?? op.trim();
}

export function isUnary(op: string): boolean {
  return OPERATORS.some((o) => o.value === operatorOf(op) && 'unary' in o);
}

export interface Condition extends Config {
  variable_selector: string[];
  comparison_operator: string;
  value?: unknown;
}

export interface IfCase extends Config {
  case_id: string;
  logical_operator: 'and' | 'or';
  conditions: Condition[];
}

/** The cases of a config; Dify's older single-case form is read as one case "true". */
export function casesOf(c: Config | undefined): IfCase[] {
  const cases = listOf<IfCase>(c, 'cases');
  if (cases.length > 0 || !Array.isArray(c?.conditions)) return cases;
  return [{ case_id: 'true', logical_operator: textOf(c, 'logical_operator') === 'or' ? 'or' : 'and', conditions: listOf<Condition>(c, 'conditions') }];
}

export function caseIdOf(k: IfCase): string {
  return String(k.case_id || k.id || '');
}

export function validateIfElse(c: Config) {
  const { errors, check } = errorCollector();
  const cases = casesOf(c);
  check('cases', cases.length > 0, 'Add at least one case.');
  const seen = new Set<string>();
  cases.forEach((k, i) => {
    const id = caseIdOf(k);
    check(`cases.${i}.case_id`, id !== '' && id !== 'false' && !seen.has(id), 'Each case needs its own id.');
    seen.add(id);
    check(`cases.${i}.conditions`, listOf(k, 'conditions').length > 0, 'Add a condition.');
    listOf<Condition>(k, 'conditions').forEach((cond, j) => {
      const f = `cases.${i}.conditions.${j}`;
      checkSelector(check, `${f}.variable_selector`, cond.variable_selector);
      check(`${f}.comparison_operator`, OPERATORS.some((o) => o.value === operatorOf(textOf(cond, 'comparison_operator'))), 'Choose a comparison.');
    });
  });
  return errors;
}

/** IF, then ELIF per further case, then ELSE. */
export function ifElseHandles(c: Config | undefined): BranchHandle[] {
  const named = casesOf(c).map((k, i) => ({ id: caseIdOf(k), label: i === 0 ? 'IF' : 'ELIF' }));
  return [...named, { id: 'false', label: 'ELSE' }];
}

/** A case id no case has. */
export function newCaseId(cases: IfCase[]): string {
  const taken = new Set(cases.map(caseIdOf));
  for (let i = cases.length + 1; ; i++) if (!taken.has(`case_${i}`)) return `case_${i}`;
}

export const ifElseKind: NodeKind = {
  type: 'if-else',
  label: 'IF / ELSE',
  description: 'Branches on conditions.',
  icon: GitBranch,
  tone: 'amber',
  family: 'branch',
  group: 'Logic',
  defaults: () => ({ title: 'IF / ELSE', cases: [{ case_id: 'true', logical_operator: 'and', conditions: [] }] }),
  fields: { cases: 'Cases', 'cases.*': 'Case {1}', 'cases.*.conditions.*': 'Case {1}, condition {2}' },
  validate: validateIfElse,
  handles: ifElseHandles,
};
