import type { Collection } from '../../lib/api.gen';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { plural } from '../../lib/format';
import { useDeleteCollection } from '../../shared/library/queries';

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
  const docs = collection.documents;
  return (
    <ConfirmDialog
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
      confirmLabel={docs > 0 ? `Delete collection and ${plural(docs, 'document')}` : 'Delete collection'}
      done={['Collection deleted', collection.name]}
      failureTitle="The collection was not deleted"
      pending={del.isPending}
      error={del.error}
      action={() => del.mutateAsync(collection.id)}
      onClose={onClose}
      onDone={onDeleted}
    />
  );
}
