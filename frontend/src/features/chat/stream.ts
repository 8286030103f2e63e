// Assembles a chat turn from its run's events: the node timeline (status and real times),
// the answer text as it streams, reasoning segments in stream order, and the cited-answer
// node's checked result. Pure: feed it events one by one (from seq 1 after a reload too).
import type { Check, Citation, Claim, Event, GenerationDetail, GenerationStatus, NodeExecution, RunDetail, RunStatus, TimelineNode as StoredStep } from '../../lib/api.gen';
import { isRunEnd } from '../../lib/events';

export type NodeStatus = 'running' | 'retrying' | 'succeeded' | 'failed' | 'exception' | 'skipped' | 'cancelled';

export interface TimelineNode {
  nodeId: string;
  nodeType: string;
  title: string;
  status: NodeStatus;
  /** Epoch ms of the start, from the backend's clock. */
  startedAt: number | null;
  /** Real elapsed time once finished; while running the view counts from startedAt. */
  elapsedMs: number | null;
  error: string;
  /** The cited-answer node's post-processing checks. */
  checks: Check[];
  /** The cited-answer node's timings, ms. */
  timing: { prompt: number; llm: number; postprocess: number; total: number } | null;
  tokens: { prompt: number; completion: number } | null;
  /** Set on virtual sub-nodes (variable extraction): the node they ran under, '' otherwise. */
  parentNodeId: string;
  /** A variable extraction's source, prompt and the text extracted (streamed, then final). */
  extraction: Extraction | null;
  /** An agent's notes: it hit its round limit, a repeated call was refused, ... */
  notes: string[];
}

export interface Extraction {
  /** The variable read, e.g. "llm1.context". */
  source: string;
  prompt: string;
  text: string;
}

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

/**
 * A tool call as a generation detail stored it. The agent writes a failed call's result as
 * "error: …", and a call it had no round left for as "not run: …".
 */
export function storedToolCall(c: { name: string; arguments: unknown; result: string }, index = 0, nodeId = ''): ToolCallStep {
  return { index, nodeId, name: c.name, arguments: c.arguments, result: c.result, failed: /^(error|not run):/.test(c.result) };
}

export type StreamSegment = { type: 'content'; text: string } | { type: 'reasoning'; text: string } | { type: 'tool_call'; call: ToolCallStep };

export interface CitedResult {
  answer: string;
  citations: Citation[];
  claims: Claim[];
  status: GenerationStatus | '';
  error: string;
}

export interface TurnStream {
  lastSeq: number;
  nodes: TimelineNode[];
  /** Answer text and reasoning, in the order they streamed. */
  segments: StreamSegment[];
  cited: CitedResult | null;
  runStatus: RunStatus;
  runError: string;
  ended: boolean;
}

export const emptyStream: TurnStream = {
  lastSeq: 0,
  nodes: [],
  segments: [],
  cited: null,
  runStatus: 'running',
  runError: '',
  ended: false,
};

/** The engine event carried in Event.data (snake_case, as the engine writes it). */
interface EngineEvent {
  kind?: string;
  node_id?: string;
  parent_node_id?: string;
  node_type?: string;
  title?: string;
  status?: string;
  time?: string;
  started_at?: string;
  finished_at?: string;
  elapsed?: number; // nanoseconds
  outputs?: Record<string, unknown>;
  process_data?: Record<string, unknown>;
  usage?: { prompt_tokens?: number; completion_tokens?: number };
  selector?: string[];
  /** A chunk of the run's answer (a Response node's stream), not a node's own output. */
  response?: boolean;
  chunk?: string;
  error?: string;
  extraction_source?: string;
  extraction_prompt?: string;
}

function epoch(iso: string | undefined | null): number | null {
  if (!iso) return null;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : t;
}

function upsertNode(nodes: TimelineNode[], id: string, patch: (n: TimelineNode) => TimelineNode, init: () => TimelineNode): TimelineNode[] {
  const i = nodes.findIndex((n) => n.nodeId === id);
  if (i < 0) return [...nodes, patch(init())];
  const next = nodes.slice();
  next[i] = patch(nodes[i]!);
  return next;
}

function appendSegment(segments: StreamSegment[], type: 'content' | 'reasoning', text: string): StreamSegment[] {
  if (!text) return segments;
  const last = segments[segments.length - 1];
  if (last && last.type === type) return [...segments.slice(0, -1), { type, text: last.text + text }];
  return [...segments, { type, text }];
}

/** Applies one chunk of an agent's "tool_calls" stream: a call starting, or its result. */
function applyToolChunk(segments: StreamSegment[], nodeId: string, chunk: string): StreamSegment[] {
  let c: Record<string, unknown>;
  try {
    c = JSON.parse(chunk) as Record<string, unknown>;
  } catch {
    return segments;
  }
  const index = num(c.index);
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

function num(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
}

function list<T>(v: unknown): T[] {
  return Array.isArray(v) ? (v as T[]) : [];
}

/** A step's notes for the reader: an agent's warnings, or what a retrieval step searched a follow-up for. */
function notesOf(nodeType: string, pd: Record<string, unknown> | undefined): string[] | undefined {
  if (nodeType === 'agent') return list<unknown>(pd?.warnings).map(String);
  if (nodeType === 'knowledge-retrieval') return list<unknown>(pd?.notes).map(String);
  return undefined;
}

function checksOf(pd: Record<string, unknown> | undefined): Check[] {
  return list<Record<string, unknown>>(pd?.checks).map((c) => ({ name: String(c.name ?? ''), passed: Boolean(c.passed), detail: String(c.detail ?? '') }));
}

function timingOf(pd: Record<string, unknown> | undefined): TimelineNode['timing'] {
  const t = pd?.timing_ms as Record<string, unknown> | undefined;
  if (!t || typeof t !== 'object') return null;
  return { prompt: num(t.prompt), llm: num(t.llm), postprocess: num(t.postprocess), total: num(t.total) };
}

const generationStatuses = new Set(['success', 'partial', 'failed', 'no_evidence']);

/** The checked answer of a cited-answer node, or of an agent that cited what its tools found. */
function citedFrom(nodeType: string | undefined, outputs: Record<string, unknown> | undefined): CitedResult | null {
  if (!outputs || typeof outputs !== 'object' || !('citations' in outputs || 'claims' in outputs)) return null;
  const status = String(outputs.status ?? '');
  if (nodeType === 'agent' && !status) return null; // its tools found no passage: nothing was checked
  return {
    answer: String(outputs.answer ?? outputs.text ?? ''),
    citations: list<Citation>(outputs.citations),
    claims: list<Claim>(outputs.claims),
    status: generationStatuses.has(status) ? (status as GenerationStatus) : '',
    error: String(outputs.error ?? ''),
  };
}

function nodeStatus(s: string | undefined, fallback: NodeStatus): NodeStatus {
  switch (s) {
    case 'running':
    case 'succeeded':
    case 'failed':
    case 'exception':
    case 'skipped':
    case 'cancelled':
      return s;
    default:
      return fallback;
  }
}

/** Applies one run event; events at or before lastSeq are ignored (a resumed stream may repeat). */
export function applyEvent(state: TurnStream, event: Event): TurnStream {
  if (event.seq <= state.lastSeq) return state;
  const d = (event.data ?? {}) as EngineEvent;
  const type = event.type || d.kind || '';
  const next: TurnStream = { ...state, lastSeq: event.seq };
  const id = d.node_id ?? '';
  const init = (): TimelineNode => ({
    nodeId: id,
    nodeType: d.node_type ?? '',
    title: d.title || d.node_type || id,
    status: 'running',
    startedAt: epoch(d.started_at) ?? epoch(d.time) ?? epoch(event.time),
    elapsedMs: null,
    error: '',
    checks: [],
    timing: null,
    tokens: null,
    parentNodeId: d.parent_node_id ?? '',
    extraction: d.extraction_source || d.extraction_prompt ? { source: d.extraction_source ?? '', prompt: d.extraction_prompt ?? '', text: '' } : null,
    notes: [],
  });

  switch (type) {
    case 'node_started':
      if (!id) return next;
      next.nodes = upsertNode(state.nodes, id, (n) => ({ ...n, status: 'running' }), init);
      return next;
    case 'node_retry':
      // The attempt failed and another follows: still going, but worth a look.
      if (!id) return next;
      next.nodes = upsertNode(state.nodes, id, (n) => ({ ...n, status: 'retrying', error: d.error ?? n.error }), init);
      return next;
    case 'node_succeeded':
    case 'node_failed':
    case 'node_skipped': {
      if (!id) return next;
      const fallback: NodeStatus = type === 'node_succeeded' ? 'succeeded' : type === 'node_failed' ? 'failed' : 'skipped';
      next.nodes = upsertNode(
        state.nodes,
        id,
        (n) => ({
          ...n,
          status: nodeStatus(d.status, fallback),
          startedAt: epoch(d.started_at) ?? n.startedAt,
          elapsedMs:
            typeof d.elapsed === 'number'
              ? d.elapsed / 1e6
              : epoch(d.finished_at) !== null && n.startedAt !== null
                ? epoch(d.finished_at)! - n.startedAt
                : n.elapsedMs,
          error: d.error ?? '',
          checks: checksOf(d.process_data),
          timing: timingOf(d.process_data),
          tokens: d.usage ? { prompt: num(d.usage.prompt_tokens), completion: num(d.usage.completion_tokens) } : n.tokens,
          extraction: n.extraction && typeof d.outputs?.text === 'string' ? { ...n.extraction, text: d.outputs.text } : n.extraction,
          notes: notesOf(n.nodeType, d.process_data) ?? n.notes,
        }),
        init,
      );
      const cited = d.node_type === 'cited-answer' || d.node_type === 'agent' ? citedFrom(d.node_type, d.outputs) : null;
      if (cited) next.cited = cited;
      return next;
    }
    case 'node_stream_chunk': {
      const output = d.selector?.[1];
      if (output === 'reasoning') next.segments = appendSegment(state.segments, 'reasoning', d.chunk ?? '');
      else if (output === 'tool_calls' && !d.response) next.segments = applyToolChunk(state.segments, id, d.chunk ?? '');
      else if (d.response) next.segments = appendSegment(state.segments, 'content', d.chunk ?? '');
      else if (output === 'text' && id && state.nodes.some((n) => n.nodeId === id && n.extraction)) {
        next.nodes = upsertNode(state.nodes, id, (n) => ({ ...n, extraction: { ...n.extraction!, text: n.extraction!.text + (d.chunk ?? '') } }), init);
      }
      return next;
    }
    default:
      if (isRunEnd(type)) {
        next.ended = true;
        next.runStatus = type === 'run_succeeded' ? 'succeeded' : type === 'run_failed' ? 'failed' : 'cancelled';
        next.runError = d.error ?? '';
        // Nodes still running when the run ended were cut short.
        next.nodes = state.nodes.map((n) => (n.status === 'running' || n.status === 'retrying' ? { ...n, status: 'cancelled' } : n));
      }
      return next;
  }
}

export function applyEvents(state: TurnStream, events: readonly Event[]): TurnStream {
  return events.reduce(applyEvent, state);
}

/** The answer text streamed so far. */
export function streamedAnswer(state: TurnStream): string {
  return state.segments.flatMap((s) => (s.type === 'content' ? [s.text] : [])).join('');
}

/** The reasoning streamed so far, as its segments. */
export function streamedReasoning(state: TurnStream): string[] {
  return state.segments.flatMap((s) => (s.type === 'reasoning' ? [s.text] : []));
}

/** The timeline of a finished run, from its persisted node executions (real times); virtual
 * sub-nodes are kept, marked with their parent, for the view to nest. */
export function timelineFromRun(detail: RunDetail): TimelineNode[] {
  return timelineFromSteps([...detail.nodes].sort((a, b) => a.position - b.position).map(stepOf));
}

/** A node execution as the history's step: what a step shows of its process data and inputs. */
function stepOf(n: NodeExecution): StoredStep {
  const notes = n.nodeType === 'agent' ? list<unknown>((n.processData as Record<string, unknown> | null)?.warnings).map(String) : [];
  return { ...n, checks: checksOf(n.processData), timingMs: timingOf(n.processData), extraction: n.isVirtual ? extractionOf(n) : null, notes };
}

/** The timeline of a finished answer, from the steps the history returns with it. */
export function timelineFromSteps(steps: readonly StoredStep[]): TimelineNode[] {
  return steps.map((n) => ({
    nodeId: n.nodeId,
    nodeType: n.nodeType,
    title: n.title || n.nodeType || n.nodeId,
    // A step the run never finished (stopped, or Lexflow died under it) was cut short: it
    // is neither done nor still going.
    status: n.status === 'interrupted' || n.status === 'running' ? 'cancelled' : nodeStatus(n.status, 'succeeded'),
    startedAt: epoch(n.startedAt),
    elapsedMs: n.finishedAt ? n.elapsedMs : null,
    error: n.error,
    checks: n.checks ?? [],
    timing: n.timingMs,
    tokens: n.promptTokens || n.completionTokens ? { prompt: n.promptTokens, completion: n.completionTokens } : null,
    parentNodeId: n.isVirtual ? n.parentNodeId : '',
    extraction: n.isVirtual ? n.extraction : null,
    notes: n.notes ?? [],
  }));
}

/** A stored virtual node's extraction: inputs {context_source, extraction_prompt}, outputs {text}. */
function extractionOf(n: NodeExecution): Extraction | null {
  const inputs = (n.inputs ?? {}) as Record<string, unknown>;
  const outputs = (n.outputs ?? {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const source = str(inputs.context_source);
  const prompt = str(inputs.extraction_prompt);
  if (!source && !prompt) return null;
  return { source, prompt, text: str(outputs.text) };
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
      if (c) {
        out.push({ type: 'tool_call', call: storedToolCall(c, item.index, nodeId) });
      }
    } else if (item.type === 'content') {
      out.push({ type: 'content', text: cps.slice(item.start, item.end).join('') });
    }
  }
  if (out.length === 0) for (const r of g.reasoningContent ?? []) if (r) out.push({ type: 'reasoning', text: r });
  return out;
}
