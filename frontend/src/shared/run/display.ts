// How a run and its node executions read in the history: status words and tones,
// the one-line summary of what a run was asked, durations and token counts.
import type { NodeExecution, Run } from '../../lib/api.gen';
import type { BadgeTone } from '../../components/ui/Badge';
import type { StatusTone } from '../../components/ui/StatusDot';
import { formatMs } from '../../lib/format';

const statusLabels: Record<string, string> = {
  running: 'Running',
  retrying: 'Retrying',
  succeeded: 'Succeeded',
  failed: 'Failed',
  exception: 'Failed, handled',
  skipped: 'Skipped',
  cancelled: 'Cancelled',
  interrupted: 'Interrupted',
};

const badgeTones: Record<string, BadgeTone> = {
  running: 'accent',
  retrying: 'warning',
  succeeded: 'success',
  failed: 'danger',
  exception: 'warning',
  interrupted: 'warning',
};

const dotTones: Record<string, StatusTone> = { running: 'busy', retrying: 'busy', succeeded: 'ok', failed: 'error' };

/** What a step execution is called, as the canvas names the step: its title, else its kind's label. */
export function executionTitle(n: Pick<NodeExecution, 'title'>, kindLabel: string): string {
  return n.title || kindLabel;
}

export function statusLabel(status: string): string {
  return statusLabels[status] ?? status;
}

export function statusBadgeTone(status: string): BadgeTone {
  return badgeTones[status] ?? 'neutral';
}

export function statusDotTone(status: string): StatusTone {
  return dotTones[status] ?? 'unknown';
}

export function isLive(status: string): boolean {
  return status === 'running' || status === 'retrying';
}

const SUMMARY_CHARS = 140;

function shortValue(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v) ?? '';
}

/**
 * What a run was asked, on one line: a chat turn's question, else its inputs as
 * "name: value · name: value" (a workflow run), else '' when it had none.
 */
export function runSummary(run: Pick<Run, 'query' | 'inputs'>): string {
  if (run.query.trim()) return run.query.trim();
  const parts = Object.entries(run.inputs ?? {})
    .filter(([, v]) => v !== '' && v !== null && v !== undefined)
    .map(([k, v]) => `${k}: ${shortValue(v)}`);
  const line = parts.join(' · ').replace(/\s+/g, ' ');
  return line.length > SUMMARY_CHARS ? `${line.slice(0, SUMMARY_CHARS - 1)}…` : line;
}

const numbers = new Intl.NumberFormat();

/** Prompt plus completion tokens, "—" when the run called no model. */
export function formatTokens(prompt: number, completion: number): string {
  const total = prompt + completion;
  return total > 0 ? numbers.format(total) : '—';
}

/** A recorded duration; sub-millisecond steps read "<1 ms" rather than "0 ms". */
export function formatDuration(ms: number): string {
  return ms < 1 ? '<1 ms' : formatMs(ms);
}

/** Elapsed time of something that may still be going: counted up to `now` while live. */
export function elapsedOf(item: { startedAt: string; finishedAt: string | null; elapsedMs: number; status: string }, now: number): number {
  if (item.finishedAt || !isLive(item.status)) return item.elapsedMs;
  const start = Date.parse(item.startedAt);
  return Number.isNaN(start) ? 0 : Math.max(0, now - start);
}

/** The exact time for a tooltip: "1 May 2026, 09:00:01". */
export function formatExactTime(iso: string): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  return new Date(t).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}
