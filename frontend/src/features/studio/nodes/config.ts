// Reading and checking a node's data (its DSL config) without trusting its
// shape: the DSL may come from an import or a hand-written file, so every
// read falls back to an empty value instead of throwing.
export type Config = Record<string, unknown>;
/** Field path ("variables.0.variable") → what is wrong with it. */
export type FieldErrors = Record<string, string>;
/** A variable reference: [node_id, variable, ...path]. */
export type Selector = string[];

export const isRecord = (v: unknown): v is Config => typeof v === 'object' && v !== null && !Array.isArray(v);

export function textOf(c: Config | undefined, key: string): string {
  const v = c?.[key];
  return typeof v === 'string' ? v : '';
}

export function numberOf(c: Config | undefined, key: string): number | undefined {
  const v = c?.[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

export function listOf<T = Config>(c: Config | undefined, key: string): T[] {
  const v = c?.[key];
  return Array.isArray(v) ? (v as T[]) : [];
}

export function recordOf(c: Config | undefined, key: string): Config {
  const v = c?.[key];
  return isRecord(v) ? v : {};
}

export function selectorOf(v: unknown): Selector {
  return Array.isArray(v) && v.every((s) => typeof s === 'string') ? (v as string[]) : [];
}

/** Names of variables and outputs, as the engine accepts them. */
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const NODE_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function isVariableName(name: string): boolean {
  return NAME.test(name) && name.length <= 64;
}

export function isSelector(sel: Selector): boolean {
  return sel.length >= 2 && NODE_ID.test(sel[0]!) && sel.slice(1).every(isVariableName);
}

/** Collects field errors: `check(field, cond, message)` records the message when cond is false. */
export function errorCollector(): { errors: FieldErrors; check: (field: string, ok: boolean, message: string) => void } {
  const errors: FieldErrors = {};
  return {
    errors,
    check: (field, ok, message) => {
      if (!ok && !(field in errors)) errors[field] = message;
    },
  };
}

/** Checks a list of names: each a valid variable name, none twice. */
export function checkNames(check: (field: string, ok: boolean, message: string) => void, names: string[], field: (i: number) => string): void {
  const seen = new Set<string>();
  names.forEach((name, i) => {
    check(field(i), name.trim() !== '', 'Give it a name.');
    check(field(i), name === '' || isVariableName(name), 'Use letters, digits and _, not starting with a digit.');
    check(field(i), !seen.has(name), `“${name}” is used twice.`);
    seen.add(name);
  });
}

/** Checks a required variable reference. */
export function checkSelector(check: (field: string, ok: boolean, message: string) => void, field: string, v: unknown, what = 'a variable'): void {
  const sel = selectorOf(v);
  check(field, sel.length > 0, `Choose ${what}.`);
  check(field, sel.length === 0 || isSelector(sel), `“${sel.join('.')}” is not a valid reference.`);
}
