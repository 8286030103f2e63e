import { useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronRight, CircleAlert, Copy, FileSearch2, MessageCircleQuestion, RefreshCw, Scale, SearchX, ShieldCheck, Square, TriangleAlert } from 'lucide-react';
import type { Citation, Message } from '../../lib/api.gen';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { toast } from '../../components/ui/toast/toastStore';
import { AnswerBody } from '../../shared/answer/AnswerBody';
import { CitationCard } from '../../shared/answer/CitationChip';
import { answerCopyText } from '../../shared/answer/citations';
import { markersIn } from '../../shared/answer/markdown';
import { keys } from './keys';
import { useRun, useRunStream } from './queries';
import { segmentsFromDetail, segmentsFromRun } from '../../lib/run/segments';
import { streamedAnswer, type TimelineNode } from '../../lib/run/timeline';
import { Timeline } from './Timeline';
import { StepNotes, WorkSteps } from './WorkSteps';
import { errorText } from '../../lib/format';
import { documentLabel } from '../../lib/display';

export interface AnswerMessageProps {
  message: Message;
  conversationId: string;
  /** The last answer of the conversation: the one regenerate and stop act on most. */
  busy: boolean;
  onOpenCitation: (c: Citation) => void;
  onRegenerate: (m: Message) => void;
  onStop: (m: Message) => void;
  onAudit: (m: Message) => void;
  stopping: boolean;
}

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  document.execCommand('copy');
  area.remove();
}

/** The id of an answer's element, which takes focus when the answer completes. */
export function answerElementId(messageId: string): string {
  return `answer-${messageId}`;
}

function StatusLine({ message, live }: { message: Message; live: boolean }) {
  const g = message.generation;
  if (live) return <Badge tone="accent">Answering</Badge>;
  if (message.status === 'interrupted') return <Badge tone="warning">Stopped</Badge>;
  if (message.isAskUser) return <Badge tone="accent" icon={<MessageCircleQuestion size={12} aria-hidden="true" />}>Question for you</Badge>;
  if (g?.status === 'no_evidence' || g?.refused)
    return (
      <Badge tone="neutral" icon={<SearchX size={12} aria-hidden="true" />} title="The passages found do not address this question, so no answer was written from them.">
        Not answered by your library
      </Badge>
    );
  if (message.status === 'failed' || g?.status === 'failed') return <Badge tone="danger" icon={<CircleAlert size={12} aria-hidden="true" />}>Answer failed</Badge>;
  if (g?.status === 'partial')
    return (
      <Badge tone="warning" icon={<TriangleAlert size={12} aria-hidden="true" />} title="Cited, but a sentence lacks a citation or the passages miss words of the question: see the checks.">
        Cited, but partly supported
      </Badge>
    );
  if (g?.status === 'success')
    return (
      <Badge tone="success" icon={<ShieldCheck size={12} aria-hidden="true" />} title="Every sentence is cited, and the passages address the question.">
        Supported
      </Badge>
    );
  return null;
}

/** Why an answer is only partly supported: the passages miss words of the question, or a sentence cites nothing. */
function partialText(nodes: readonly { checks: readonly { name: string; passed: boolean; detail?: string }[] }[], error: string | undefined): string {
  const support = nodes.flatMap((n) => n.checks).find((c) => c.name === 'support' && !c.passed);
  if (support?.detail) return `Cited, but the passages found do not cover the whole question: ${support.detail}.`;
  return `Some of this answer is not supported by the passages it cites${error ? `: ${error}` : '.'}`;
}

/** What the answer is waiting for, while nothing of it has streamed. */
function waitingText(runningTypes: string[]): string {
  if (runningTypes.includes('cited-answer')) return 'Writing the answer from the passages found…';
  if (runningTypes.includes('agent')) return 'Researching in your library…';
  return 'Searching your library…';
}

const noSteps: TimelineNode[] = [];

/** One answer: live timeline and stream while running, then the stored, checked answer. */
export function AnswerMessage({ message, conversationId, busy, onOpenCitation, onRegenerate, onStop, onAudit, stopping }: AnswerMessageProps) {
  const qc = useQueryClient();
  const streaming = message.status === 'streaming';
  const live = useRunStream(message.runId, conversationId, streaming);
  // The history brings each answer's steps and generation detail; only an answer whose
  // reasoning came from a plain LLM step (no generation record) asks its run for it.
  const needsRun = !streaming && !message.generationDetail && (message.timeline ?? []).some((n) => n.nodeType === 'llm');
  const run = useRun(message.runId, needsRun);

  // The run ended but the stored message is not final yet: ask again shortly.
  useEffect(() => {
    if (!(streaming && live.stream.ended)) return;
    const t = setTimeout(() => void qc.invalidateQueries({ queryKey: keys.messages(conversationId) }), 400);
    return () => clearTimeout(t);
  }, [streaming, live.stream.ended, qc, conversationId]);

  const segments = useMemo(() => {
    if (streaming) return live.stream.segments;
    if (message.generationDetail) return segmentsFromDetail(message.generationDetail, message.content);
    return run.data ? segmentsFromRun(run.data, message.content) : [];
  }, [streaming, live.stream.segments, message.generationDetail, run.data, message.content]);
  const nodes = streaming ? live.stream.nodes : (message.timeline ?? noSteps);

  const content = streaming ? live.stream.cited?.answer || streamedAnswer(live.stream) : message.content;
  const citations = streaming ? (live.stream.cited?.citations ?? []) : message.citations;
  const claims = streaming ? (live.stream.cited?.claims ?? []) : message.claims;
  const g = message.generation;
  const refused = !streaming && (g?.status === 'no_evidence' || g?.refused);
  const usedMarkers = new Set(markersIn(content));
  const sources = (citations ?? []).filter((c) => usedMarkers.has(c.marker)).sort((a, b) => a.marker - b.marker);

  const copy = async () => {
    try {
      await copyText(answerCopyText(content, citations));
      toast.success('Answer copied', 'Plain text, with its sources as footnotes.');
    } catch (err) {
      toast.error('The answer could not be copied', errorText(err));
    }
  };

  return (
    <article
      className={`msg msg-ai${refused ? ' msg-refused' : ''}`}
      data-testid="ai-message"
      id={answerElementId(message.id)}
      tabIndex={-1}
      aria-label="Answer"
      data-message-id={message.id}
      data-status={message.status}
      data-generation-status={g?.status ?? ''}
      aria-busy={streaming || undefined}
    >
      <header className="msg-ai-head">
        <span className="msg-ai-mark" aria-hidden="true">
          <Scale size={14} />
        </span>
        <span className="msg-ai-name">Lexflow</span>
        <StatusLine message={message} live={streaming} />
        {g?.modelName && !streaming && (
          <span className="msg-model subtle" title={`${g.modelProvider} · ${g.modelName}`}>
            {g.modelName}
          </span>
        )}
      </header>

      <Timeline nodes={nodes} live={streaming} />
      <WorkSteps segments={segments} live={streaming && !content} />
      <StepNotes notes={nodes.filter((n) => n.nodeType === 'agent' || n.nodeType === 'knowledge-retrieval').flatMap((n) => n.notes)} />

      {refused ? (
        <div className="refusal" role="note" data-testid="refusal">
          <SearchX size={18} aria-hidden="true" />
          <div>
            <p className="refusal-title">Your library does not answer this</p>
            <p className="refusal-text" dir="auto">
              {message.content || 'No passage in the selected collections is relevant enough to answer from.'}
            </p>
            <p className="refusal-hint subtle">Try other words, another collection, or add the documents that cover it.</p>
          </div>
        </div>
      ) : content ? (
        <AnswerBody content={content} citations={citations} claims={claims} streaming={streaming && !live.stream.cited} onOpenCitation={onOpenCitation} />
      ) : streaming ? (
        <p className="answer-waiting subtle">
          <FileSearch2 size={14} aria-hidden="true" /> {waitingText(live.stream.nodes.map((n) => n.nodeType))}
        </p>
      ) : null}

      {!streaming && (message.error || g?.status === 'partial' || g?.status === 'failed' || message.status === 'failed' || message.status === 'interrupted') && !refused && (
        <p className={`msg-error${g?.status === 'partial' || message.status === 'interrupted' ? ' msg-warning' : ''}`} role="status" data-testid="answer-error">
          {message.status === 'interrupted'
            ? `Stopped before the answer was finished${message.content ? '; the text above is what had arrived.' : '.'}`
            : g?.status === 'partial'
              ? partialText(nodes, message.error)
              : message.error || 'The answer could not be produced.'}
        </p>
      )}
      {streaming && live.reconnecting && !live.error && (
        <p className="msg-error msg-warning" role="status" data-testid="stream-reconnecting">
          The connection to Lexflow was lost; reconnecting… If Lexflow is still running, the answer goes on being written.
        </p>
      )}
      {live.error && <p className="msg-error">The live stream was lost: {live.error}. The answer will appear when it is stored.</p>}

      {sources.length > 0 && !streaming && (
        <details className="sources" data-testid="sources">
          <summary>
            <ChevronRight size={14} className="timeline-chevron" aria-hidden="true" />
            {sources.length} {sources.length === 1 ? 'source' : 'sources'}
          </summary>
          <ol className="sources-list">
            {sources.map((c) => (
              <li key={c.marker}>
                <button type="button" className="source-item" onClick={() => onOpenCitation(c)} aria-label={`Open source ${c.marker}: ${documentLabel(c.locator)}`}>
                  <span className="cite-chip cite-chip-static">{c.marker}</span>
                  <span className="source-item-card">
                    <CitationCard citation={c} />
                  </span>
                </button>
              </li>
            ))}
          </ol>
        </details>
      )}

      <footer className="msg-actions">
        {streaming ? (
          <Button size="sm" icon={<Square size={12} aria-hidden="true" />} loading={stopping} onClick={() => onStop(message)} data-testid="stop-button">
            Stop
          </Button>
        ) : (
          <>
            <Button variant="ghost" size="sm" icon={<Copy size={13} aria-hidden="true" />} onClick={copy} disabled={!content}>
              Copy
            </Button>
            <Button variant="ghost" size="sm" icon={<RefreshCw size={13} aria-hidden="true" />} onClick={() => onRegenerate(message)} disabled={busy}>
              Regenerate
            </Button>
            {g?.id && (
              <Button variant="ghost" size="sm" icon={<ShieldCheck size={13} aria-hidden="true" />} onClick={() => onAudit(message)}>
                Audit
              </Button>
            )}
          </>
        )}
      </footer>
    </article>
  );
}
