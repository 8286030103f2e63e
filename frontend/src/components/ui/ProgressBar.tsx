import './ProgressBar.css';

export type ProgressTone = 'accent' | 'success' | 'danger' | 'neutral';

export interface ProgressBarProps {
  /** Current value, 0…max; null for an indeterminate bar (work under way, amount unknown). */
  value: number | null;
  max?: number;
  /** Accessible name (or give labelledBy). */
  label?: string;
  labelledBy?: string;
  /** Read out instead of the bare number, e.g. "Indexing 40%" or "12 of 40 files". */
  valueText?: string;
  tone?: ProgressTone;
  size?: 'sm' | 'md';
  className?: string;
  'data-testid'?: string;
}

/** A horizontal progress bar with role="progressbar" and aria-valuenow. */
export function ProgressBar({
  value,
  max = 100,
  label,
  labelledBy,
  valueText,
  tone = 'accent',
  size = 'md',
  className,
  ...rest
}: ProgressBarProps) {
  const safeMax = max > 0 ? max : 1;
  const clamped = value === null || !Number.isFinite(value) ? null : Math.max(0, Math.min(safeMax, value));
  const fraction = clamped === null ? 0 : clamped / safeMax;
  const classes = ['progress', `progress-${size}`, `progress-${tone}`, clamped === null ? 'progress-indeterminate' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <div
      className={classes}
      role="progressbar"
      aria-label={labelledBy ? undefined : label}
      aria-labelledby={labelledBy}
      aria-valuemin={0}
      aria-valuemax={safeMax}
      aria-valuenow={clamped === null ? undefined : Math.round(clamped * 100) / 100}
      aria-valuetext={valueText}
      {...rest}
    >
      <div className="progress-fill" style={clamped === null ? undefined : { transform: `scaleX(${fraction})` }} />
    </div>
  );
}
