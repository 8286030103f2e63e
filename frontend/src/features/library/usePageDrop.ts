// The whole page as a drop target: listens on window in the capture phase (so drops anywhere,
// bubbling or not, are seen once), shows whether files are being dragged over, and hands the
// drop's roots to the page. Takes the roots synchronously, as the browser requires.
import { useEffect, useRef, useState } from 'react';
import { collectDropRoots, type DropRoot } from './folderWalk';

function carriesFiles(e: DragEvent): boolean {
  const types = e.dataTransfer?.types;
  if (!types) return false;
  return Array.from(types as ArrayLike<string>).includes('Files');
}

/** Returns true while files are dragged over the page. `onDrop` gets the dropped roots. */
export function usePageDrop(onDrop: (roots: DropRoot[]) => void, enabled = true): boolean {
  const [dragging, setDragging] = useState(false);
  const handler = useRef(onDrop);
  useEffect(() => {
    handler.current = onDrop;
  }, [onDrop]);

  useEffect(() => {
    if (!enabled) return;
    let depth = 0;
    const enter = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      depth++;
      setDragging(true);
    };
    const over = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const leave = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const drop = (e: DragEvent) => {
      depth = 0;
      setDragging(false);
      const roots = collectDropRoots(e.dataTransfer);
      if (roots.length === 0 && !carriesFiles(e)) return;
      e.preventDefault();
      e.stopPropagation();
      if (roots.length > 0) handler.current(roots);
    };
    const reset = () => {
      depth = 0;
      setDragging(false);
    };
    window.addEventListener('dragenter', enter, true);
    window.addEventListener('dragover', over, true);
    window.addEventListener('dragleave', leave, true);
    window.addEventListener('drop', drop, true);
    window.addEventListener('dragend', reset, true);
    window.addEventListener('blur', reset);
    return () => {
      window.removeEventListener('dragenter', enter, true);
      window.removeEventListener('dragover', over, true);
      window.removeEventListener('dragleave', leave, true);
      window.removeEventListener('drop', drop, true);
      window.removeEventListener('dragend', reset, true);
      window.removeEventListener('blur', reset);
    };
  }, [enabled]);

  return enabled && dragging;
}
