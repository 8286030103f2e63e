import { useReactFlow } from '@xyflow/react';
import { ArrowLeft, Maximize, Redo2, Undo2 } from 'lucide-react';
import { Link } from '../../../app/Link';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { modeLabel } from '../list/AppCard';
import { STUDIO_PATH } from '../paths';
import { useEditor } from '../store/editorStore';
import { SaveStatus } from './SaveStatus';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const mod = isMac ? '⌘' : 'Ctrl+';

export function EditorToolbar({ onRetrySave }: { onRetrySave: (overwrite: boolean) => void }) {
  const app = useEditor((s) => s.app);
  const canUndo = useEditor((s) => s.graph.past.length > 0);
  const canRedo = useEditor((s) => s.graph.future.length > 0);
  const dispatch = useEditor((s) => s.dispatch);
  const flow = useReactFlow();
  return (
    <header className="studio-toolbar">
      <Link to={STUDIO_PATH} className="studio-back" aria-label="All apps" title="All apps">
        <ArrowLeft size={16} aria-hidden="true" />
      </Link>
      <div className="studio-toolbar-title">
        <h1 dir="auto">{app?.name}</h1>
        {app && <Badge tone={app.mode === 'chatflow' ? 'accent' : 'neutral'}>{modeLabel[app.mode]}</Badge>}
      </div>
      <SaveStatus onRetry={onRetrySave} />
      <div className="studio-toolbar-actions">
        <Button size="sm" variant="ghost" icon={<Undo2 size={15} aria-hidden="true" />} aria-label="Undo" title={`Undo (${mod}Z)`} disabled={!canUndo} onClick={() => dispatch({ type: 'undo' })} />
        <Button size="sm" variant="ghost" icon={<Redo2 size={15} aria-hidden="true" />} aria-label="Redo" title={`Redo (${mod}Shift+Z)`} disabled={!canRedo} onClick={() => dispatch({ type: 'redo' })} />
        <Button size="sm" variant="ghost" icon={<Maximize size={15} aria-hidden="true" />} aria-label="Fit to screen" title="Fit to screen" onClick={() => void flow.fitView({ padding: 0.2, duration: 250, maxZoom: 1 })} />
      </div>
    </header>
  );
}
