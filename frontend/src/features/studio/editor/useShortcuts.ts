// The canvas's keys: Delete/Backspace removes the selection, Ctrl/Cmd+Z
// undoes, Ctrl/Cmd+Shift+Z (or Ctrl+Y) redoes, Ctrl/Cmd+C copies the
// selected steps and Ctrl/Cmd+V pastes them, Escape drops a half-made
// click-to-connect or else clears the selection (closing the node panel).
// Keys typed into a field are the field's own; a read-only canvas (a run's
// trace) takes only Escape.
import { useEffect } from 'react';
import { useStoreApi } from '@xyflow/react';
import { shownGraph, useEditor } from '../store/editorStore';
import { removeSelectedSteps } from './removeSteps';

export function useShortcuts(readOnly = false): void {
  const flow = useStoreApi();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || document.querySelector('.dialog')) return;
      // Escape leaves a field first, then a pending connection, then clears the selection.
      if (e.key === 'Escape') {
        if (isTyping(e.target)) return (e.target as HTMLElement).blur();
        if (flow.getState().connectionClickStartHandle) return flow.setState({ connectionClickStartHandle: null });
        return deselectAll();
      }
      if (readOnly || isTyping(e.target) || hasTextSelection()) return;
      const action = actionFor(e);
      if (!action) return;
      const s = useEditor.getState();
      if (action === 'copy') {
        if (s.copy()) e.preventDefault();
        return;
      }
      e.preventDefault();
      if (action === 'paste') s.paste();
      else if (action === 'removeSelected') removeSelectedSteps();
      else s.dispatch({ type: action });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [readOnly, flow]);
}

export type ShortcutAction = 'undo' | 'redo' | 'removeSelected' | 'copy' | 'paste';

export function actionFor(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>): ShortcutAction | null {
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key.toLowerCase();
  if (!mod && !e.altKey && (key === 'delete' || key === 'backspace')) return 'removeSelected';
  if (mod && key === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (mod && key === 'y') return 'redo';
  if (mod && !e.shiftKey && !e.altKey && key === 'c') return 'copy';
  if (mod && !e.shiftKey && !e.altKey && key === 'v') return 'paste';
  return null;
}

/** Text selected on the page (in a run's output, say) is copied as text, not as steps. */
function hasTextSelection(): boolean {
  const sel = window.getSelection();
  return !!sel && !sel.isCollapsed && sel.toString().trim() !== '';
}

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

export function deselectAll(): void {
  const s = useEditor.getState();
  const changes = shownGraph(s).nodes.filter((n) => n.selected).map((n) => ({ type: 'select' as const, id: n.id, selected: false }));
  if (changes.length > 0) s.dispatch({ type: 'nodesChanged', changes });
}
