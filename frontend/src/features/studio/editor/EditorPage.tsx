import { useEffect, useState } from 'react';
import { ReactFlowProvider } from '@xyflow/react';
import { useQuery } from '@tanstack/react-query';
import { getAppDocument } from '../../../lib/backend';
import { LoadError } from '../../../components/ui/LoadError';
import { Spinner } from '../../../components/ui/Spinner';
import { NodePanel } from '../panel/NodePanel';
import { useEditor } from '../store/editorStore';
import { Canvas } from './Canvas';
import { EditorToolbar } from './EditorToolbar';
import { Palette } from './Palette';
import { ProblemsPanel } from './ProblemsPanel';
import { useAutosave } from './useAutosave';
import { useShortcuts } from './useShortcuts';
import '@xyflow/react/dist/style.css';
import './Editor.css';

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
      setLoadError(err instanceof Error ? err.message : String(err));
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

function Editor({ appId }: { appId: string }) {
  const { saveNow } = useAutosave(appId);
  useShortcuts();
  return (
    <div className="studio-editor">
      <EditorToolbar onRetrySave={(overwrite) => void saveNow(overwrite)} />
      <div className="studio-body">
        <Palette />
        <div className="studio-stage">
          <Canvas />
          <ProblemsPanel />
          <NodePanel />
        </div>
      </div>
    </div>
  );
}
