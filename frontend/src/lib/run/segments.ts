// A run's answer as it streamed: content, reasoning and an agent's tool calls in stream
// order, either from live chunks (applyChunk, used by the reducer in timeline.ts) or from
// what a finished run stored (segmentsFromDetail).
import type { GenerationDetail, RunDetail } from '../api.gen';

/** An agent's tool call: streamed when it starts, its result filled in when it returns. */
export interface ToolCallStep {
  /** The call's index in its node's generation detail. */
  index: number;
  nodeId: string;
  name: string;
  arguments: unknown;
  /** null while the tool runs. */
  result: string | null;
  failed: boolean;
}

export type StreamSegment = { type: 'content'; text: string } | { type: 'reasoning'; text: string } | { type: 'tool_call'; call: ToolCallStep };

/**
 * A tool call as a generation detail stored it. The agent writes a failed call's result as
 * "error: …", and a call it had no round left for as "not run: …".
 */
export function storedToolCall(c: { name: string; arguments: unknown; result: string }, index = 0, nodeId = ''): ToolCallStep {
  return { index, nodeId, name: c.name, arguments: c.arguments, result: c.result, failed: /^(error|not run):/.test(c.result) };
}

/** Adds streamed text, joining it to the last segment when that is of the same type. */
export function appendText(segments: StreamSegment[], type: 'content' | 'reasoning', text: string): StreamSegment[] {
  if (!text) return segments;
  const last = segments[segments.length - 1];
  if (last && last.type === type) return [...segments.slice(0, -1), { type, text: last.text + text }];
  return [...segments, { type, text }];
}

/** Applies one chunk of an agent's "tool_calls" stream: a call starting, or its result. */
export function applyToolChunk(segments: StreamSegment[], nodeId: string, chunk: string): StreamSegment[] {
  let c: Record<string, unknown>;
  try {
    c = JSON.parse(chunk) as Record<string, unknown>;
  } catch {
    return segments;
  }
  const index = typeof c.index === 'number' && Number.isFinite(c.index) ? c.index : 0;
  if (c.phase === 'result') {
    return segments.map((s) =>
      s.type === 'tool_call' && s.call.nodeId === nodeId && s.call.index === index
        ? { type: 'tool_call', call: { ...s.call, result: String(c.result ?? ''), failed: Boolean(c.failed) } }
        : s,
    );
  }
  const call: ToolCallStep = { index, nodeId, name: String(c.name ?? ''), arguments: c.arguments ?? {}, result: null, failed: false };
  return [...segments, { type: 'tool_call', call }];
}

/** Reasoning and content of a finished run's cited-answer node, in the order they streamed. */
export function segmentsFromRun(detail: RunDetail, content: string): StreamSegment[] {
  const node =
    detail.nodes.find((n) => (n.nodeType === 'cited-answer' || n.nodeType === 'agent') && n.generationDetail) ?? detail.nodes.find((n) => n.generationDetail);
  return segmentsFromDetail(node?.generationDetail ?? null, content, node?.nodeId ?? '');
}

/** Reasoning, tool calls and content of a generation detail (a message's own, or a node's), in stream order. */
export function segmentsFromDetail(g: GenerationDetail | null, content: string, nodeId = ''): StreamSegment[] {
  if (!g) return [];
  const cps = Array.from(content);
  const out: StreamSegment[] = [];
  for (const item of g.sequence ?? []) {
    if (item.type === 'reasoning') {
      const text = g.reasoningContent?.[item.index];
      if (text) out.push({ type: 'reasoning', text });
    } else if (item.type === 'tool_call') {
      const c = g.toolCalls?.[item.index];
      if (c) out.push({ type: 'tool_call', call: storedToolCall(c, item.index, nodeId) });
    } else if (item.type === 'content') {
      out.push({ type: 'content', text: cps.slice(item.start, item.end).join('') });
    }
  }
  if (out.length === 0) for (const r of g.reasoningContent ?? []) if (r) out.push({ type: 'reasoning', text: r });
  return out;
}
