import { useId, type ReactNode } from 'react';
import { CircleAlert, TriangleAlert } from 'lucide-react';
import './Field.css';

/** The props a control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: string;
  /** Shown after the label, e.g. "Optional". */
  note?: string;
  hint?: ReactNode;
  error?: string;
  /** Something to fix that is not a typing mistake (a reference gone stale); shown when there is no error. */
  warning?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** A labelled form field: `children` renders the control with the props it gets. */
export function Field({ label, note, hint, error, warning, children }: FieldProps) {
  const id = useId();
  const shownWarning = error ? undefined : warning;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error || shownWarning ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field-invalid' : ''}${shownWarning ? ' field-warned' : ''}`}>
      <div className="field-label-row">
        <label className="field-label" htmlFor={id}>
          {label}
        </label>
        {note && <span className="field-note">{note}</span>}
      </div>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error && (
        <p className="field-error" id={errorId}>
          <CircleAlert size={13} aria-hidden="true" />
          {error}
        </p>
      )}
      {shownWarning && (
        <p className="field-warning" id={errorId}>
          <TriangleAlert size={13} aria-hidden="true" />
          {shownWarning}
        </p>
      )}
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
    </div>
  );
}
