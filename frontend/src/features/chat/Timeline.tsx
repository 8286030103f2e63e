import { useMemo, useState } from 'react';
import {
  Bot,
  ChevronRight,
  CircleAlert,
  CircleCheck,
  CircleDashed,
  CircleSlash,
  CircleX,
  FileSearch,
  Flag,
  MessageSquareText,
  Play,
  ScrollText,
  Workflow,
  Wrench,
} from 'lucide-react';
import { Spinner } from '../../components/ui/Spinner';
import { useNow } from '../../shared/run/useNow';
import { formatMs } from '../../lib/format';
import type { Extraction } from '../../lib/api.gen';
import { settledSteps, type NodeStatus, type TimelineNode } from '../../lib/run/timeline';

const typeIcons: Record<string, typeof Play> = {
  start: Play,
  'knowledge-retrieval': FileSearch,
  'cited-answer': ScrollText,
  answer: MessageSquareText,
  end: Flag,
  llm: Bot,
  tool: Wrench,
  agent: Bot,
};

const typeLabels: Record<string, string> = {
  start: 'Start',
  'knowledge-retrieval': 'Retrieval',
  'cited-answer': 'Generation',
  answer: 'Answer',
  llm: 'LLM',
  tool: 'Tool',
  'ask-user': 'Ask user',
  'if-else': 'If / else',
  'template-transform': 'Template',
  'variable-aggregator': 'Aggregator',
  'question-classifier': 'Classifier',
  'parameter-extractor': 'Extractor',
  agent: 'Agent',
};

function startOf(n: TimelineNode): number | null {
  const t = Date.parse(n.startedAt);
  return Number.isNaN(t) ? null : t;
}

function elapsedOf(n: TimelineNode, now: number): number | null {
  if (n.finishedAt) return n.elapsedMs;
  const start = startOf(n);
  if (n.status === 'running' && start !== null) return Math.max(0, now - start);
  return null;
}

/** Wall-clock time from the first start to the last finish (steps overlap: the answer streams while it is written). */
function spanOf(nodes: TimelineNode[], now: number): number {
  let first = Infinity;
  let last = -Infinity;
  let sum = 0;
  for (const n of nodes) {
    const el = elapsedOf(n, now) ?? 0;
    sum += el;
    const start = startOf(n);
    if (start === null) continue;
    first = Math.min(first, start);
    last = Math.max(last, start + el);
  }
  return Number.isFinite(first) && last >= first ? last - first : sum;
}

function StatusIcon({ status }: { status: NodeStatus }) {
  switch (status) {
    case 'running':
    case 'retrying':
      return <Spinner size={14} />;
    case 'succeeded':
      return <CircleCheck size={14} className="tl-ok" aria-hidden="true" />;
    case 'failed':
      return <CircleX size={14} className="tl-fail" aria-hidden="true" />;
    case 'exception':
      // Failed, but its error strategy carried the run on.
      return <CircleAlert size={14} className="tl-warn" aria-hidden="true" />;
    case 'cancelled':
      return <CircleSlash size={14} className="tl-muted" aria-hidden="true" />;
    default:
      return <CircleDashed size={14} className="tl-muted" aria-hidden="true" />;
  }
}

const statusWords: Record<NodeStatus, string> = {
  running: 'running',
  retrying: 'retrying',
  succeeded: 'done',
  failed: 'failed',
  exception: 'failed, handled',
  skipped: 'skipped',
  cancelled: 'stopped',
};

function ms(n: number): string {
  return n < 1 ? '<1 ms' : formatMs(n);
}

/** Virtual sub-nodes (variable extraction) by the node they ran under. */
function childrenByParent(nodes: TimelineNode[]): Map<string, TimelineNode[]> {
  const out = new Map<string, TimelineNode[]>();
  for (const n of nodes) {
    if (!n.parentNodeId) continue;
    out.set(n.parentNodeId, [...(out.get(n.parentNodeId) ?? []), n]);
  }
  return out;
}

/** A step's sub-nodes, collapsed unless one is running or failed (then it needs attention). */
function SubSteps({ nodes, now }: { nodes: TimelineNode[]; now: number }) {
  const attention = nodes.some((n) => n.status === 'running' || n.status === 'failed');
  const [expanded, setExpanded] = useState<boolean | null>(null);
  const open = expanded ?? attention;
  const label = `${nodes.length} ${nodes.length === 1 ? 'extraction' : 'extractions'}`;
  return (
    <div className="tl-sub" data-testid="timeline-substeps">
      <button type="button" className="tl-sub-toggle" aria-expanded={open} onClick={() => setExpanded(!open)}>
        <ChevronRight size={12} className="timeline-chevron" aria-hidden="true" />
        {label}
      </button>
      {open && (
        <ol className="timeline-list tl-sub-list">
          {nodes.map((n) => (
            <Step key={n.nodeId} n={n} now={now} subSteps={[]} />
          ))}
        </ol>
      )}
    </div>
  );
}

/** What an extraction read, what it asked, and what it got (as it streams). */
function ExtractionDetail({ x }: { x: Extraction }) {
  return (
    <dl className="tl-extraction" data-testid="timeline-extraction">
      {x.source && (
        <>
          <dt>From</dt>
          <dd>
            <code>{x.source}</code>
          </dd>
        </>
      )}
      {x.prompt && (
        <>
          <dt>Asked</dt>
          <dd>{x.prompt}</dd>
        </>
      )}
      <dt>Got</dt>
      <dd className="tl-extraction-text">{x.text.trim() || '—'}</dd>
    </dl>
  );
}

/** One step: status, kind, title, elapsed time, error, timings, tokens, checks and sub-steps. */
function Step({ n, now, subSteps }: { n: TimelineNode; now: number; subSteps: TimelineNode[] }) {
  const Icon = typeIcons[n.nodeType] ?? Workflow;
  const el = elapsedOf(n, now);
  const status = n.status as NodeStatus; // settled by Timeline
  const tokens = n.promptTokens > 0 || n.completionTokens > 0;
  return (
    <li className={`tl-node tl-${n.status}`} data-testid="timeline-node" data-node-id={n.nodeId} data-node-type={n.nodeType} data-status={n.status}>
      <div className="tl-row">
        <StatusIcon status={status} />
        <Icon size={14} className="tl-type" aria-hidden="true" />
        <span className="tl-label">
          <span className="tl-kind">{typeLabels[n.nodeType] ?? n.nodeType}</span>
          {n.title && n.title !== typeLabels[n.nodeType] && <span className="tl-title">{n.title}</span>}
        </span>
        <span className="sr-only">{statusWords[status]}</span>
        <span className="tl-time" data-testid="timeline-elapsed">
          {el === null ? '' : ms(el)}
        </span>
      </div>
      {n.error && <p className="tl-error">{n.error}</p>}
      {n.extraction && <ExtractionDetail x={n.extraction} />}
      {(n.timingMs || tokens) && (
        <p className="tl-detail">
          {n.timingMs && (
            <>
              prompt {ms(n.timingMs.prompt)} · model {ms(n.timingMs.llm)} · checks {ms(n.timingMs.postprocess)}
            </>
          )}
          {tokens && (
            <>
              {n.timingMs ? ' · ' : ''}
              {n.promptTokens} → {n.completionTokens} tokens
            </>
          )}
        </p>
      )}
      {n.checks.length > 0 && (
        <ul className="tl-checks" aria-label="Checks">
          {n.checks.map((c) => (
            <li key={c.name} className={c.passed ? 'tl-check-pass' : 'tl-check-fail'} title={c.detail || undefined}>
              {c.passed ? <CircleCheck size={12} aria-hidden="true" /> : <CircleX size={12} aria-hidden="true" />}
              {c.name}
              <span className="sr-only">{c.passed ? ' passed' : ` failed${c.detail ? `: ${c.detail}` : ''}`}</span>
            </li>
          ))}
        </ul>
      )}
      {subSteps.length > 0 && <SubSteps nodes={subSteps} now={now} />}
    </li>
  );
}

/** The run's steps — retrieval, generation, checks — with status and real elapsed times. */
export function Timeline({ nodes: steps, live, loading = false }: { nodes: TimelineNode[]; live: boolean; loading?: boolean }) {
  const nodes = useMemo(() => settledSteps(steps, !live), [steps, live]);
  const [expanded, setExpanded] = useState<boolean | null>(null);
  const open = expanded ?? live;
  const running = nodes.some((n) => n.status === 'running');
  const now = useNow(live && running, 200);
  const topLevel = nodes.filter((n) => !n.parentNodeId);
  const children = childrenByParent(nodes);
  const shownSteps = topLevel.filter((n) => n.nodeType !== 'start');
  const total = spanOf(nodes, now);
  const checks = nodes.flatMap((n) => n.checks);
  const failedChecks = checks.filter((c) => !c.passed).length;
  // A search that found nothing is reported as such, not as a failed check.
  const noEvidence = checks.some((c) => c.name === 'evidence' && !c.passed);
  const current = nodes.find((n) => n.status === 'running' && n.nodeType !== 'answer') ?? nodes.find((n) => n.status === 'running');

  if (!loading && nodes.length === 0) return null;

  const summary = loading
    ? 'Loading the steps…'
    : running && current
      ? `${typeLabels[current.nodeType] ?? current.title}…`
      : [
          `${shownSteps.length} ${shownSteps.length === 1 ? 'step' : 'steps'}`,
          total > 0 ? ms(total) : '',
          noEvidence
            ? 'no evidence found'
            : checks.length
              ? failedChecks
                ? `${failedChecks} of ${checks.length} checks failed`
                : `${checks.length} checks passed`
              : '',
        ]
          .filter(Boolean)
          .join(' · ');

  return (
    <div className={`timeline${open ? ' timeline-open' : ''}`} data-testid="timeline">
      <button type="button" className="timeline-toggle" aria-expanded={open} onClick={() => setExpanded(!open)}>
        <ChevronRight size={14} className="timeline-chevron" aria-hidden="true" />
        <Workflow size={14} aria-hidden="true" />
        <span className="timeline-title">Steps</span>
        <span className="timeline-summary" data-testid="timeline-summary">
          {summary}
        </span>
      </button>
      {open && (
        <ol className="timeline-list">
          {topLevel.map((n) => (
            <Step key={n.nodeId} n={n} now={now} subSteps={children.get(n.nodeId) ?? []} />
          ))}
        </ol>
      )}
    </div>
  );
}
