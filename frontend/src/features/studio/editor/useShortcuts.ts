// The canvas's keys: Delete/Backspace removes the selection, Ctrl/Cmd+Z
// undoes, Ctrl/Cmd+Shift+Z (or Ctrl+Y) redoes. Keys typed into a field are
// the field's own.
import { useEffect } from 'react';
import { useEditor } from '../store/editorStore';

export function useShortcuts(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || isTyping(e.target) || document.querySelector('.dialog')) return;
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
