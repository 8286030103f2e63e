// Small form controls bound to config fields, on top of the app's Field.
import type { ReactNode } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';

interface Common {
  label: string;
  error?: string;
  hint?: ReactNode;
  note?: string;
}

export function TextField({ value, onChange, placeholder, mono, testId, ...f }: Common & { value: string; onChange: (v: string) => void; placeholder?: string; mono?: boolean; testId?: string }) {
  return (
    <Field {...f}>
      {(p) => <input {...p} className={`input${mono ? ' mono' : ''}`} value={value} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} data-testid={testId} dir="auto" />}
    </Field>
  );
}

export function TextAreaField({ value, onChange, placeholder, rows = 3, mono, ...f }: Common & { value: string; onChange: (v: string) => void; placeholder?: string; rows?: number; mono?: boolean }) {
  return <Field {...f}>{(p) => <textarea {...p} className={`textarea${mono ? ' mono' : ''}`} rows={rows} value={value} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} dir="auto" />}</Field>;
}

/**
 * A number input that keeps what is typed while it is not a number yet
 * ("", "0.") and reports undefined for an empty box, so that clearing a
 * field removes the setting instead of writing 0.
 */
export function NumberField({ value, onChange, min, max, step, placeholder, testId, ...f }: Common & { value: number | undefined; onChange: (v: number | undefined) => void; min?: number; max?: number; step?: number; placeholder?: string; testId?: string }) {
  return (
    <Field {...f}>
      {(p) => (
        <input
          {...p}
          className="input"
          type="number"
          inputMode="decimal"
          value={value ?? ''}
          min={min}
          max={max}
          step={step}
          placeholder={placeholder}
          data-testid={testId}
          onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.valueAsNumber)}
        />
      )}
    </Field>
  );
}

export interface Option {
  value: string;
  label: string;
}

export function SelectField({ value, onChange, options, testId, ...f }: Common & { value: string; onChange: (v: string) => void; options: readonly Option[]; testId?: string }) {
  const known = options.some((o) => o.value === value);
  return (
    <Field {...f}>
      {(p) => (
        <select {...p} className="select" value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
          {!known && <option value={value}>{value || 'Choose…'}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function Toggle({ checked, onChange, label, testId }: { checked: boolean; onChange: (v: boolean) => void; label: string; testId?: string }) {
  return (
    <label className="panel-toggle">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid={testId} />
      <span>{label}</span>
    </label>
  );
}

/** A titled group of fields, with an optional action (such as "Add") on the right. */
export function Section({ title, action, children, hint }: { title: string; action?: ReactNode; children: ReactNode; hint?: ReactNode }) {
  return (
    <section className="panel-section">
      <header className="panel-section-head">
        <h3>{title}</h3>
        {action}
      </header>
      {hint && <p className="panel-section-hint">{hint}</p>}
      {children}
    </section>
  );
}

export function AddButton({ children, onClick, testId }: { children: ReactNode; onClick: () => void; testId?: string }) {
  return (
    <Button size="sm" variant="ghost" icon={<Plus size={14} aria-hidden="true" />} onClick={onClick} data-testid={testId}>
      {children}
    </Button>
  );
}

export function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return <Button size="sm" variant="ghost" className="panel-remove" icon={<Trash2 size={14} aria-hidden="true" />} aria-label={label} title={label} onClick={onClick} />;
}

/** A bordered card for one item of a list (a variable, a class, a case). */
export function ItemCard({ children, onRemove, removeLabel, title }: { children: ReactNode; onRemove: () => void; removeLabel: string; title?: ReactNode }) {
  return (
    <div className="panel-item">
      <div className="panel-item-head">
        <span className="panel-item-title">{title}</span>
        <RemoveButton label={removeLabel} onClick={onRemove} />
      </div>
      {children}
    </div>
  );
}

/** Replaces item i of a list. */
export function replaceAt<T>(list: readonly T[], i: number, item: T): T[] {
  return list.map((x, j) => (j === i ? item : x));
}

export function removeAt<T>(list: readonly T[], i: number): T[] {
  return list.filter((_, j) => j !== i);
}
