import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Trash2 } from 'lucide-react';
import { Spinner } from './Spinner';
import './Button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** An icon shown before the label (or alone, for icon buttons: then give aria-label). */
  icon?: ReactNode;
  /** Shows a spinner in place of the icon and marks the button busy. */
  loading?: boolean;
}

export function Button({
  variant = 'secondary',
  size = 'md',
  icon,
  loading = false,
  className,
  children,
  type = 'button',
  disabled,
  ...rest
}: ButtonProps) {
  const classes = ['btn', `btn-${variant}`, `btn-${size}`, children ? '' : 'btn-icon-only', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button type={type} className={classes} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
      {loading ? <Spinner size={14} /> : icon}
      {children}
    </button>
  );
}

/** The trash-can button of a row or a card; `aria-label` may name what it deletes ("Delete" by default). */
export function DeleteButton(props: Omit<ButtonProps, 'variant' | 'size' | 'icon' | 'className' | 'children'>) {
  return <Button size="sm" variant="ghost" className="btn-danger-ghost" aria-label="Delete" title="Delete" icon={<Trash2 size={14} aria-hidden="true" />} {...props} />;
}
