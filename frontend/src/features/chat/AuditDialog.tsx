import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { CircleCheck, CircleX, Play } from 'lucide-react';
import type { Citation, GenerationAudit, Message, TurnSettings } from '../../lib/api.gen';
import { BackendError } from '../../lib/backend';
import { Badge, type BadgeTone } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Callout } from '../../components/ui/Callout';
import { Dialog } from '../../components/ui/Dialog';
import { Spinner } from '../../components/ui/Spinner';
import { formatMs } from '../../lib/format';
import { citeLocator, documentLabel, formatScore } from '../../lib/display';
import { AnswerBody } from '../../shared/answer/AnswerBody';
import { outputLabel } from './outputFormat';
import { ModelPicker } from './Composer';
import { useGeneration, useReplay } from './queries';
import '../../shared/scope/Scope.css';

const statusTones: Record<string, BadgeTone> = { success: 'success', partial: 'warning', failed: 'danger', no_evidence: 'neutral' };
const statusLabels: Record<string, string> = { success: 'Success', partial: 'Partial', failed: 'Failed', no_evidence: 'No evidence' };

export function GenerationStatusBadge({ status }: { status: string }) {
  return <Badge tone={statusTones[status] ?? 'neutral'}>{statusLabels[status] ?? status}</Badge>;
}

const tabs = ['Overview', 'Evidence', 'Prompt', 'Output', 'Checks', 'Replay'] as const;
type Tab = (typeof tabs)[number];

function ms(n: number): string {
  return n < 1 ? '<1 ms' : formatMs(n);
}

function Pre({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <pre className="audit-pre" dir="auto" aria-label={label} tabIndex={0}>
      {children}
    </pre>
  );
}

function Overview({ r }: { r: GenerationAudit }) {
  const rows: [string, ReactNode][] = [
    ['Status', <GenerationStatusBadge key="s" status={r.status} />],
    ['Model', `${r.modelProvider || '—'} · ${r.modelName || '—'}`],
    ['Prompt', `${r.promptName} v${r.promptVersion}`],
    ['Reply format', <span key="o" title={r.output?.rejected?.map((x) => x.error).join('\n')}>{outputLabel(r.output)}</span>],
    ['Question', r.query],
    ['Tokens', `${r.promptTokens} prompt · ${r.completionTokens} completion`],
    ['Trace', <span key="t" className="mono">{r.traceId || '—'}</span>],
    ['Request', <span key="q" className="mono">{r.requestId || '—'}</span>],
    ['Recorded', new Date(r.createdAt).toLocaleString()],
  ];
  const t = r.timing;
  const total = Math.max(t.total, 1);
  return (
    <div className="audit-overview">
      {r.error && (
        <Callout tone="danger" title="Error">
          {r.error}
        </Callout>
      )}
      <dl className="audit-facts">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd dir="auto">{v}</dd>
          </div>
        ))}
      </dl>
      <h3 className="audit-h">Timings</h3>
      <div className="audit-timing" data-testid="audit-timing">
        {(
          [
            ['Prompt', t.prompt],
            ['Model', t.llm],
            ['Post-processing', t.postprocess],
          ] as const
        ).map(([k, v]) => (
          <div key={k} className="audit-timing-row">
            <span>{k}</span>
            <span className="audit-bar">
              <span style={{ width: `${Math.min(100, (v / total) * 100)}%` }} />
            </span>
            <span className="mono">{ms(v)}</span>
          </div>
        ))}
        <div className="audit-timing-row audit-timing-total">
          <span>Total</span>
          <span />
          <span className="mono">{ms(t.total)}</span>
        </div>
      </div>
      <details className="audit-raw">
        <summary>Provider snapshot</summary>
        <Pre label="Provider snapshot">{JSON.stringify(r.providerSnapshot ?? {}, null, 2)}</Pre>
      </details>
    </div>
  );
}

/** The documents a record's search was restricted to, by the titles they had: its parameters' documents. */
export function searchedDocuments(params: Record<string, unknown> | null | undefined): { id: string; title: string }[] {
  const docs = params?.documents;
  if (!Array.isArray(docs)) return [];
  return docs.filter((d): d is { id: string; title: string } => typeof d?.id === 'string').map((d) => ({ id: d.id, title: typeof d.title === 'string' ? d.title : d.id }));
}

function SearchedScope({ r }: { r: GenerationAudit }) {
  const docs = searchedDocuments(r.retrievalParameters);
  if (docs.length === 0) return null;
  return (
    <p className="audit-scope" data-testid="audit-scope">
      Searched only {docs.length === 1 ? 'the document' : 'the documents'}{' '}
      {docs.map((d, i) => (
        <span key={d.id}>
          {i > 0 && ', '}
          <strong dir="auto" title={d.id}>
            {d.title}
          </strong>
        </span>
      ))}
      .
    </p>
  );
}

/** How a record's retrieval parameters read: "Collections" for collection_ids, a list by its size. */
const parameterNames: Record<string, string> = {
  source: 'Passages from',
  collection_ids: 'Collections searched',
  document_ids: 'Documents searched',
  hits: 'Passages given to the model',
  top_k: 'Passages asked for',
  tool_calls: 'Tool calls',
};

/** The retrieval parameters as facts a person reads; the documents are named by SearchedScope. */
export function parameterFacts(params: Record<string, unknown> | null | undefined): [string, string][] {
  return Object.entries(params ?? {})
    .filter(([k, v]) => k !== 'documents' && v !== null && v !== undefined && v !== '')
    .map(([k, v]): [string, string] => [parameterNames[k] ?? k.replace(/_/g, ' '), parameterValue(v)])
    .filter(([, v]) => v !== '');
}

function parameterValue(v: unknown): string {
  if (Array.isArray(v)) return v.length === 0 ? 'all' : String(v.length);
  if (typeof v === 'object') return '';
  return String(v);
}

/** The start of a passage, cut after a whole word. */
function passageStart(text: string, max = 360): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.search(/\s\S*$/);
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function Evidence({ r }: { r: GenerationAudit }) {
  const facts = parameterFacts(r.retrievalParameters);
  const header = (
    <>
      <SearchedScope r={r} />
      {facts.length > 0 && (
        <dl className="audit-params" data-testid="audit-params">
          {facts.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      )}
    </>
  );
  const raw = Object.keys(r.retrievalParameters ?? {}).length > 0 && (
    <details className="audit-raw">
      <summary>Raw parameters</summary>
      <Pre label="Raw retrieval parameters">{JSON.stringify(r.retrievalParameters, null, 2)}</Pre>
    </details>
  );
  if (!r.hits?.length)
    return (
      <>
        {header}
        <p className="muted">No passage was retrieved{r.status === 'no_evidence' ? ': the answer is a refusal, and no model was called.' : '.'}</p>
        {raw}
      </>
    );
  const markers = new Map(r.citations.map((c) => [c.nodeId, c.marker]));
  return (
    <>
      {header}
      <ol className="audit-passages" data-testid="audit-passages">
        {r.hits.map((h) => {
          const marker = markers.get(h.chunk.id);
          return (
            <li key={h.chunk.id} className="audit-passage" data-cited={marker !== undefined}>
              <div className="audit-passage-head">
                <span className="audit-passage-rank" aria-label={`Passage ${h.rank}`}>
                  {h.rank}
                </span>
                <span className="audit-hit-loc" dir="auto">
                  <strong title={h.chunk.locator.docName}>{documentLabel(h.chunk.locator)}</strong>
                  {citeLocator(h.chunk.locator) && <span className="audit-passage-cite">{citeLocator(h.chunk.locator)}</span>}
                </span>
                <span className="audit-passage-score" title="BM25 relevance score">
                  score {formatScore(h.score)}
                </span>
                {marker !== undefined ? (
                  <Badge tone="success" icon={<CircleCheck size={12} aria-hidden="true" />}>
                    Cited as [{marker}]
                  </Badge>
                ) : (
                  <span className="audit-passage-uncited">Not cited</span>
                )}
              </div>
              <p className="audit-hit-text" dir="auto">
                {passageStart(h.chunk.text)}
              </p>
            </li>
          );
        })}
      </ol>
      {raw}
    </>
  );
}

function Prompt({ r }: { r: GenerationAudit }) {
  if (!r.messages?.length) return <p className="muted">No prompt was sent: nothing in the library was relevant enough.</p>;
  return (
    <div className="audit-messages">
      {r.messages.map((m, i) => (
        <section key={i} className="audit-message">
          <h3 className="audit-h">{m.role === 'tool' ? 'tool result' : m.role}</h3>
          <Pre label={`${m.role} message`}>{m.content || (m.role === 'assistant' ? '(called tools: see the answer’s steps)' : '(empty)')}</Pre>
        </section>
      ))}
    </div>
  );
}

function Output({ r }: { r: GenerationAudit }) {
  return (
    <>
      {r.outputReasoning && (
        <>
          <h3 className="audit-h">Reasoning</h3>
          <Pre label="Reasoning">{r.outputReasoning}</Pre>
        </>
      )}
      <h3 className="audit-h">Raw output</h3>
      <Pre label="Raw output">{r.outputRaw || '(empty)'}</Pre>
      <h3 className="audit-h">Answer shown</h3>
      <div className="audit-answer">
        <AnswerBody content={r.answer} citations={r.citations} claims={r.claims} />
      </div>
    </>
  );
}

function Checks({ r }: { r: GenerationAudit }) {
  return (
    <>
      <ul className="audit-checks" data-testid="audit-checks">
        {r.checks.map((c, i) => (
          <li key={i} className={c.passed ? 'pass' : 'fail'}>
            {c.passed ? <CircleCheck size={14} aria-hidden="true" /> : <CircleX size={14} aria-hidden="true" />}
            <span className="audit-check-name">{c.name}</span>
            <span className="sr-only">{c.passed ? 'passed' : 'failed'}</span>
            <span className="audit-check-detail" dir="auto">
              {c.detail || (c.passed ? 'passed' : 'failed')}
            </span>
          </li>
        ))}
      </ul>
      <h3 className="audit-h">Claims</h3>
      {r.claims.length === 0 ? (
        <p className="muted">No claims.</p>
      ) : (
        <table className="data-table audit-table">
          <thead>
            <tr>
              <th>Sentence</th>
              <th>Cites</th>
              <th>Verdict</th>
            </tr>
          </thead>
          <tbody>
            {r.claims.map((c, i) => (
              <tr key={i}>
                <td dir="auto">{c.text}</td>
                <td className="mono">{c.markers.map((m) => `[${m}]`).join(' ') || '—'}</td>
                <td>
                  <Badge tone={c.verdict === 'cited' ? 'success' : 'warning'}>{c.verdict === 'cited' ? 'Cited' : c.verdict === 'uncited' ? 'Uncited' : 'Quote not found'}</Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

function CitationsList({ citations }: { citations: Citation[] }) {
  if (!citations.length) return <p className="subtle">No citations.</p>;
  return (
    <ul className="replay-cites">
      {citations.map((c) => (
        <li key={`${c.marker}-${c.nodeId}`}>
          <span className="cite-chip cite-chip-static">{c.marker}</span>
          <span dir="auto">
            <span title={c.locator.docName}>{documentLabel(c.locator)}</span> {citeLocator(c.locator)}
          </span>
          {c.quotes.some((q) => !q.verified) && <Badge tone="warning">quote not found</Badge>}
        </li>
      ))}
    </ul>
  );
}

function ReplayColumn({ title, r }: { title: string; r: GenerationAudit }) {
  return (
    <section className="replay-col" data-testid="replay-column">
      <header className="replay-col-head">
        <h3>{title}</h3>
        <GenerationStatusBadge status={r.status} />
      </header>
      <p className="subtle replay-model">
        {r.modelProvider} · {r.modelName} · {ms(r.timing.total)}
      </p>
      <div className="replay-answer">
        <AnswerBody content={r.answer || '(no answer)'} citations={r.citations} claims={r.claims} />
      </div>
      {r.error && <p className="msg-error">{r.error}</p>}
      <CitationsList citations={r.citations} />
    </section>
  );
}

function Replay({ r, replays, messageId, settings }: { r: GenerationAudit; replays: GenerationAudit[]; messageId: string; settings: TurnSettings }) {
  const [choice, setChoice] = useState<TurnSettings>(settings);
  const replay = useReplay(messageId);
  const latest = replays[replays.length - 1];
  return (
    <div className="replay">
      <div className="replay-bar">
        <p className="muted">Re-run the stored prompt, unchanged, with a model; compare the answers.</p>
        <div className="replay-controls">
          <ModelPicker value={choice} onChange={(m) => setChoice({ ...choice, ...m })} label="Replay model" />
          <Button
            variant="primary"
            size="sm"
            icon={<Play size={13} aria-hidden="true" />}
            loading={replay.isPending}
            disabled={!r.messages?.length}
            onClick={() => replay.mutate({ generationId: r.id, providerId: choice.providerId, model: choice.model })}
            data-testid="replay-button"
          >
            Replay
          </Button>
        </div>
      </div>
      {replay.error && (
        <Callout tone="danger" role="alert" title="The replay failed">
          {replay.error.message}
        </Callout>
      )}
      <div className="replay-grid">
        <ReplayColumn title="Original" r={r} />
        {latest ? (
          <ReplayColumn title={`Replay${replays.length > 1 ? ` ${replays.length}` : ''}`} r={latest} />
        ) : (
          <section className="replay-col replay-empty">
            {replay.isPending ? (
              <p className="muted">
                <Spinner size={14} /> Replaying…
              </p>
            ) : (
              <p className="muted">No replay yet.</p>
            )}
          </section>
        )}
      </div>
    </div>
  );
}

/** The audit of one answer: what the model saw, said, and how it was checked; replay to compare. */
export function AuditDialog({ message, settings, onClose }: { message: Message; settings: TurnSettings; onClose: () => void }) {
  const gen = useGeneration(message.id);
  const [tab, setTab] = useState<Tab>('Overview');
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const r = gen.data?.record;
  // An agent's answer came from several model calls and tool results: there is no single
  // prompt to send again, so it has no replay.
  const shown: readonly Tab[] = r?.promptName === 'agent' ? tabs.filter((t) => t !== 'Replay') : tabs;
  const onKey = (e: KeyboardEvent) => {
    const i = shown.indexOf(tab);
    const next = e.key === 'ArrowRight' ? (i + 1) % shown.length : e.key === 'ArrowLeft' ? (i - 1 + shown.length) % shown.length : -1;
    if (next < 0) return;
    e.preventDefault();
    setTab(shown[next]!);
    tabRefs.current[next]?.focus();
  };
  return (
    <Dialog title="Answer audit" description="The generation record: prompt, evidence, raw output, checks, timings — as stored." size="lg" onClose={onClose}>
      {gen.isPending ? (
        <p className="muted">
          <Spinner size={14} /> Loading the record…
        </p>
      ) : gen.error ? (
        <Callout tone={gen.error instanceof BackendError && gen.error.status === 404 ? 'info' : 'danger'} title="No audit record">
          {gen.error instanceof BackendError && gen.error.status === 404 ? 'This answer has no generation record.' : gen.error.message}
        </Callout>
      ) : r ? (
        <div className="audit" data-testid="audit-panel">
          <div className="audit-tabs" role="tablist" aria-label="Audit sections" onKeyDown={onKey}>
            {shown.map((t, i) => (
              <button
                key={t}
                ref={(el) => {
                  tabRefs.current[i] = el;
                }}
                type="button"
                role="tab"
                id={`audit-tab-${t}`}
                aria-selected={tab === t}
                aria-controls={`audit-panel-${t}`}
                tabIndex={tab === t ? 0 : -1}
                className="audit-tab"
                onClick={() => setTab(t)}
              >
                {t}
                {t === 'Evidence' && <span className="audit-tab-count">{r.hits?.length ?? 0}</span>}
                {t === 'Checks' && r.checks.some((c) => !c.passed) && <span className="audit-tab-count audit-tab-warn">{r.checks.filter((c) => !c.passed).length}</span>}
              </button>
            ))}
          </div>
          <div className="audit-body" role="tabpanel" id={`audit-panel-${tab}`} aria-labelledby={`audit-tab-${tab}`}>
            {tab === 'Overview' && <Overview r={r} />}
            {tab === 'Evidence' && <Evidence r={r} />}
            {tab === 'Prompt' && <Prompt r={r} />}
            {tab === 'Output' && <Output r={r} />}
            {tab === 'Checks' && <Checks r={r} />}
            {tab === 'Replay' && <Replay r={r} replays={gen.data?.replays ?? []} messageId={message.id} settings={settings} />}
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
