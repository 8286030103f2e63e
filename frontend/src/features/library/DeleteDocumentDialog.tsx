import type { Document } from '../../lib/api.gen';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { plural } from '../../lib/format';
import { useDeleteDocument } from '../../shared/library/queries';

export function DeleteDocumentDialog({ document: doc, onClose }: { document: Document; onClose: () => void }) {
  const del = useDeleteDocument(doc.collectionId);
  return (
    <ConfirmDialog
      title="Delete document?"
      description={
        <>
          <strong>{doc.name}</strong>
          {doc.chunks > 0 ? ` and its ${plural(doc.chunks, 'chunk')}` : ''} will be deleted from this machine: the file, its extracted
          text and its index entries. Answers that cited it keep their records.
        </>
      }
      confirmLabel="Delete"
      done={['Document deleted', doc.name]}
      failureTitle="The document was not deleted"
      pending={del.isPending}
      error={del.error}
      action={() => del.mutateAsync(doc.id)}
      onClose={onClose}
    />
  );
}
