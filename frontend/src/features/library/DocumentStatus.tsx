import type { Document } from '../../lib/api.gen';
import { ProgressBar } from '../../components/ui/ProgressBar';
import { StatusDot, type StatusTone } from '../../components/ui/StatusDot';
import { clampPercent, stageText } from '../../shared/library/progress';

function tone(status: Document['status']): StatusTone {
  switch (status) {
    case 'ready':
      return 'ok';
    case 'failed':
      return 'error';
    case 'queued':
      return 'unknown';
    default:
      return 'busy';
  }
}

/** A document's status: dot and label, a progress bar while parsing or indexing, the full reason when it failed. */
export function DocumentStatus({ doc }: { doc: Pick<Document, 'name' | 'status' | 'percent' | 'error'> }) {
  const text = doc.status === 'deleting' ? 'Deleting…' : stageText(doc.status, doc.percent);
  const working = doc.status === 'parsing' || doc.status === 'indexing';
  return (
    <div className={`doc-status doc-status-${doc.status}`}>
      <span className="doc-status-label">
        <StatusDot tone={tone(doc.status)} label={text} />
        <span aria-hidden="true">{text}</span>
      </span>
      {working && <ProgressBar size="sm" value={clampPercent(doc.percent)} label={`${doc.name}: ${text}`} valueText={text} />}
      {doc.status === 'failed' && <p className="doc-status-error">{doc.error || 'Ingestion failed.'}</p>}
    </div>
  );
}
