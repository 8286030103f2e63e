import { Brain, Wrench } from 'lucide-react';
import type { GenerationDetail } from '../../lib/api.gen';
import { generationSteps, type GenerationStep } from './generation';
import { JsonView } from './JsonView';
import { storedToolCall } from '../../lib/run/segments';
import { argumentSummary, resultSummary } from '../../lib/run/toolCalls';

function Step({ step }: { step: GenerationStep }) {
  switch (step.type) {
    case 'reasoning':
      // Reasoning is folded, as in the chat: the steps around it stay readable.
      return (
        <li className="gen-step gen-reasoning" data-testid="generation-step" data-type="reasoning">
          <details>
            <summary className="gen-step-label">
              <Brain size={13} aria-hidden="true" /> Reasoning <span className="gen-step-sub">{step.text.trim().split(/\s+/).length} words</span>
            </summary>
            <p className="gen-text" dir="auto">
              {step.text}
            </p>
          </details>
        </li>
      );
    case 'tool_call': {
      const call = storedToolCall(step);
      return (
        <li className={`gen-step gen-tool${call.failed ? ' gen-tool-failed' : ''}`} data-testid="generation-step" data-type="tool_call">
          <details>
            <summary className="gen-step-label">
              <Wrench size={13} aria-hidden="true" /> Tool call <code>{step.name}</code>
              <span className="gen-step-sub gen-step-summary">
                {argumentSummary(step.arguments)} · {resultSummary(call)}
              </span>
            </summary>
            <span className="gen-step-sub">Arguments</span>
            <JsonView value={step.arguments} label={`Arguments of ${step.name}`} />
            <span className="gen-step-sub">Result</span>
            <pre className="gen-text gen-result" dir="auto">
              {step.result || '(empty)'}
            </pre>
          </details>
        </li>
      );
    }
    default:
      return (
        <li className="gen-step gen-content" data-testid="generation-step" data-type="content">
          <span className="gen-step-label">Content</span>
          <p className="gen-text" dir="auto">
            {step.text}
          </p>
        </li>
      );
  }
}

/** A model call as it streamed: content, reasoning and tool calls in sequence order. */
export function GenerationView({ detail, text }: { detail: GenerationDetail; text: string }) {
  const steps = generationSteps(detail, text);
  if (steps.length === 0) return <p className="subtle">The model streamed nothing.</p>;
  return (
    <ol className="gen-steps" data-testid="generation-detail">
      {steps.map((s, i) => (
        <Step key={i} step={s} />
      ))}
    </ol>
  );
}
