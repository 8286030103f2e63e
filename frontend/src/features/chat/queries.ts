// TanStack Query bindings for the chat: conversations, messages (always from the backend),
// run details, generation records, and the live stream of an answer being written.
import { useEffect, useReducer } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Conversation, Event, GenerationAudit, GenerationAuditView, Message, RunDetail, SendMessage, Turn, TurnSettings } from '../../lib/api.gen';
import {
  BackendError,
  createConversation,
  listApps,
  deleteConversation,
  getGeneration,
  getRun,
  listConversations,
  regenerateMessage,
  renameConversation,
  replayGeneration,
  sendMessage,
  stopMessage,
} from '../../lib/backend';
import { runEvents } from '../../lib/events';
import { early } from '../../lib/early';
import { keys } from './keys';
import { applyRunEvent, applyRunEvents, emptyRunStream, type RunStream } from '../../lib/run/timeline';
import { errorText } from '../../lib/format';

/** The chatflows a new conversation can be answered by (Legal Q&A first). */
export function useChatflows() {
  return useQuery({
    queryKey: keys.chatflows,
    queryFn: async ({ signal }) => {
      const apps = (await listApps(signal)).filter((a) => a.mode === 'chatflow');
      return apps.sort((a, b) => Number(b.id === DEFAULT_APP_ID) - Number(a.id === DEFAULT_APP_ID) || a.name.localeCompare(b.name));
    },
  });
}

/** The built-in Legal Q&A chatflow, used when a conversation names no app. */
export const DEFAULT_APP_ID = 'legal-qa';

export function useConversations() {
  return useQuery({ queryKey: keys.conversations, queryFn: ({ signal }) => listConversations(signal) });
}

export function useMessages(conversationId: string | null) {
  return useQuery({
    queryKey: keys.messages(conversationId ?? ''),
    ...early.messages(conversationId ?? ''),
    enabled: Boolean(conversationId),
    staleTime: 0,
  });
}

/** A finished run's persisted timeline. Finished runs never change, so it is fetched once. */
export function useRun(runId: string, enabled: boolean) {
  return useQuery<RunDetail>({
    queryKey: keys.run(runId),
    queryFn: ({ signal }) => getRun(runId, signal),
    enabled: Boolean(runId) && enabled,
    staleTime: Infinity,
    retry: false,
  });
}

export function useGeneration(messageId: string) {
  return useQuery<GenerationAuditView>({
    queryKey: keys.generation(messageId),
    queryFn: ({ signal }) => getGeneration(messageId, signal),
    retry: false,
  });
}

function putConversation(qc: QueryClient, c: Conversation) {
  qc.setQueryData<Conversation[]>(keys.conversations, (list) => {
    if (!list) return [c];
    const rest = list.filter((x) => x.id !== c.id);
    return [c, ...rest];
  });
}

/** Adds the messages of a new turn to the cached list (once each, in seq order). */
export function addTurn(qc: QueryClient, conversationId: string, turn: Turn) {
  qc.setQueryData<Message[]>(keys.messages(conversationId), (list) => {
    const out = [...(list ?? [])];
    for (const m of [turn.human, turn.ai]) {
      if (!m?.id) continue;
      const i = out.findIndex((x) => x.id === m.id);
      if (i >= 0) out[i] = m;
      else out.push(m);
    }
    return out.sort((a, b) => a.seq - b.seq);
  });
}

/**
 * After a turn is saved: reads the history again. A read already under way (the one a newly
 * opened conversation starts) began before the turn existed; left alone it would land after
 * addTurn and wipe the turn from the page. Invalidating cancels it and reads afresh.
 */
function refreshAfterTurn(qc: QueryClient, conversationId: string) {
  void qc.invalidateQueries({ queryKey: keys.messages(conversationId) });
  void qc.invalidateQueries({ queryKey: keys.conversations });
}

export function useCreateConversation() {
  const qc = useQueryClient();
  return useMutation<Conversation, Error, { title: string; appId: string }>({
    mutationFn: ({ title, appId }) => createConversation({ title, appId }), // appId '': Legal Q&A
    onSuccess: (c) => {
      qc.setQueryData(keys.messages(c.id), []);
      putConversation(qc, c);
    },
  });
}

export function useRenameConversation() {
  const qc = useQueryClient();
  return useMutation<Conversation, Error, { id: string; title: string }>({
    mutationFn: ({ id, title }) => renameConversation(id, { title, appId: '' }), // the app is chosen at creation only
    onSuccess: (c) =>
      qc.setQueryData<Conversation[]>(keys.conversations, (list) => list?.map((x) => (x.id === c.id ? c : x))),
  });
}

export function useDeleteConversation() {
  const qc = useQueryClient();
  return useMutation<void, Error, string>({
    mutationFn: (id) => deleteConversation(id),
    onSuccess: (_, id) => {
      qc.setQueryData<Conversation[]>(keys.conversations, (list) => list?.filter((x) => x.id !== id));
      qc.removeQueries({ queryKey: keys.messages(id) });
    },
  });
}

export function useSend() {
  const qc = useQueryClient();
  return useMutation<Turn, Error, { conversationId: string; body: SendMessage }>({
    mutationFn: ({ conversationId, body }) => sendMessage(conversationId, body),
    onSuccess: (turn, { conversationId }) => {
      addTurn(qc, conversationId, turn);
      refreshAfterTurn(qc, conversationId);
    },
  });
}

/**
 * After a 404 from the conversation's endpoints: asks the backend again and says whether the
 * conversation is gone (deleted, perhaps in another window). The page then shows it as gone
 * and the list drops it.
 */
export async function conversationGone(qc: QueryClient, conversationId: string): Promise<boolean> {
  await Promise.all([qc.invalidateQueries({ queryKey: keys.messages(conversationId) }), qc.invalidateQueries({ queryKey: keys.conversations })]);
  const error = qc.getQueryState(keys.messages(conversationId))?.error;
  return error instanceof BackendError && error.status === 404;
}

export function useRegenerate(conversationId: string) {
  const qc = useQueryClient();
  return useMutation<Turn, Error, { messageId: string; settings?: TurnSettings }>({
    mutationFn: ({ messageId, settings }) => regenerateMessage(messageId, settings),
    onSuccess: (turn) => {
      addTurn(qc, conversationId, { ...turn, human: turn.human?.id ? turn.human : (undefined as unknown as Message) });
      refreshAfterTurn(qc, conversationId);
    },
  });
}

export function useStop() {
  return useMutation<void, Error, string>({ mutationFn: (messageId) => stopMessage(messageId) });
}

export function useReplay(messageId: string) {
  const qc = useQueryClient();
  return useMutation<GenerationAudit, Error, { generationId: string; providerId: string; model: string }>({
    mutationFn: ({ generationId, providerId, model }) => replayGeneration(generationId, { providerId, model }),
    onSuccess: (replay) =>
      qc.setQueryData<GenerationAuditView>(keys.generation(messageId), (v) => (v ? { ...v, replays: [...v.replays.filter((r) => r.id !== replay.id), replay] } : v)),
  });
}

type StreamAction =
  | { type: 'event'; event: Event }
  | { type: 'follow'; runId: string }
  | { type: 'error'; error: string }
  | { type: 'connection'; connected: boolean };

export interface LiveState {
  /** The run the stream is of. */
  runId: string;
  stream: RunStream;
  error: string;
  /** The connection dropped and the stream is trying again (e.g. Lexflow stopped). */
  reconnecting: boolean;
}

/** A run's live state from the events that have arrived so far. */
export function startLive(runId: string, events: readonly Event[]): LiveState {
  return { runId, stream: applyRunEvents(emptyRunStream, events), error: '', reconnecting: false };
}

export function reduceLive(state: LiveState, action: StreamAction): LiveState {
  switch (action.type) {
    case 'follow':
      // Events are applied once each (by seq), so a run's stream carries on from what it
      // shows: a replay from the first event adds only what it had not.
      return action.runId === state.runId ? { ...state, error: '', reconnecting: false } : startLive(action.runId, []);
    case 'error':
      return { ...state, error: action.error, reconnecting: false };
    case 'connection':
      return state.reconnecting === !action.connected ? state : { ...state, reconnecting: !action.connected };
    case 'event':
      return { ...state, stream: applyRunEvent(state.stream, action.event) };
  }
}

/**
 * Follows a run's events while `enabled` (the answer is streaming): from seq 1, so a reload
 * mid-run rebuilds everything from the stored events and then goes on live. After a reload
 * it starts from what the subscription the page's entry started (lib/early.ts) has brought (so the replayed text
 * is there at the first render) and adopts that subscription. When the run ends, the conversation's messages are
 * fetched again: the stored answer is the final word.
 */
export function useRunStream(runId: string, conversationId: string, enabled: boolean): LiveState {
  const qc = useQueryClient();
  const [state, dispatch] = useReducer(reduceLive, runId, (id) => startLive(id, enabled ? early.runEvents(id) : []));
  useEffect(() => {
    if (!enabled || !runId) return;
    dispatch({ type: 'follow', runId });
    const ac = new AbortController();
    void (async () => {
      try {
        const onConnection = (connected: boolean) => {
          if (!ac.signal.aborted) dispatch({ type: 'connection', connected });
        };
        const events = early.adoptRun(runId, ac.signal, onConnection) ?? runEvents(runId, { signal: ac.signal, onConnection });
        for await (const event of events) {
          if (ac.signal.aborted) return;
          dispatch({ type: 'event', event });
        }
      } catch (err) {
        if (!ac.signal.aborted) dispatch({ type: 'error', error: errorText(err) });
      }
      if (ac.signal.aborted) return;
      await qc.invalidateQueries({ queryKey: keys.messages(conversationId) });
      void qc.invalidateQueries({ queryKey: keys.conversations });
      void qc.invalidateQueries({ queryKey: keys.run(runId) });
    })();
    return () => ac.abort();
  }, [runId, conversationId, enabled, qc]);
  return state;
}
