import { CircleAlert, CircleCheck } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { useEditor } from '../store/editorStore';

/** "Saved", "Saving…" or "Not saved: reason", with a way to try again. */
export function SaveStatus({ onRetry }: { onRetry: (overwrite: boolean) => void }) {
  const save = useEditor((s) => s.save);
  if (save.status === 'saving') {
    return (
      <span className="save-status" role="status" data-testid="save-status">
        <Spinner size={12} /> Saving…
      </span>
    );
  }
  if (save.status === 'saved') {
    return (
      <span className="save-status save-status-ok" role="status" data-testid="save-status">
        <CircleCheck size={13} aria-hidden="true" /> Saved
      </span>
    );
  }
  const stale = save.code === 'stale';
  return (
    <span className="save-status save-status-failed" role="alert" data-testid="save-status">
      <CircleAlert size={13} aria-hidden="true" /> Not saved: {save.reason}
      <Button size="sm" variant="ghost" onClick={() => onRetry(stale)}>
        {stale ? 'Save mine anyway' : 'Retry'}
      </Button>
    </span>
  );
}
