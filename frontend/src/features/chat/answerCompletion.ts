// When an answer the user watched stream completes, focus moves to it (its citations are then
// the next Tab stops) and a live region tells screen readers how it ended.
import { useEffect, useRef, useState } from 'react';
import type { Message } from '../../lib/api.gen';
import { plural } from '../../lib/format';
import { answerElementId } from './AnswerMessage';

/** What a screen reader hears when an answer completes. */
export function completionText(m: Message): string {
  if (m.status === 'interrupted') return 'The answer was stopped.';
  if (m.status === 'failed' || m.generation?.status === 'failed') return 'The answer failed.';
  if (m.generation?.status === 'no_evidence' || m.generation?.refused) return 'Your library does not answer this question.';
  const cited = m.citations?.length ?? 0;
  const support = m.generation?.status === 'partial' ? ' It is only partly supported.' : '';
  return `The answer is ready${cited > 0 ? `, citing ${plural(cited, 'passage')}` : ''}.${support}`;
}

/**
 * Follows the streaming answer of `messages`; when it completes, focuses it (unless the user is
 * already typing the next question: a draft keeps the focus) and returns the announcement.
 */
export function useAnswerCompletion(messages: readonly Message[], typing: boolean): string {
  const [announcement, setAnnouncement] = useState('');
  const watching = useRef<string | null>(null);
  const streaming = messages.find((m) => m.role === 'ai' && m.status === 'streaming');
  useEffect(() => {
    if (streaming) {
      watching.current = streaming.id;
      return;
    }
    const done = messages.find((m) => m.id === watching.current);
    if (!done) return;
    watching.current = null;
    setAnnouncement(completionText(done));
    if (!typing) document.getElementById(answerElementId(done.id))?.focus({ preventScroll: true });
  }, [streaming, messages, typing]);
  return announcement;
}
