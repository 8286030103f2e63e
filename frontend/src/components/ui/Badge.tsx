import type { ReactNode } from 'react';
import './Badge.css';

export type BadgeTone = 'neutral' | 'accent' | 'success' | 'danger' | 'warning';

export function Badge({ tone = 'neutral', children, icon, title }: { tone?: BadgeTone; children: ReactNode; icon?: ReactNode; title?: string }) {
  return (
    <span className={`badge badge-${tone}`} title={title}>
      {icon}
      {children}
    </span>
  );
}
