import type { ReactNode } from 'react';
import { Button } from './Button';
import { Callout } from './Callout';
import { Dialog } from './Dialog';
import { toast } from './toast/toastStore';

export interface ConfirmDialogProps {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Toast shown after success, e.g. ["Provider deleted", name]. */
  done: [title: string, detail: string];
  /** Callout title when the action fails, e.g. "The provider was not deleted". */
  failureTitle: string;
  pending: boolean;
  error: Error | null;
  /** The destructive action; its rejection is shown in the dialog, which stays open. */
  action: () => Promise<unknown>;
  onClose: () => void;
  onDone?: () => void;
}

/** An alert dialog confirming a destructive action: Cancel is focused, failures stay visible. */
export function ConfirmDialog(p: ConfirmDialogProps) {
  const confirm = async () => {
    try {
      await p.action();
      toast.success(...p.done);
      p.onClose();
      p.onDone?.();
    } catch {
      // shown below
    }
  };
  return (
    <Dialog
      role="alertdialog"
      size="sm"
      title={p.title}
      description={p.description}
      onClose={p.onClose}
      footer={
        <>
          <Button onClick={p.onClose} data-autofocus>
            Cancel
          </Button>
          <Button variant="danger" loading={p.pending} onClick={confirm}>
            {p.confirmLabel}
          </Button>
        </>
      }
    >
      {p.error ? (
        <Callout tone="danger" role="alert" title={p.failureTitle}>
          {p.error.message}
        </Callout>
      ) : null}
    </Dialog>
  );
}
