import { useMemo, type ReactNode } from 'react';
import { TriangleAlert } from 'lucide-react';
import type { Citation, Claim } from '../../lib/api.gen';
import { citationFor, flaggedRanges, flagMessages, splitByFlags, type FlaggedRange } from './claims';
import { CitationChip } from './CitationChip';
import { parseMarkdown, type Block, type Inline } from './markdown';
import './Answer.css';

export interface AnswerBodyProps {
  content: string;
  citations?: readonly Citation[] | null;
  claims?: readonly Claim[] | null;
  /** True while the answer streams: markers are shown, not yet linked. */
  streaming?: boolean;
  onOpenCitation?: (c: Citation) => void;
}

interface Ctx {
  src: string;
  flags: FlaggedRange[];
  citations: readonly Citation[];
  streaming: boolean;
  onOpen?: (c: Citation) => void;
  /** The flagged ranges whose warning icon is already placed. */
  ended: Set<FlaggedRange>;
}

function renderText(ctx: Ctx, start: number, end: number, key: string): ReactNode[] {
  return splitByFlags(ctx.flags, start, end).map((piece, k) => {
    const text = ctx.src.slice(piece.start, piece.end);
    if (!piece.flag) return <span key={`${key}.${k}`}>{text}</span>;
    const f = piece.flag;
    const last = piece.end >= f.end && !ctx.ended.has(f);
    if (last) ctx.ended.add(f);
    const message = flagMessages[f.verdict];
    return (
      <span key={`${key}.${k}`} className={`claim-flag claim-${f.verdict}`} data-testid="claim-flag" data-verdict={f.verdict} title={message}>
        {text}
        {last && (
          <span className="claim-flag-icon" tabIndex={0} role="img" aria-label={`Warning: ${message}`} title={message}>
            <TriangleAlert size={12} aria-hidden="true" />
          </span>
        )}
      </span>
    );
  });
}

function renderInline(ctx: Ctx, tokens: Inline[], key: string): ReactNode[] {
  return tokens.map((t, i) => {
    const k = `${key}.${i}`;
    switch (t.type) {
      case 'text':
        return renderText(ctx, t.start, t.end, k);
      case 'code':
        return <code key={k}>{ctx.src.slice(t.start, t.end)}</code>;
      case 'strong':
        return <strong key={k}>{renderInline(ctx, t.children, k)}</strong>;
      case 'em':
        return <em key={k}>{renderInline(ctx, t.children, k)}</em>;
      case 'soft':
        return ' ';
      case 'cite': {
        const flag = ctx.flags.find((f) => t.start >= f.start && t.start < f.end) ?? null;
        return (
          <span key={k} className="cite-group">
            {t.markers.map((m, j) => (
              <CitationChip
                key={j}
                marker={m}
                citation={citationFor(ctx.citations, m)}
                pending={ctx.streaming}
                flagged={flag?.verdict === 'quote_failed'}
                onOpen={ctx.onOpen}
              />
            ))}
          </span>
        );
      }
    }
  });
}

function renderBlock(ctx: Ctx, b: Block, i: number): ReactNode {
  const k = `b${i}`;
  switch (b.type) {
    case 'p':
      return <p key={k}>{renderInline(ctx, b.inline, k)}</p>;
    case 'h': {
      const Tag = (b.level <= 2 ? 'h3' : 'h4') as 'h3' | 'h4';
      return <Tag key={k}>{renderInline(ctx, b.inline, k)}</Tag>;
    }
    case 'ul':
      return (
        <ul key={k}>
          {b.items.map((it, j) => (
            <li key={j}>{renderInline(ctx, it, `${k}.${j}`)}</li>
          ))}
        </ul>
      );
    case 'ol':
      return (
        <ol key={k} start={b.start}>
          {b.items.map((it, j) => (
            <li key={j}>{renderInline(ctx, it, `${k}.${j}`)}</li>
          ))}
        </ol>
      );
    case 'quote':
      return <blockquote key={k}>{renderInline(ctx, b.inline, k)}</blockquote>;
    case 'code':
      return (
        <pre key={k}>
          <code>{b.text}</code>
        </pre>
      );
    case 'hr':
      return <hr key={k} />;
  }
}

/** The answer as safe Markdown: elements and text only, markers as chips, weak claims flagged. */
export function AnswerBody({ content, citations, claims, streaming = false, onOpenCitation }: AnswerBodyProps) {
  const blocks = useMemo(() => parseMarkdown(content), [content]);
  const flags = useMemo(() => (streaming ? [] : flaggedRanges(content, claims)), [content, claims, streaming]);
  const ctx: Ctx = { src: content, flags, citations: citations ?? [], streaming, onOpen: onOpenCitation, ended: new Set() };
  return (
    <div className={`answer-body${streaming ? ' answer-streaming' : ''}`} dir="auto" data-testid="answer-body" aria-busy={streaming || undefined}>
      {blocks.map((b, i) => renderBlock(ctx, b, i))}
    </div>
  );
}
