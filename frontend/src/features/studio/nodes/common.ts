// The settings the engine applies to every node: retries and what happens
// when the node still fails (engine/settings.go).
import { errorCollector, isRecord, numberOf, recordOf, textOf, type Config, type FieldErrors } from './config';

export const MAX_RETRIES = 10;
export const MAX_RETRY_INTERVAL_MS = 600_000;

export type ErrorStrategy = 'fail' | 'default_value' | 'fail_branch';

export const ERROR_STRATEGIES: { value: ErrorStrategy; label: string; hint: string }[] = [
  { value: 'fail', label: 'Stop the run', hint: 'The run fails with this step’s error.' },
  { value: 'default_value', label: 'Use default values', hint: 'The step succeeds with the values below; error_message says what went wrong.' },
  { value: 'fail_branch', label: 'Take the failure branch', hint: 'A separate “On failure” handle leads on.' },
];

export interface Retry {
  enabled: boolean;
  maxRetries: number;
  intervalMs: number;
}

export function retryOf(c: Config | undefined): Retry {
  const r = recordOf(c, 'retry_config');
  const enabled = isRecord(c?.retry_config) && r.retry_enabled !== false;
  return { enabled, maxRetries: numberOf(r, 'max_retries') ?? 3, intervalMs: numberOf(r, 'retry_interval') ?? 1000 };
}

export function errorStrategyOf(c: Config | undefined): ErrorStrategy {
  const s = textOf(c, 'error_strategy').replace(/-/g, '_');
  return s === 'default_value' || s === 'fail_branch' ? s : 'fail';
}

export interface DefaultValue {
  key: string;
  type: string;
  value: unknown;
}

/** Checks the common settings, with the engine's limits. */
export function validateCommon(c: Config | undefined): FieldErrors {
  const { errors, check } = errorCollector();
  check('title', textOf(c, 'title').trim() !== '', 'Give the step a title.');
  const r = recordOf(c, 'retry_config');
  const max = r.max_retries;
  const interval = r.retry_interval;
  if (max !== undefined) check('retry_config.max_retries', Number.isInteger(max) && (max as number) >= 0 && (max as number) <= MAX_RETRIES, `Retries: a whole number from 0 to ${MAX_RETRIES}.`);
  if (interval !== undefined)
    check('retry_config.retry_interval', typeof interval === 'number' && interval >= 0 && interval <= MAX_RETRY_INTERVAL_MS, 'The interval is from 0 to 600,000 ms (10 minutes).');
  return errors;
}
