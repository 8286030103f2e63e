import './StatusDot.css';

export type StatusTone = 'ok' | 'error' | 'unknown' | 'busy';

/** A coloured dot with its meaning as text for assistive technology (and as a tooltip). */
export function StatusDot({ tone, label }: { tone: StatusTone; label: string }) {
  return (
    <span className={`status-dot status-dot-${tone}`} title={label}>
      <span className="sr-only">{label}</span>
    </span>
  );
}
