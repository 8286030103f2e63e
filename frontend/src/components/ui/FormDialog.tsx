import { useId, type FormEvent, type ReactNode } from 'react';
import { Button } from './Button';
import { Callout } from './Callout';
import { Dialog } from './Dialog';

export interface FormDialogProps {
  title: string;
  onClose: () => void;
  onSubmit: (e: FormEvent) => void;
  pending: boolean;
  /** Why the last submit failed, shown above the fields under `errorTitle`. */
  error: string | null;
  errorTitle: string;
  className?: string;
  children: ReactNode;
}

/** A dialog holding one form, with Cancel and Save (Enter in a field saves). */
export function FormDialog({ title, onClose, onSubmit, pending, error, errorTitle, className, children }: FormDialogProps) {
  const formId = useId();
  return (
    <Dialog
      title={title}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" type="submit" form={formId} loading={pending}>
            Save
          </Button>
        </>
      }
    >
      <form id={formId} className={className} noValidate onSubmit={onSubmit}>
        {error && (
          <Callout tone="danger" role="alert" title={errorTitle}>
            {error}
          </Callout>
        )}
        {children}
      </form>
    </Dialog>
  );
}
