import { Brain } from 'lucide-react';
import { Callout } from '../../../components/ui/Callout';
import { Spinner } from '../../../components/ui/Spinner';
import { formatMs } from '../../../lib/format';
import { hintFor } from './errorHints';
import type { TryState } from './useTryStream';

/** The streamed reply: reasoning (muted, collapsible) above the content, then stats or the error. */
export function TryOutput({ state }: { state: TryState }) {
  const live = state.status === 'starting' || state.status === 'streaming';
  return (
    <div className="try-output" data-testid="try-output" data-status={state.status} aria-busy={live}>
      {state.reasoning && (
        <details className="try-reasoning" open={live && !state.content ? true : undefined}>
          <summary>
            <Brain size={13} aria-hidden="true" /> Reasoning
          </summary>
          <div className="try-reasoning-text">{state.reasoning}</div>
        </details>
      )}
      {state.content || live ? (
        <div className="try-content">
          {state.content}
          {live && (state.content ? <span className="try-caret" aria-hidden="true" /> : <WaitingLine />)}
        </div>
      ) : null}
      {state.done && (
        <p className="try-stats" data-testid="try-stats">
          {state.done.completionTokens} tokens · first token {formatMs(state.done.firstTokenMs)} · total{' '}
          {formatMs(state.done.latencyMs)}
          {state.done.promptTokens ? ` · ${state.done.promptTokens} prompt tokens` : ''}
          {state.done.model ? ` · ${state.done.model}` : ''}
        </p>
      )}
      {state.status === 'stopped' && <p className="try-stats">Stopped.</p>}
      {state.error && (
        <Callout tone="danger" role="alert" title={state.error.message}>
          {hintFor(state.error.code)}
        </Callout>
      )}
    </div>
  );
}

function WaitingLine() {
  return (
    <span className="try-waiting">
      <Spinner size={13} /> Waiting for the first token…
    </span>
  );
}
