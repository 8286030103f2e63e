// What a workflow run from the canvas streams, step by step, then its
// outputs or its error. Text reads as Chat reads it: Markdown, with the
// run's citation markers as chips that open the cited passage.
import { Callout } from '../../../components/ui/Callout';
import { AnswerBody } from '../../../shared/answer/AnswerBody';
import { useOpenCitation } from '../../../shared/answer/openSource';
import { JsonView } from '../../../shared/run/JsonView';
import { appPath } from '../../../lib/paths/studio';
import { useEditor } from '../store/editorStore';
import { useStepTitles } from '../store/stepTitles';
import { useCanvasRun } from './runStore';

export function WorkflowOutput() {
  const runId = useCanvasRun((s) => (s.origin === 'workflow' ? s.runId : null));
  const streamed = useCanvasRun((s) => s.streamed);
  const outputs = useCanvasRun((s) => s.outputs);
  const stream = useCanvasRun((s) => s.stream);
  const texts = Object.entries(streamed);
  const titles = useStepTitles(Object.keys(streamed));
  const appId = useEditor((s) => s.app?.id ?? '');
  const openCitation = useOpenCitation(appPath(appId));
  if (!runId) return null;
  // Markers in any text of the run (a report that quotes the cited answer) point at the passages it cited.
  const body = (content: string, streaming: boolean) => (
    <AnswerBody content={content} citations={stream.cited?.citations} claims={stream.cited?.claims} streaming={streaming} onOpenCitation={(c) => void openCitation(c)} />
  );
  const { text, other } = splitOutputs(outputs);
  return (
    <section className="run-output" aria-label="Output" data-testid="run-output" aria-live="polite">
      <h3>Output</h3>
      {texts.map(([id, streamedText]) => (
        <figure key={id} className="run-stream">
          <figcaption>{titles[id] ?? id}</figcaption>
          {body(streamedText, !stream.ended)}
        </figure>
      ))}
      {stream.ended && stream.runStatus !== 'succeeded' && (
        <Callout tone="danger" title={stream.runStatus === 'cancelled' ? 'Cancelled' : 'The run failed'}>
          <span dir="auto">{stream.runError || 'The run stopped before it finished.'}</span>
        </Callout>
      )}
      {stream.ended &&
        text.map(([name, value]) => (
          <figure key={name} className="run-stream run-stream-output" data-testid="run-output-text" data-output={name}>
            <figcaption>{name}</figcaption>
            {body(value, false)}
          </figure>
        ))}
      {stream.ended && other && <JsonView value={other} label="Outputs" />}
      {!stream.ended && texts.length === 0 && <p className="subtle">Waiting for the first step to produce something…</p>}
    </section>
  );
}

/** The text outputs, to read as Markdown, and the rest (numbers, lists, records), to browse; null when there is no rest. */
function splitOutputs(outputs: Record<string, unknown> | null): { text: [string, string][]; other: Record<string, unknown> | null } {
  const entries = Object.entries(outputs ?? {});
  const text = entries.filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== '');
  const rest = entries.filter(([, v]) => typeof v !== 'string' || v.trim() === '');
  return { text, other: rest.length > 0 ? Object.fromEntries(rest) : null };
}
