// Saves the graph a moment after each edit: one save at a time, the latest
// graph always saved last, and a failed save leaves the edits in memory with
// the reason on screen (and a way to try again) rather than losing them.
import { useCallback, useEffect, useRef } from 'react';
import { BackendError, saveAppDocument } from '../../../lib/backend';
import { hasUnsavedEdits, useEditor } from '../store/editorStore';
import { errorText } from '../../../lib/format';

export const AUTOSAVE_DELAY_MS = 600;

export function useAutosave(appId: string): { saveNow: (overwrite?: boolean) => Promise<void> } {
  const revision = useEditor((s) => s.graph.revision);
  const inFlight = useRef(false);

  const saveNow = useCallback(
    async (overwrite = false) => {
      const s = useEditor.getState();
      if (inFlight.current || !s.doc || !hasUnsavedEdits(s)) return;
      inFlight.current = true;
      const rev = s.graph.revision;
      s.saveStarted();
      try {
        const doc = await saveAppDocument(appId, { dsl: JSON.stringify(s.serialize()), baseVersion: overwrite ? 0 : s.version });
        useEditor.getState().saveSucceeded(doc, rev);
      } catch (err) {
        useEditor.getState().saveFailed(reasonOf(err), err instanceof BackendError ? err.code : undefined);
        return;
      } finally {
        inFlight.current = false;
      }
      // Edits made while that save was on its way go in the next one.
      if (hasUnsavedEdits(useEditor.getState())) void saveNow();
    },
    [appId],
  );

  useEffect(() => {
    if (!hasUnsavedEdits(useEditor.getState())) return;
    const s = useEditor.getState();
    if (s.save.status !== 'failed' || s.save.code !== 'stale') s.saveStarted();
    const timer = setTimeout(() => void saveNow(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [revision, saveNow]);

  useWarnBeforeLeaving();
  return { saveNow };
}

/**
 * Saves whatever is pending and waits until the stored app is the graph on
 * screen (a run reads the stored DSL). Returns why it could not, or null.
 */
export async function ensureSaved(saveNow: (overwrite?: boolean) => Promise<void>): Promise<string | null> {
  for (let tries = 0; tries < 100; tries++) {
    const s = useEditor.getState();
    if (s.save.status === 'failed') return s.save.reason;
    if (!hasUnsavedEdits(s) && s.save.status === 'saved') return null;
    await saveNow();
    await new Promise((r) => setTimeout(r, 50));
  }
  return 'the app is still saving';
}

function reasonOf(err: unknown): string {
  if (err instanceof BackendError && err.code === 'stale') return 'this app was changed in another window';
  return errorText(err);
}

/** Asks before the page unloads with edits not yet saved. */
function useWarnBeforeLeaving(): void {
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (hasUnsavedEdits(useEditor.getState())) e.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
}
