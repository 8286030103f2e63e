// The run the canvas shows: a run started from the toolbar (a workflow with
// its inputs, or a chatflow's preview question) followed live over its
// events, or a recorded run opened as a trace. Each node reads only its own
// entry of `byNode`, so an event about one step re-renders that step alone.
import { create } from 'zustand';
import type { Event, NodeExecution, RunDetail } from '../../../lib/api.gen';
import { isRunEnd } from '../../../lib/events';
import { applyEvent, emptyStream, streamedAnswer, type TimelineNode, type TurnStream } from '../../chat/stream';

export type RunOrigin = 'workflow' | 'chat' | 'trace';

/** A step's status on the canvas. */
export interface StepView {
  status: string;
  /** Real elapsed ms once finished; null while it runs. */
  elapsedMs: number | null;
  /** Epoch ms of the start, for a live counter. */
  startedAt: number | null;
  error: string;
}

/** One question of the chatflow preview and its answer. */
export interface PreviewTurn {
  runId: string;
  question: string;
  answer: string;
  status: string;
  error: string;
}

export interface CanvasRunState {
  runId: string | null;
  origin: RunOrigin | null;
  live: boolean;
  stream: TurnStream;
  byNode: Record<string, StepView>;
  /** Text each step streamed of its own outputs (an LLM's reply in a workflow), by node. */
  streamed: Record<string, string>;
  /** The run's outputs once it succeeded (a workflow's End outputs). */
  outputs: Record<string, unknown> | null;
  turns: PreviewTurn[];
  /** The conversation the preview's questions are asked in, once the first one is. */
  conversationId: string | null;
  /** Stops following the live run's events. */
  stopFollowing: (() => void) | null;
  begin: (runId: string, origin: RunOrigin, question?: string, stopFollowing?: () => void) => void;
  apply: (runId: string, event: Event) => void;
  showTrace: (detail: RunDetail) => void;
  /** Forgets the statuses on the canvas (the preview's turns stay). */
  clear: () => void;
  setConversation: (id: string) => void;
  /** Forgets the preview's turns and its conversation. */
  clearTurns: () => void;
}

const idle = { runId: null, origin: null, live: false, stream: emptyStream, byNode: {}, streamed: {}, outputs: null, stopFollowing: null };

export const useCanvasRun = create<CanvasRunState>()((set, get) => ({
  ...idle,
  turns: [],
  conversationId: null,
  begin: (runId, origin, question, stopFollowing) => {
    get().stopFollowing?.();
    const turns = origin === 'chat' ? [...get().turns, { runId, question: question ?? '', answer: '', status: 'running', error: '' }] : get().turns;
    set({ ...idle, runId, origin, live: true, turns, stopFollowing: stopFollowing ?? null });
  },
  apply: (runId, event) =>
    set((s) => {
      if (s.runId !== runId) return s;
      const stream = applyEvent(s.stream, event);
      if (stream === s.stream) return s;
      const next: Partial<CanvasRunState> = { stream };
      if (stream.nodes !== s.stream.nodes) next.byNode = viewsOf(stream.nodes, s.byNode);
      const chunk = ownChunk(event);
      if (chunk) next.streamed = { ...s.streamed, [chunk.node]: (s.streamed[chunk.node] ?? '') + chunk.text };
      if (stream.ended) {
        next.live = false;
        next.outputs = outputsOf(event);
      }
      if (s.origin === 'chat') next.turns = s.turns.map((t) => (t.runId === runId ? { ...t, answer: streamedAnswer(stream), status: stream.ended ? stream.runStatus : 'running', error: stream.runError } : t));
      return next;
    }),
  showTrace: (detail) => {
    if (get().live && get().runId !== detail.run.id) get().stopFollowing?.();
    set({ ...idle, runId: detail.run.id, origin: 'trace', live: false, byNode: traceViews(detail.nodes), outputs: detail.run.outputs ?? null });
  },
  clear: () => {
    get().stopFollowing?.();
    set(idle);
  },
  setConversation: (id) => set({ conversationId: id }),
  clearTurns: () => set({ turns: [], conversationId: null }),
}));

/** The step views of a stream's timeline, keeping the object of every step that did not change. */
function viewsOf(nodes: readonly TimelineNode[], prev: Record<string, StepView>): Record<string, StepView> {
  const out: Record<string, StepView> = {};
  for (const n of nodes) {
    if (n.parentNodeId && n.extraction) continue; // a variable extraction shows on its parent; a step inside an iteration or a loop on itself
    const old = prev[n.nodeId];
    const view = { status: n.status, elapsedMs: n.status === 'running' || n.status === 'retrying' ? null : n.elapsedMs, startedAt: n.startedAt, error: n.error };
    out[n.nodeId] = old && old.status === view.status && old.elapsedMs === view.elapsedMs && old.error === view.error ? old : view;
  }
  return out;
}

/** A recorded run's steps as the canvas shows them; a step cut short by a crash reads as cancelled. */
export function traceViews(nodes: readonly NodeExecution[]): Record<string, StepView> {
  const out: Record<string, StepView> = {};
  for (const n of nodes) {
    if (n.isVirtual) continue;
    const started = Date.parse(n.startedAt);
    out[n.nodeId] = {
      status: n.status === 'interrupted' ? 'cancelled' : n.status,
      elapsedMs: n.finishedAt ? n.elapsedMs : null,
      startedAt: Number.isNaN(started) ? null : started,
      error: n.error,
    };
  }
  return out;
}

/** A chunk a step streamed of its own output (not the run's answer, not reasoning). */
function ownChunk(event: Event): { node: string; text: string } | null {
  if (event.type !== 'node_stream_chunk') return null;
  const d = (event.data ?? {}) as { node_id?: string; selector?: string[]; response?: boolean; chunk?: string; is_virtual?: boolean };
  if (d.response || d.is_virtual || !d.node_id || !d.chunk || d.selector?.[1] === 'reasoning') return null;
  return { node: d.node_id, text: d.chunk };
}

function outputsOf(event: Event): Record<string, unknown> | null {
  if (!isRunEnd(event.type)) return null;
  const outputs = (event.data as { outputs?: Record<string, unknown> } | null)?.outputs;
  return outputs && typeof outputs === 'object' ? outputs : null;
}
