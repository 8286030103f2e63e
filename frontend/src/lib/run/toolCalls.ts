// An agent's tool call in a few words, as the chat's work steps and a run's generation
// detail both show it.
import type { StreamSegment, ToolCallStep } from './segments';

/**
 * The argument a person recognises the call by: the query, the article, the date; a chunk
 * id becomes the passage number the agent was shown it as ("around passage [1]").
 */
export function argumentSummary(args: unknown, passages: ReadonlyMap<string, number> = new Map()): string {
  if (!args || typeof args !== 'object') return typeof args === 'string' ? args : '';
  const a = args as Record<string, unknown>;
  for (const key of ['query', 'article', 'date']) if (typeof a[key] === 'string' && a[key]) return `“${a[key] as string}”`;
  if (typeof a.chunk_id === 'string') {
    const n = passages.get(a.chunk_id);
    return n ? `around passage [${n}]` : 'around a passage';
  }
  const first = Object.values(a).find((v) => typeof v === 'string' && v);
  return typeof first === 'string' ? `“${first}”` : '';
}

/** Passage numbers by chunk id, from the "[n] id=<chunk>" headers of tool results. */
export function passageNumbers(segments: readonly StreamSegment[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const s of segments) {
    if (s.type !== 'tool_call' || !s.call.result) continue;
    for (const m of s.call.result.matchAll(/^\[(\d+)\] id=(\S+)/gm)) if (!out.has(m[2]!)) out.set(m[2]!, Number(m[1]));
  }
  return out;
}

/** What came back, in a few words: "3 passages", "failed", "done". */
export function resultSummary(call: ToolCallStep): string {
  if (call.result === null) return '';
  if (call.failed) return call.result.startsWith('not run:') ? 'not run' : 'failed';
  const passages = call.result.match(/^\[\d+\] id=/gm)?.length ?? 0;
  if (passages > 0) return passages === 1 ? '1 passage' : `${passages} passages`;
  return 'done';
}
