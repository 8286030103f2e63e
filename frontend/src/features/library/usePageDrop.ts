// The whole page as a drop target: listens on window in the capture phase (so drops anywhere,
// bubbling or not, are seen once), shows whether files are being dragged over, and hands the
// drop's roots to the page. Takes the roots synchronously, as the browser requires. In the
// desktop window with its native file drop on, the same gesture also brings the paths of what
// was dropped, and those are handed over instead (see nativeDrop.ts).
import { useEffect, useRef, useState } from 'react';
import { collectDropRoots, type DropRoot } from './folderWalk';
import { DropPairing, nativeDropEnabled, onNativeDrop, type Drop } from './nativeDrop';

/**
 * True when the drag carries files. A file manager's drag reaches the Linux desktop window as
 * a list of file URIs without the "Files" type, so there (where the native drop brings the
 * paths) a URI list counts too.
 */
function carriesFiles(e: DragEvent, uriListsToo: boolean): boolean {
  const types = e.dataTransfer?.types;
  if (!types) return false;
  const list = Array.from(types as ArrayLike<string>);
  return list.includes('Files') || (uriListsToo && list.includes('text/uri-list'));
}

export interface PageDropHandlers {
  /** What the page's drop carried: files and folders as the browser hands them over. */
  onRoots: (roots: DropRoot[]) => void;
  /** Absolute paths from the desktop window's native drop (absent: onRoots is told of an empty drop). */
  onPaths?: (paths: string[]) => void;
}

/** Returns true while files are dragged over the page; hands each drop to the handlers once. */
export function usePageDrop(handlers: PageDropHandlers, enabled = true): boolean {
  const [dragging, setDragging] = useState(false);
  const current = useRef(handlers);
  useEffect(() => {
    current.current = handlers;
  }, [handlers]);

  useEffect(() => {
    if (!enabled) return;
    const deliver = (drop: Drop) => {
      const h = current.current;
      if (drop.kind === 'roots') h.onRoots(drop.roots);
      else if (h.onPaths) h.onPaths(drop.paths);
      else h.onRoots([]);
    };
    const pairing = nativeDropEnabled() ? new DropPairing(deliver) : null;
    const offNative = pairing ? onNativeDrop((paths) => pairing.native(paths)) : () => {};
    const files = (e: DragEvent) => carriesFiles(e, pairing !== null);
    let depth = 0;
    const enter = (e: DragEvent) => {
      if (!files(e)) return;
      e.preventDefault();
      depth++;
      setDragging(true);
    };
    const over = (e: DragEvent) => {
      if (!files(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const leave = (e: DragEvent) => {
      if (!files(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const drop = (e: DragEvent) => {
      depth = 0;
      setDragging(false);
      const roots = collectDropRoots(e.dataTransfer);
      if (roots.length === 0 && !files(e)) return;
      e.preventDefault();
      if (pairing) {
        // The Wails runtime's own window listener must see this drop too: on Windows it is
        // what resolves the native paths.
        pairing.page(roots);
        return;
      }
      e.stopPropagation();
      if (roots.length > 0) deliver({ kind: 'roots', roots });
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
      offNative();
      pairing?.dispose();
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
