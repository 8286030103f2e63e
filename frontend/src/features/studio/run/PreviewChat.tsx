// The chatflow preview: questions asked of the app as it is on the canvas,
// each answered by its own run, the answer streaming in as it is written.
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ArrowUp, MessageSquarePlus } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { AnswerBody } from '../../../shared/answer/AnswerBody';
import { useOpenCitation } from '../../../shared/answer/openSource';
import { appPath } from '../../../lib/paths/studio';
import { useEditor } from '../store/editorStore';
import { Spinner } from '../../../components/ui/Spinner';
import { newPreviewConversation } from './canvasRun';
import { OpenInRuns, RunError, useStartRun } from './RunControls';
import { useCanvasRun, type PreviewTurn } from './runStore';

export function PreviewChat() {
  const turns = useCanvasRun((s) => s.turns);
  const live = useCanvasRun((s) => s.live);
  const cited = useCanvasRun((s) => s.stream.cited);
  const run = useStartRun();
  const [question, setQuestion] = useState('');
  const end = useRef<HTMLDivElement>(null);
  const last = turns[turns.length - 1];
  useEffect(() => {
    // Not returned: a browser's scrollIntoView may return a promise, which React would take for a cleanup.
    end.current?.scrollIntoView({ block: 'end' });
  }, [turns.length, last?.answer]);
  const ask = (e?: FormEvent) => {
    e?.preventDefault();
    const q = question.trim();
    if (!q || live || run.pending) return;
    void run.start({ inputs: {}, query: q }).then((ok) => ok && setQuestion(''));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) ask(e);
  };
  return (
    <div className="run-panel-body preview-chat">
      <div className="preview-turns" aria-live="polite" data-testid="preview-turns">
        {turns.length === 0 && <p className="subtle preview-empty">Ask a question to try the chatflow. The steps light up on the canvas as they run.</p>}
        {turns.map((t) => (
          <Turn key={t.runId} turn={t} citations={t === last ? cited?.citations : undefined} />
        ))}
        <div ref={end} />
      </div>
      <RunError message={run.error} />
      <form className="preview-composer" onSubmit={ask}>
        <textarea
          className="textarea"
          rows={2}
          value={question}
          placeholder="Ask the chatflow…"
          aria-label="Question"
          onChange={(e) => setQuestion(e.target.value)}
          onKeyDown={onKeyDown}
          dir="auto"
          data-testid="preview-input"
        />
        <div className="preview-composer-bar">
          <Button size="sm" variant="ghost" icon={<MessageSquarePlus size={14} aria-hidden="true" />} disabled={turns.length === 0 || live} onClick={newPreviewConversation}
            title="Forget this conversation: the next question starts a new one" data-testid="preview-new-conversation">
            New conversation
          </Button>
          <Button type="submit" size="sm" variant="primary" icon={<ArrowUp size={14} aria-hidden="true" />} loading={run.pending} disabled={live || !question.trim()} data-testid="preview-send">
            Send
          </Button>
        </div>
      </form>
    </div>
  );
}

function Turn({ turn, citations }: { turn: PreviewTurn; citations?: Parameters<typeof AnswerBody>[0]['citations'] }) {
  const streaming = turn.status === 'running';
  const appId = useEditor((s) => s.app?.id ?? '');
  const openCitation = useOpenCitation(appPath(appId));
  return (
    <div className="preview-turn" data-testid="preview-turn" data-status={turn.status}>
      <p className="preview-question" dir="auto">
        {turn.question}
      </p>
      <div className="preview-answer">
        {turn.answer ? <AnswerBody content={turn.answer} citations={citations} streaming={streaming} onOpenCitation={(c) => void openCitation(c)} /> : streaming && <Spinner size={14} label="Answering" />}
        {turn.status === 'failed' && <p className="run-panel-error">{turn.error || 'The run failed.'}</p>}
        {turn.status === 'cancelled' && <p className="subtle">Cancelled.</p>}
        {!streaming && <OpenInRuns runId={turn.runId}>Trace</OpenInRuns>}
      </div>
    </div>
  );
}
