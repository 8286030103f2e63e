// What the editor's panels need from the page around them: saving now
// (before a run reads the stored app).
import { createContext, useContext } from 'react';

export interface EditorActions {
  saveNow: (overwrite?: boolean) => Promise<void>;
}

export const EditorActionsContext = createContext<EditorActions>({ saveNow: async () => {} });

export function useEditorActions(): EditorActions {
  return useContext(EditorActionsContext);
}
