import type { Collection } from '../../lib/api.gen';
import { Button } from '../../components/ui/Button';
import { Callout } from '../../components/ui/Callout';
import { Dialog } from '../../components/ui/Dialog';
import { toast } from '../../components/ui/toast/toastStore';
import { plural } from '../../lib/format';
import { useDeleteCollection } from './queries';

export function DeleteCollectionDialog({
  collection,
  onClose,
  onDeleted,
}: {
  collection: Collection;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const del = useDeleteCollection();
  const confirm = async () => {
    try {
      await del.mutateAsync(collection.id);
      toast.success('Collection deleted', collection.name);
      onClose();
      onDeleted?.();
    } catch {
      // shown below
    }
  };
  const docs = collection.documents;
  return (
    <Dialog
      role="alertdialog"
      size="sm"
      title="Delete collection?"
      description={
        docs > 0 ? (
          <>
            <strong>{collection.name}</strong> and the {plural(docs, 'document')} in it ({plural(collection.chunks, 'chunk')}) will be
            deleted from this machine: files, extracted text and index entries. This cannot be undone.
          </>
        ) : (
          <>
            <strong>{collection.name}</strong> is empty; deleting it removes only the collection.
          </>
        )
      }
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button variant="danger" loading={del.isPending} onClick={confirm}>
            {docs > 0 ? `Delete collection and ${plural(docs, 'document')}` : 'Delete collection'}
          </Button>
        </>
      }
    >
      {del.error ? (
        <Callout tone="danger" role="alert" title="The collection was not deleted">
          {del.error.message}
        </Callout>
      ) : null}
    </Dialog>
  );
}
