// The run the canvas shows: a run started from the toolbar (a workflow with
// its inputs, or a chatflow's preview question) followed live over its
// events, or a recorded run opened as a trace. Each node reads only its own
// entry of `byNode`, so an event about one step re-renders that step alone.
import { create } from 'zustand';
import type { Event, NodeExecution, RunDetail } from '../../../lib/api.gen';
import { isRunEnd } from '../../../lib/events';
import { applyRunEvent, emptyRunStream, stepStatus, streamedAnswer, type RunStream, type TimelineNode } from '../../../lib/run/timeline';

export type RunOrigin = 'workflow' | 'chat' | 'trace';

/** What a step's canvas node shows of its run: a timeline step, or a recorded execution. */
export type StepView = Pick<TimelineNode, 'status' | 'startedAt' | 'finishedAt' | 'elapsedMs' | 'error'>;

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
  stream: RunStream;
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

const idle = { runId: null, origin: null, live: false, stream: emptyRunStream, byNode: {}, streamed: {}, outputs: null, stopFollowing: null };

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
      const stream = applyRunEvent(s.stream, event);
      if (stream === s.stream) return s;
      const next: Partial<CanvasRunState> = { stream };
      if (stream.nodes !== s.stream.nodes) next.byNode = viewsOf(stream.nodes);
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

/**
 * The steps of a stream's timeline by node; a step that did not change keeps its object (the
 * reducer leaves it alone), so its canvas node does not re-render.
 */
function viewsOf(nodes: readonly TimelineNode[]): Record<string, StepView> {
  const out: Record<string, StepView> = {};
  for (const n of nodes) {
    // a variable extraction shows on its parent; a step inside an iteration or a loop on itself
    if (!(n.parentNodeId && n.extraction)) out[n.nodeId] = n;
  }
  return out;
}

/** A recorded run's steps as the canvas shows them; a step cut short by a crash reads as cancelled. */
export function traceViews(nodes: readonly NodeExecution[]): Record<string, StepView> {
  const out: Record<string, StepView> = {};
  for (const n of nodes) if (!n.isVirtual) out[n.nodeId] = { ...n, status: stepStatus(n.status, false) };
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
