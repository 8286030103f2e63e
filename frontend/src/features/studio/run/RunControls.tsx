// What the run panel's two faces (a workflow's inputs, a chatflow's preview) share:
// starting a run of the app on screen, its error, and the way to its record in Runs.
import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import type { RunRequest } from '../../../lib/api.gen';
import { errorText } from '../../../lib/format';
import { Link } from '../../../components/ui/Link';
import { Callout } from '../../../components/ui/Callout';
import { runPath } from '../../../lib/paths/runs';
import { useEditorActions } from '../editor/editorContext';
import { ensureSaved } from '../editor/useAutosave';
import { useEditor } from '../store/editorStore';
import { askInPreview, runFromCanvas } from './canvasRun';

/** Starts a run of the app as it is on screen: saved first, refused while it has problems. */
export function useStartRun(): { start: (req: Omit<RunRequest, 'conversationId'>) => Promise<boolean>; error: string | null; pending: boolean } {
  const { saveNow } = useEditorActions();
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const start = async (req: Omit<RunRequest, 'conversationId'>) => {
    const app = useEditor.getState().app;
    if (!app) return false;
    setPending(true);
    setError(null);
    try {
      const unsaved = await ensureSaved(saveNow);
      if (unsaved) throw new Error(`The app could not be saved first: ${unsaved}.`);
      const problems = useEditor.getState().problems.length;
      if (problems > 0) throw new Error(`The graph has ${problems === 1 ? 'a problem' : `${problems} problems`} to fix first; they are listed on the canvas.`);
      if (app.mode === 'chatflow') await askInPreview(app, req.query, client);
      else await runFromCanvas(app.id, { ...req, conversationId: '' }, 'workflow', client);
      return true;
    } catch (err) {
      setError(errorText(err));
      return false;
    } finally {
      setPending(false);
    }
  };
  return { start, error, pending };
}

export function OpenInRuns({ runId, children = 'Open in Runs' }: { runId: string; children?: ReactNode }) {
  return (
    <Link to={runPath(runId)} className="btn btn-secondary btn-sm" data-testid="open-run">
      <ExternalLink size={13} aria-hidden="true" /> {children}
    </Link>
  );
}

export function RunError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Callout tone="danger" title="The run did not start" role="alert">
      {message}
    </Callout>
  );
}
