// "Try it": sends one prompt and follows the reply as it streams (delta → done | error).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Delta, ErrorBody, Event, TryDone } from '../../../lib/api.gen';
import { BackendError, tryProvider } from '../../../lib/backend';
import { listen } from '../../../lib/events';
import { errorText } from '../../../lib/format';

export type TryStatus = 'idle' | 'starting' | 'streaming' | 'done' | 'error' | 'stopped';

export interface TryState {
  status: TryStatus;
  content: string;
  reasoning: string;
  done: TryDone | null;
  error: ErrorBody | null;
}

const idle: TryState = { status: 'idle', content: '', reasoning: '', done: null, error: null };

/** Applies one event of a try stream to the state. */
export function reduceTryEvent(state: TryState, event: Event): TryState {
  switch (event.type) {
    case 'delta': {
      const d = event.data as Delta;
      const text = d?.text ?? '';
      return d?.kind === 'reasoning'
        ? { ...state, status: 'streaming', reasoning: state.reasoning + text }
        : { ...state, status: 'streaming', content: state.content + text };
    }
    case 'done':
      return { ...state, status: 'done', done: event.data as TryDone };
    case 'error':
      return { ...state, status: 'error', error: (event.data as ErrorBody) ?? { code: 'internal', message: 'The reply failed.' } };
    default:
      return state;
  }
}

function toErrorBody(err: unknown): ErrorBody {
  if (err instanceof BackendError) return { code: err.code, message: err.message, ...(err.field ? { field: err.field } : {}) };
  return { code: 'internal', message: errorText(err) };
}

export function useTryStream(providerId: string) {
  const [state, setState] = useState<TryState>(idle);
  const stopRef = useRef<(() => void) | null>(null);
  const runRef = useRef(0); // which send() is current: a stopped or superseded one must not listen

  const stopListening = useCallback(() => {
    runRef.current++;
    stopRef.current?.();
    stopRef.current = null;
  }, []);

  useEffect(() => stopListening, [stopListening]);

  const send = useCallback(
    async (model: string, prompt: string) => {
      stopListening();
      const run = runRef.current;
      setState({ ...idle, status: 'starting' });
      let topic: string;
      try {
        topic = (await tryProvider(providerId, { model, prompt })).topic;
      } catch (err) {
        if (run === runRef.current) setState({ ...idle, status: 'error', error: toErrorBody(err) });
        return;
      }
      if (run !== runRef.current) return;
      const stop = listen(topic, {
        onEvent: (event) => {
          setState((s) => reduceTryEvent(s, event));
          if (event.type === 'done' || event.type === 'error') stop();
        },
        onError: (err) => setState((s) => ({ ...s, status: 'error', error: toErrorBody(err) })),
      });
      stopRef.current = stop;
    },
    [providerId, stopListening],
  );

  /** Stops following the stream (the backend finishes or abandons the reply on its own). */
  const stop = useCallback(() => {
    stopListening();
    setState((s) => (s.status === 'starting' || s.status === 'streaming' ? { ...s, status: 'stopped' } : s));
  }, [stopListening]);

  return { state, send, stop };
}
