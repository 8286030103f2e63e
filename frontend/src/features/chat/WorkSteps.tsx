// What the model did before it answered, in the order it happened: reasoning (collapsed)
// and, for an agent, each tool call with its arguments and result (expandable).
import { useState } from 'react';
import { Brain, Calculator, ChevronRight, CircleAlert, FileSearch, FileText, Info, Rows3, Wrench } from 'lucide-react';
import { Spinner } from '../../components/ui/Spinner';
import type { StreamSegment, ToolCallStep } from '../../lib/run/segments';
import { argumentSummary, passageNumbers, resultSummary } from '../../lib/run/toolCalls';

export function Reasoning({ segments, live }: { segments: string[]; live: boolean }) {
  const [open, setOpen] = useState(false);
  if (segments.length === 0) return null;
  const words = segments.join(' ').trim().split(/\s+/).length;
  return (
    <div className={`reasoning${open ? ' reasoning-open' : ''}`} data-testid="reasoning">
      <button type="button" className="reasoning-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        <ChevronRight size={14} className="timeline-chevron" aria-hidden="true" />
        <Brain size={14} aria-hidden="true" />
        <span>{live ? 'Reasoning…' : 'Reasoning'}</span>
        <span className="subtle">{words} words</span>
      </button>
      {open && (
        <div className="reasoning-body" dir="auto">
          {segments.map((s, i) => (
            <p key={i}>{s}</p>
          ))}
        </div>
      )}
    </div>
  );
}

interface ToolWords {
  icon: typeof Wrench;
  running: string;
  done: string;
}

const toolWords: Record<string, ToolWords> = {
  search_collection: { icon: FileSearch, running: 'Searching the library', done: 'Searched the library' },
  fetch_article: { icon: FileText, running: 'Fetching the provision', done: 'Fetched the provision' },
  neighbour_chunks: { icon: Rows3, running: 'Reading the neighbouring passages', done: 'Read the neighbouring passages' },
  date_arithmetic: { icon: Calculator, running: 'Working out dates', done: 'Worked out dates' },
};

function wordsFor(name: string): ToolWords {
  return toolWords[name] ?? { icon: Wrench, running: `Calling ${name}`, done: `Called ${name}` };
}

function argumentRows(args: unknown): [string, string][] {
  if (!args || typeof args !== 'object' || Array.isArray(args)) return [['arguments', JSON.stringify(args)]];
  return Object.entries(args as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]);
}

export function ToolCallCard({ call, passages }: { call: ToolCallStep; passages?: ReadonlyMap<string, number> }) {
  const [open, setOpen] = useState(false);
  const running = call.result === null;
  const words = wordsFor(call.name);
  const Icon = call.failed ? CircleAlert : words.icon;
  const summary = argumentSummary(call.arguments, passages);
  const state = running ? 'running' : call.failed ? 'failed' : 'done';
  return (
    <div className={`tool-step tool-step-${state}${open ? ' tool-step-open' : ''}`} data-testid="tool-call" data-tool={call.name} data-state={state}>
      <button type="button" className="tool-step-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        <ChevronRight size={14} className="timeline-chevron" aria-hidden="true" />
        {running ? <Spinner size={13} /> : <Icon size={14} aria-hidden="true" className="tool-step-icon" />}
        <span className="tool-step-name">{running ? `${words.running}…` : words.done}</span>
        {summary && (
          <span className="tool-step-arg" dir="auto">
            {summary}
          </span>
        )}
        <span className="tool-step-result-summary">{resultSummary(call)}</span>
      </button>
      {open && (
        <div className="tool-step-body">
          <p className="tool-step-label">
            Arguments <code>{call.name}</code>
          </p>
          <dl className="tool-step-args">
            {argumentRows(call.arguments).map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd dir="auto">{v}</dd>
              </div>
            ))}
          </dl>
          <p className="tool-step-label">Result</p>
          {running ? (
            <p className="subtle">Waiting for the tool…</p>
          ) : (
            <pre className="tool-step-result" dir="auto" data-testid="tool-result">
              {call.result || '(empty)'}
            </pre>
          )}
        </div>
      )}
    </div>
  );
}

type Step = { type: 'reasoning'; texts: string[] } | { type: 'tool_call'; call: ToolCallStep };

/** Reasoning and tool calls in stream order; reasoning next to reasoning reads as one block. */
export function workSteps(segments: readonly StreamSegment[]): Step[] {
  const steps: Step[] = [];
  for (const s of segments) {
    if (s.type === 'tool_call') steps.push({ type: 'tool_call', call: s.call });
    else if (s.type === 'reasoning') {
      const last = steps[steps.length - 1];
      if (last?.type === 'reasoning') last.texts.push(s.text);
      else steps.push({ type: 'reasoning', texts: [s.text] });
    }
  }
  return steps;
}

/**
 * The work before the answer. Without tool calls it is one collapsed reasoning block, as
 * for any model; with them, each reasoning block and each call in the order they streamed.
 */
export function WorkSteps({ segments, live }: { segments: readonly StreamSegment[]; live: boolean }) {
  const steps = workSteps(segments);
  const passages = passageNumbers(segments);
  if (!steps.some((s) => s.type === 'tool_call')) {
    return <Reasoning segments={steps.flatMap((s) => (s.type === 'reasoning' ? s.texts : []))} live={live} />;
  }
  return (
    <ol className="work-steps" data-testid="work-steps">
      {steps.map((s, i) => (
        <li key={i}>{s.type === 'reasoning' ? <Reasoning segments={s.texts} live={live && i === steps.length - 1} /> : <ToolCallCard call={s.call} passages={passages} />}</li>
      ))}
    </ol>
  );
}

/** Notes under the steps: what a follow-up was searched as, or why an agent stopped early or changed course. */
export function StepNotes({ notes }: { notes: readonly string[] }) {
  if (notes.length === 0) return null;
  return (
    <ul className="agent-notes" data-testid="agent-notes">
      {notes.map((n, i) => (
        <li key={i}>
          <Info size={13} aria-hidden="true" />
          <span>{n.charAt(0).toUpperCase() + n.slice(1)}.</span>
        </li>
      ))}
    </ul>
  );
}
