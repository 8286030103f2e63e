// A model call's generation detail in the order it streamed: content spans,
// reasoning segments and tool calls, as the chat shows them (see lib/run/segments.ts).
import type { GenerationDetail } from '../../lib/api.gen';

export type GenerationStep =
  | { type: 'content'; text: string }
  | { type: 'reasoning'; text: string }
  | { type: 'tool_call'; name: string; arguments: unknown; result: string };

/**
 * The text content spans point into: an LLM node's "text" output, a cited answer's
 * "answer". The spans are code-point offsets, so the text is sliced as code points.
 */
export function generationText(outputs: Record<string, unknown> | null | undefined): string {
  const o = outputs ?? {};
  if (typeof o.text === 'string') return o.text;
  if (typeof o.answer === 'string') return o.answer;
  return '';
}

/** The steps in sequence order; content spans next to each other are read as one. */
export function generationSteps(detail: GenerationDetail, text: string): GenerationStep[] {
  const points = Array.from(text);
  const steps: GenerationStep[] = [];
  for (const item of detail.sequence ?? []) {
    if (item.type === 'content') {
      const chunk = points.slice(item.start, item.end).join('');
      const last = steps[steps.length - 1];
      if (last?.type === 'content') last.text += chunk;
      else if (chunk) steps.push({ type: 'content', text: chunk });
    } else if (item.type === 'reasoning') {
      const reasoning = detail.reasoningContent?.[item.index];
      if (reasoning) steps.push({ type: 'reasoning', text: reasoning });
    } else {
      const call = detail.toolCalls?.[item.index];
      if (call) steps.push({ type: 'tool_call', name: call.name, arguments: call.arguments, result: call.result });
    }
  }
  return steps;
}
