// The canvas's keys: Delete/Backspace removes the selection, Ctrl/Cmd+Z
// undoes, Ctrl/Cmd+Shift+Z (or Ctrl+Y) redoes, Escape clears the selection
// (closing the node panel). Keys typed into a field are
// the field's own.
import { useEffect } from 'react';
import { useEditor } from '../store/editorStore';

export function useShortcuts(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || document.querySelector('.dialog')) return;
      // Escape leaves a field first, then clears the selection.
      if (e.key === 'Escape') return isTyping(e.target) ? (e.target as HTMLElement).blur() : deselectAll();
      if (isTyping(e.target)) return;
      const action = actionFor(e);
      if (!action) return;
      e.preventDefault();
      useEditor.getState().dispatch({ type: action });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}

export function actionFor(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>): 'undo' | 'redo' | 'removeSelected' | null {
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key.toLowerCase();
  if (!mod && !e.altKey && (key === 'delete' || key === 'backspace')) return 'removeSelected';
  if (mod && key === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (mod && key === 'y') return 'redo';
  return null;
}

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

export function deselectAll(): void {
  const s = useEditor.getState();
  const changes = s.graph.present.nodes.filter((n) => n.selected).map((n) => ({ type: 'select' as const, id: n.id, selected: false }));
  if (changes.length > 0) s.dispatch({ type: 'nodesChanged', changes });
}
