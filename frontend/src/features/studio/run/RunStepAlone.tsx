// "Run this step": the selected step alone, with exactly the variables it
// read in the app's last whole run (recorded by the backend), through its
// current settings. The result is a run of its own in the history.
import { useEffect, useRef, useState } from 'react';
import { FlaskConical } from 'lucide-react';
import type { NodeRunStarted } from '../../../lib/api.gen';
import { BackendError, runStepAlone } from '../../../lib/backend';
import { errorText, formatRelative } from '../../../lib/format';
import { Link } from '../../../components/ui/Link';
import { Button } from '../../../components/ui/Button';
import { Callout } from '../../../components/ui/Callout';
import { Spinner } from '../../../components/ui/Spinner';
import { isLive } from '../../../shared/run/display';
import { NodeDetail } from '../../../shared/run/NodeDetail';
import { runPath } from '../../../lib/paths/runs';
import { useRunDetail } from '../../../shared/run/queries';
import { useLiveRun } from '../../../shared/run/useLiveRun';
import { useNow } from '../../../shared/run/useNow';
import { Section } from '../panel/fields';
import { useEditorActions } from '../editor/editorContext';
import { ensureSaved } from '../editor/useAutosave';
import { useEditor } from '../store/editorStore';

type Failure = { code: string; message: string };

export function RunStepAlone({ nodeId }: { nodeId: string }) {
  const appId = useEditor((s) => s.app?.id ?? '');
  const { saveNow } = useEditorActions();
  const [started, setStarted] = useState<NodeRunStarted | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    setFailure(null);
    try {
      const unsaved = await ensureSaved(saveNow);
      if (unsaved) throw new Error(`The app could not be saved first: ${unsaved}.`);
      setStarted(await runStepAlone(appId, nodeId));
    } catch (err) {
      setFailure({ code: err instanceof BackendError ? err.code : '', message: errorText(err) });
    } finally {
      setPending(false);
    }
  };
  return (
    <Section title="Test this step" hint="Runs only this step, with its current settings and exactly the values it read in the app’s last run. The test is kept in Runs.">
      <div data-testid="step-run">
        <Button icon={<FlaskConical size={14} aria-hidden="true" />} loading={pending} onClick={() => void run()} data-testid="run-step">
          Run this step
        </Button>
      </div>
      {failure?.code === 'never_ran' ? (
        <Callout tone="info" title="This step has not run yet" data-testid="step-never-ran">
          Run the whole app once from the toolbar: the values this step reads are kept, and it can then be tested alone with them.
        </Callout>
      ) : (
        failure && (
          <Callout tone="danger" title="The step could not run">
            {failure.message}
          </Callout>
        )
      )}
      {started && <StepResult key={started.runId} started={started} />}
    </Section>
  );
}

function StepResult({ started }: { started: NodeRunStarted }) {
  const detail = useRunDetail(started.runId);
  const live = isLive(detail.data?.run.status ?? 'running');
  useLiveRun(started.runId, live);
  const now = useNow(live);
  const node = detail.data?.nodes.find((n) => !n.isVirtual) ?? null;
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [node?.status]);
  return (
    <div ref={box} className="step-run-result" data-testid="step-run-result" data-status={detail.data?.run.status ?? 'running'}>
      <p className="panel-section-hint">
        With the values of <Link to={runPath(started.sourceRunId)}>the run {formatRelative(started.sourceStartedAt, now)}</Link> ·{' '}
        <Link to={runPath(started.runId)}>Open this test in Runs</Link>
      </p>
      {started.missing.length > 0 && (
        <Callout tone="danger" title="Read now, not recorded then">
          The step now reads {started.missing.map((m) => `{{#${m}#}}`).join(', ')}, which that run did not give it: the step finds them empty.
        </Callout>
      )}
      {detail.error && <Callout tone="danger" title="The result could not be loaded">{detail.error.message}</Callout>}
      {node ? <NodeDetail node={node} now={now} /> : !detail.error && <Spinner size={16} label="Running the step" />}
    </div>
  );
}
