import { memo, useId, useMemo, useState } from 'react';
import { CircleAlert, CircleCheck, Copy, X } from 'lucide-react';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { ProgressBar, type ProgressTone } from '../../components/ui/ProgressBar';
import { formatBytes, plural } from '../../lib/format';
import { FormatIcon } from './FormatIcon';
import { clampPercent, stageText } from '../../shared/library/progress';
import { isDone, uploadTotals, type UploadRow } from './uploads';

/** Rows shown at first; a folder of thousands of files shows the rest on request. */
export const ROWS_SHOWN = 100;

export function rowStatusText(row: UploadRow): string {
  switch (row.status) {
    case 'waiting':
      return 'Waiting';
    case 'uploading':
      if (row.local) return 'Adding';
      return `Uploading ${row.size > 0 ? clampPercent((row.sent / row.size) * 100) : 0}%`;
    case 'duplicate':
      return 'Already in this collection';
    case 'cancelled':
      return 'Cancelled';
    default:
      return stageText(row.status, row.percent);
  }
}

function rowBar(row: UploadRow): { value: number | null; tone: ProgressTone } {
  switch (row.status) {
    case 'uploading':
      if (row.local) return { value: null, tone: 'accent' }; // read in place: no bytes to count
      return { value: row.size > 0 ? (row.sent / row.size) * 100 : 0, tone: 'accent' };
    case 'parsing':
    case 'indexing':
      return { value: clampPercent(row.percent), tone: 'accent' };
    case 'ready':
      return { value: 100, tone: 'success' };
    case 'failed':
      return { value: 100, tone: 'danger' };
    case 'duplicate':
      return { value: 100, tone: 'neutral' };
    default:
      return { value: 0, tone: 'neutral' };
  }
}

function folderOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i > 0 ? path.slice(0, i) : '';
}

const UploadRowItem = memo(function UploadRowItem({ row }: { row: UploadRow }) {
  const text = rowStatusText(row);
  const bar = rowBar(row);
  const folder = folderOf(row.path);
  return (
    <li className={`upload-row upload-row-${row.status}`} data-testid="upload-row" data-file-name={row.name} data-status={row.status}>
      <FormatIcon name={row.name} />
      <div className="upload-row-main">
        <div className="upload-row-head">
          <span className="upload-row-name" title={row.path}>
            {row.name}
          </span>
          {folder && <span className="upload-row-folder">{folder}</span>}
          <span className="upload-row-size">{formatBytes(row.size)}</span>
          <span className="upload-row-status">
            {row.status === 'ready' && <CircleCheck size={13} aria-hidden="true" />}
            {row.status === 'failed' && <CircleAlert size={13} aria-hidden="true" />}
            {row.status === 'duplicate' && <Copy size={13} aria-hidden="true" />}
            {text}
          </span>
        </div>
        <ProgressBar size="sm" value={bar.value} tone={bar.tone} label={row.name} valueText={text} />
        {row.status === 'failed' && <p className="upload-row-error">{row.error}</p>}
      </div>
    </li>
  );
});

export interface UploadPanelProps {
  rows: readonly UploadRow[];
  onCancel: () => void;
  onClearFinished: () => void;
}

/** The files of the uploads in this collection: a total bar, then one row per file. */
export function UploadPanel({ rows, onCancel, onClearFinished }: UploadPanelProps) {
  const [showAll, setShowAll] = useState(false);
  const [failedOnly, setFailedOnly] = useState(false);
  const titleId = useId();
  const totals = useMemo(() => uploadTotals(rows), [rows]);
  const sending = rows.some((r) => r.status === 'waiting' || r.status === 'uploading');
  const visible = useMemo(() => {
    const list = failedOnly ? rows.filter((r) => r.status === 'failed') : rows;
    return showAll ? list : list.slice(0, ROWS_SHOWN);
  }, [rows, failedOnly, showAll]);
  const listed = failedOnly ? totals.failed : totals.total;
  const allDone = totals.done === totals.total;
  // Files a native drop named are read in place: nothing is uploaded.
  const uploaded = rows.some((r) => !r.local);
  const totalText = `${totals.done} of ${plural(totals.total, 'file')} done`;

  return (
    <section className="upload-panel" aria-labelledby={titleId}>
      <header className="upload-panel-header">
        <h2 className="section-title" id={titleId}>
          {allDone ? (uploaded ? 'Upload finished' : 'Files added') : 'Adding documents'}
        </h2>
        <div className="upload-panel-actions">
          {sending && (
            <Button size="sm" variant="ghost" icon={<X size={14} aria-hidden="true" />} onClick={onCancel}>
              {uploaded ? 'Cancel upload' : 'Cancel'}
            </Button>
          )}
          {totals.done > 0 && (
            <Button size="sm" variant="ghost" onClick={onClearFinished}>
              Clear finished
            </Button>
          )}
        </div>
      </header>

      <div className="upload-total" data-testid="upload-total" data-done={totals.done} data-total={totals.total}>
        <div className="upload-total-text">
          <strong>{totalText}</strong>
          {totals.bytesTotal > 0 && totals.bytesSent < totals.bytesTotal && (
            <span className="subtle">
              {formatBytes(totals.bytesSent)} of {formatBytes(totals.bytesTotal)} sent
            </span>
          )}
          <span className="upload-total-badges">
            {totals.ready > 0 && <Badge tone="success">{totals.ready} ready</Badge>}
            {totals.duplicates > 0 && <Badge>{plural(totals.duplicates, 'duplicate')}</Badge>}
            {totals.failed > 0 && <Badge tone="danger">{totals.failed} failed</Badge>}
            {totals.cancelled > 0 && <Badge tone="warning">{totals.cancelled} cancelled</Badge>}
          </span>
        </div>
        <ProgressBar
          value={totals.done}
          max={Math.max(1, totals.total)}
          label="Files done"
          valueText={totalText}
          tone={allDone ? (totals.failed === totals.total ? 'danger' : 'success') : 'accent'}
        />
      </div>

      {totals.failed > 0 && (
        <div className="upload-filter">
          <Button size="sm" aria-pressed={failedOnly} onClick={() => setFailedOnly((v) => !v)}>
            Show only failed ({totals.failed})
          </Button>
        </div>
      )}

      <ul className="upload-rows" aria-label="Files" tabIndex={0}>
        {visible.map((row) => (
          <UploadRowItem key={row.id} row={row} />
        ))}
      </ul>
      {!showAll && listed > ROWS_SHOWN && (
        <div className="upload-more">
          <Button size="sm" onClick={() => setShowAll(true)}>
            Show all {listed} files
          </Button>
          <span className="subtle">{listed - ROWS_SHOWN} more are counted in the total above.</span>
        </div>
      )}
      {rows.some((r) => isDone(r.status)) && totals.active === 0 && totals.failed > 0 && (
        <p className="upload-footnote subtle">Failed files were not added. Fix or convert them, then drop them again.</p>
      )}
    </section>
  );
}
