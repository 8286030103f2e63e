import type { Document } from '../../lib/api.gen';
import { Button } from '../../components/ui/Button';
import { Callout } from '../../components/ui/Callout';
import { Dialog } from '../../components/ui/Dialog';
import { toast } from '../../components/ui/toast/toastStore';
import { plural } from '../../lib/format';
import { useDeleteDocument } from './queries';

export function DeleteDocumentDialog({ document: doc, onClose }: { document: Document; onClose: () => void }) {
  const del = useDeleteDocument(doc.collectionId);
  const confirm = async () => {
    try {
      await del.mutateAsync(doc.id);
      toast.success('Document deleted', doc.name);
      onClose();
    } catch {
      // shown below
    }
  };
  return (
    <Dialog
      role="alertdialog"
      size="sm"
      title="Delete document?"
      description={
        <>
          <strong>{doc.name}</strong>
          {doc.chunks > 0 ? ` and its ${plural(doc.chunks, 'chunk')}` : ''} will be deleted from this machine: the file, its extracted
          text and its index entries. Answers that cited it keep their records.
        </>
      }
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button variant="danger" loading={del.isPending} onClick={confirm}>
            Delete
          </Button>
        </>
      }
    >
      {del.error ? (
        <Callout tone="danger" role="alert" title="The document was not deleted">
          {del.error.message}
        </Callout>
      ) : null}
    </Dialog>
  );
}
