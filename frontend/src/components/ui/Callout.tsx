import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import './Callout.css';

export type CalloutTone = 'info' | 'success' | 'danger';

const icons = { info: Info, success: CircleCheck, danger: CircleAlert };

/** An inline message box: a result, an error, a note. */
export function Callout({
  tone = 'info',
  title,
  children,
  action,
  role,
  ...rest
}: {
  tone?: CalloutTone;
  title?: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  role?: 'status' | 'alert';
  'data-testid'?: string;
}) {
  const Icon = icons[tone];
  return (
    <div className={`callout callout-${tone}`} role={role} {...rest}>
      <Icon className="callout-icon" size={16} aria-hidden="true" />
      <div className="callout-body">
        {title && <p className="callout-title">{title}</p>}
        {children && <div className="callout-text">{children}</div>}
      </div>
      {action && <div className="callout-action">{action}</div>}
    </div>
  );
}
