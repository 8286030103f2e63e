import { useEffect, useState } from 'react';
import { useRouteQuery } from '../../../lib/router';
import { ReactFlowProvider } from '@xyflow/react';
import { useQuery } from '@tanstack/react-query';
import { getAppDocument } from '../../../lib/backend';
import { LoadError } from '../../../components/ui/LoadError';
import { Spinner } from '../../../components/ui/Spinner';
import { NodeLooks } from '../../../shared/run/nodeLook';
import { kindOf } from '../nodes/catalog';
import { NodePanel } from '../panel/NodePanel';
import { useSelectedNodeId } from '../panel/useNodeConfig';
import { newPreviewConversation } from '../run/canvasRun';
import { RunPanel } from '../run/RunPanel';
import { useCanvasRun } from '../run/runStore';
import { TraceBar, TracePanel, useTrace } from '../run/TraceView';
import { useEditor } from '../store/editorStore';
import { EditorActionsContext } from './editorContext';
import { Canvas } from './Canvas';
import { EditorToolbar } from './EditorToolbar';
import { Palette } from './Palette';
import { ProblemsPanel } from './ProblemsPanel';
import { useAutosave } from './useAutosave';
import { deselectAll, useShortcuts } from './useShortcuts';
import '@xyflow/react/dist/style.css';
import './Editor.css';
import { errorText } from '../../../lib/format';

/** #/studio/{appId}: the app's graph on a canvas, saved as it is edited. */
export function EditorPage({ appId }: { appId: string }) {
  const doc = useQuery({ queryKey: ['studio', 'document', appId], queryFn: ({ signal }) => getAppDocument(appId, signal), gcTime: 0, staleTime: Infinity, refetchOnWindowFocus: false });
  const [loadError, setLoadError] = useState<string | null>(null);
  const loadedFor = useEditor((s) => s.app?.id);

  useEffect(() => {
    if (!doc.data) return;
    try {
      useEditor.getState().load(doc.data);
      setLoadError(null);
    } catch (err) {
      setLoadError(errorText(err));
    }
  }, [doc.data]);

  const error = doc.error?.message ?? loadError;
  if (error) {
    return (
      <div className="studio-editor-message">
        <LoadError title="The app could not be opened" onRetry={() => void doc.refetch()}>
          {error}
        </LoadError>
      </div>
    );
  }
  if (!doc.data || loadedFor !== appId) {
    return (
      <div className="studio-editor-message">
        <Spinner size={20} label="Loading the app" />
      </div>
    );
  }
  return (
    <ReactFlowProvider>
      <Editor appId={appId} />
    </ReactFlowProvider>
  );
}

/** The canvas: editable, or a run's trace (#/studio/{appId}?run={runId}) drawn on it read-only. */
function Editor({ appId }: { appId: string }) {
  const traceRunId = useRouteQuery().get('run');
  const { saveNow } = useAutosave(appId);
  const [runOpen, setRunOpen] = useState(false);
  const selected = useSelectedNodeId();
  useShortcuts(traceRunId !== null);
  useClearRunOnEdit();
  // One panel at a time: a selected step's settings, or the run.
  useEffect(() => {
    if (selected) setRunOpen(false);
  }, [selected]);
  const toggleRun = () => {
    if (!runOpen) deselectAll();
    setRunOpen(!runOpen);
  };
  return (
    <EditorActionsContext.Provider value={{ saveNow }}>
      <NodeLooks.Provider value={kindOf}>
        <div className="studio-editor">
          <EditorToolbar onRetrySave={(overwrite) => void saveNow(overwrite)} runOpen={runOpen} onToggleRun={toggleRun} readOnly={traceRunId !== null} />
          {traceRunId ? (
            <Trace key={traceRunId} appId={appId} runId={traceRunId} />
          ) : (
            <div className="studio-body">
              <Palette />
              <div className="studio-stage">
                <div className="studio-stage-main">
                  <Canvas />
                  <ProblemsPanel />
                </div>
                {runOpen ? <RunPanel onClose={() => setRunOpen(false)} /> : <NodePanel />}
              </div>
            </div>
          )}
        </div>
      </NodeLooks.Provider>
    </EditorActionsContext.Provider>
  );
}

function Trace({ appId, runId }: { appId: string; runId: string }) {
  const trace = useTrace(runId);
  return (
    <div className="studio-body studio-body-trace">
      <div className="studio-stage">
        <div className="studio-stage-main">
          <TraceBar detail={trace.detail} appId={appId} />
          <Canvas readOnly />
        </div>
        <TracePanel {...trace} />
      </div>
    </div>
  );
}

/**
 * The step statuses of a finished run stay on the canvas until the graph is
 * edited (they no longer describe it then) or the editor closes.
 */
function useClearRunOnEdit() {
  const revision = useEditor((s) => s.graph.revision);
  useEffect(() => {
    const run = useCanvasRun.getState();
    if (!run.live && run.origin !== 'trace' && run.runId) run.clear();
  }, [revision]);
  useEffect(
    () => () => {
      useCanvasRun.getState().clear();
      newPreviewConversation();
    },
    [],
  );
}
