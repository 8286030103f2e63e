import { memo } from 'react';
import { parseSnippet } from './snippet';

/** A search snippet with its matches marked, rendered as text nodes and <mark> elements only. */
export const Snippet = memo(function Snippet({ snippet, className }: { snippet: string; className?: string }) {
  const parts = parseSnippet(snippet);
  return (
    <p className={className} dir="auto">
      {parts.map((p, i) => (p.mark ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>))}
    </p>
  );
});
