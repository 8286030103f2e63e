// The run-event model: one reducer from a run's events to what the UI shows of it, the
// steps' timeline (status and real times), the answer text and reasoning as they stream,
// and the cited answer's checked result. The chat and the studio (canvas, preview, workflow
// output) fold a live run's events through applyRunEvent. Runs keeps no timeline of its own:
// while a run goes on it refetches the recorded executions as steps start and end (useLiveRun).
// A step has the shape the history stores it in (TimelineNode, generated from Go), so a
// finished answer's steps need no conversion.
// Pure: feed it events one by one, from seq 1 after a reload too.
import type { Check, Citation, Claim, Event, GenerationStatus, RunStatus, StepTiming, TimelineNode } from '../api.gen';
import { isRunEnd } from '../events';
import { appendText, applyToolChunk, type StreamSegment } from './segments';

export type { TimelineNode };

/** What a step shows as its state; a stored step of an ended run may say 'interrupted' or 'running'. */
export type NodeStatus = 'running' | 'retrying' | 'succeeded' | 'failed' | 'exception' | 'skipped' | 'cancelled';

export interface CitedResult {
  answer: string;
  citations: Citation[];
  claims: Claim[];
  status: GenerationStatus | '';
  error: string;
}

export interface RunStream {
  lastSeq: number;
  nodes: TimelineNode[];
  /** Answer text and reasoning, in the order they streamed. */
  segments: StreamSegment[];
  cited: CitedResult | null;
  runStatus: RunStatus;
  runError: string;
  ended: boolean;
}

export const emptyRunStream: RunStream = {
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

const statuses = new Set<string>(['running', 'retrying', 'succeeded', 'failed', 'exception', 'skipped', 'cancelled']);

/**
 * A step's status as the UI shows it. A step still "running" (or "interrupted") when its run
 * has ended was cut short: it is neither done nor still going.
 */
export function stepStatus(status: string, runEnded: boolean): NodeStatus {
  if (status === 'interrupted' || (runEnded && (status === 'running' || status === 'retrying'))) return 'cancelled';
  return statuses.has(status) ? (status as NodeStatus) : 'succeeded';
}

/** The steps with the status each shows (stepStatus): when the run has ended, one it never finished was cut short. */
export function settledSteps(nodes: TimelineNode[], runEnded: boolean): TimelineNode[] {
  return nodes.map((n) => {
    const status = stepStatus(n.status, runEnded);
    return status === n.status ? n : { ...n, status };
  });
}

/** Applies one run event; events at or before lastSeq are ignored (a resumed stream repeats them). */
export function applyRunEvent(state: RunStream, event: Event): RunStream {
  if (event.seq <= state.lastSeq) return state;
  const d = (event.data ?? {}) as EngineEvent;
  const type = event.type || d.kind || '';
  const next: RunStream = { ...state, lastSeq: event.seq };
  const id = d.node_id ?? '';
  switch (type) {
    case 'node_started':
      if (id) next.nodes = upsert(state.nodes, id, (n) => ({ ...n, status: 'running', finishedAt: null }), () => newStep(d, event));
      return next;
    case 'node_retry':
      // The attempt failed and another follows: still going, but worth a look.
      if (id) next.nodes = upsert(state.nodes, id, (n) => ({ ...n, status: 'retrying', error: d.error ?? n.error }), () => newStep(d, event));
      return next;
    case 'node_succeeded':
    case 'node_failed':
    case 'node_skipped':
      return finishNode(next, type, d, event);
    case 'node_stream_chunk':
      return applyChunk(next, d);
    default:
      return isRunEnd(type) ? endRun(next, type, d) : next;
  }
}

export function applyRunEvents(state: RunStream, events: readonly Event[]): RunStream {
  return events.reduce(applyRunEvent, state);
}

function newStep(d: EngineEvent, event: Event): TimelineNode {
  const id = d.node_id ?? '';
  return {
    nodeId: id,
    nodeType: d.node_type ?? '',
    title: d.title || d.node_type || id,
    status: 'running',
    error: '',
    isVirtual: Boolean(d.parent_node_id),
    parentNodeId: d.parent_node_id ?? '',
    startedAt: d.started_at || d.time || event.time,
    finishedAt: null,
    elapsedMs: 0,
    promptTokens: 0,
    completionTokens: 0,
    checks: [],
    timingMs: null,
    extraction: d.extraction_source || d.extraction_prompt ? { source: d.extraction_source ?? '', prompt: d.extraction_prompt ?? '', text: '' } : null,
    notes: [],
  };
}

function finishNode(next: RunStream, type: string, d: EngineEvent, event: Event): RunStream {
  const id = d.node_id ?? '';
  if (!id) return next;
  const fallback = type === 'node_succeeded' ? 'succeeded' : type === 'node_failed' ? 'failed' : 'skipped';
  const finishedAt = d.finished_at || event.time;
  next.nodes = upsert(
    next.nodes,
    id,
    (n) => {
      const startedAt = d.started_at || n.startedAt;
      return {
        ...n,
        status: d.status && statuses.has(d.status) ? d.status : fallback,
        startedAt,
        finishedAt,
        elapsedMs: typeof d.elapsed === 'number' ? d.elapsed / 1e6 : Math.max(0, Date.parse(finishedAt) - Date.parse(startedAt)) || 0,
        error: d.error ?? '',
        checks: checksOf(d.process_data),
        timingMs: timingOf(d.process_data),
        promptTokens: d.usage ? num(d.usage.prompt_tokens) : n.promptTokens,
        completionTokens: d.usage ? num(d.usage.completion_tokens) : n.completionTokens,
        extraction: n.extraction && typeof d.outputs?.text === 'string' ? { ...n.extraction, text: d.outputs.text } : n.extraction,
        notes: notesOf(n.nodeType, d.process_data) ?? n.notes,
      };
    },
    () => newStep(d, event),
  );
  const cited = d.node_type === 'cited-answer' || d.node_type === 'agent' ? citedFrom(d.node_type, d.outputs) : null;
  if (cited) next.cited = cited;
  return next;
}

function applyChunk(next: RunStream, d: EngineEvent): RunStream {
  const id = d.node_id ?? '';
  const output = d.selector?.[1];
  const chunk = d.chunk ?? '';
  if (output === 'reasoning') next.segments = appendText(next.segments, 'reasoning', chunk);
  else if (output === 'tool_calls' && !d.response) next.segments = applyToolChunk(next.segments, id, chunk);
  else if (d.response) next.segments = appendText(next.segments, 'content', chunk);
  else if (output === 'text' && id && next.nodes.some((n) => n.nodeId === id && n.extraction)) {
    next.nodes = next.nodes.map((n) => (n.nodeId === id && n.extraction ? { ...n, extraction: { ...n.extraction, text: n.extraction.text + chunk } } : n));
  }
  return next;
}

function endRun(next: RunStream, type: string, d: EngineEvent): RunStream {
  next.ended = true;
  next.runStatus = type === 'run_succeeded' ? 'succeeded' : type === 'run_failed' ? 'failed' : 'cancelled';
  next.runError = d.error ?? '';
  next.nodes = settledSteps(next.nodes, true);
  return next;
}

/** The answer text streamed so far. */
export function streamedAnswer(state: RunStream): string {
  return state.segments.flatMap((s) => (s.type === 'content' ? [s.text] : [])).join('');
}

/** The reasoning streamed so far, as its segments. */
export function streamedReasoning(state: RunStream): string[] {
  return state.segments.flatMap((s) => (s.type === 'reasoning' ? [s.text] : []));
}

function upsert(nodes: TimelineNode[], id: string, patch: (n: TimelineNode) => TimelineNode, init: () => TimelineNode): TimelineNode[] {
  const i = nodes.findIndex((n) => n.nodeId === id);
  if (i < 0) return [...nodes, patch(init())];
  const next = nodes.slice();
  next[i] = patch(nodes[i]!);
  return next;
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

function timingOf(pd: Record<string, unknown> | undefined): StepTiming | null {
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
