import { CircleAlert, CircleCheck, CircleDashed, CircleSlash, CircleX, RotateCw } from 'lucide-react';
import { Spinner } from '../../components/ui/Spinner';
import { statusLabel } from './display';
import './NodeStatusIcon.css';

/** A node execution's status as an icon, its word for assistive technology and as a tooltip. */
export function NodeStatusIcon({ status }: { status: string }) {
  const label = statusLabel(status);
  return (
    <span className={`node-status node-status-${status}`} title={label}>
      <StatusGlyph status={status} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

function StatusGlyph({ status }: { status: string }) {
  switch (status) {
    case 'running':
      return <Spinner size={13} />;
    case 'retrying':
      return <RotateCw size={13} aria-hidden="true" />;
    case 'succeeded':
      return <CircleCheck size={14} aria-hidden="true" />;
    case 'failed':
      return <CircleX size={14} aria-hidden="true" />;
    case 'exception':
    case 'interrupted':
      return <CircleAlert size={14} aria-hidden="true" />;
    case 'cancelled':
      return <CircleSlash size={14} aria-hidden="true" />;
    default:
      return <CircleDashed size={14} aria-hidden="true" />;
  }
}
