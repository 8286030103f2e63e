import { ViewportPortal } from '@xyflow/react';
import { useMemo } from 'react';
import { useEditor } from '../store/editorStore';
import { notesOf } from './canvasNotes';

/**
 * The graph's sticky notes, drawn on the canvas where their author put them.
 * They are annotations, not steps: they never run, and they are kept as they
 * are when the app is saved or exported.
 */
export function CanvasNotes() {
  const doc = useEditor((s) => s.doc);
  const notes = useMemo(() => notesOf(doc), [doc]);
  if (notes.length === 0) return null;
  return (
    <ViewportPortal>
      {notes.map((n) => (
        <aside
          key={n.id}
          className={`canvas-note canvas-note-${n.theme}`}
          style={{ transform: `translate(${n.x}px, ${n.y}px)`, width: n.width, minHeight: n.height }}
          data-testid="canvas-note"
          aria-label="Note"
        >
          <p>{n.text}</p>
          {n.author && <footer>{n.author}</footer>}
        </aside>
      ))}
    </ViewportPortal>
  );
}
