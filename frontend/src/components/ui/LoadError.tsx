import type { ReactNode } from 'react';
import { RefreshCw } from 'lucide-react';
import { Button } from './Button';
import { Callout } from './Callout';

/** Something could not be loaded: says what, shows why, and offers to try again. */
export function LoadError({ title, onRetry, children }: { title: ReactNode; onRetry: () => void; children: ReactNode }) {
  return (
    <Callout
      tone="danger"
      role="alert"
      title={title}
      action={
        <Button size="sm" icon={<RefreshCw size={13} aria-hidden="true" />} onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {children}
    </Callout>
  );
}
