import { useState, type FormEvent } from 'react';
import type { Document } from '../../lib/api.gen';
import { BackendError } from '../../lib/backend';
import { Field } from '../../components/ui/Field';
import { FormDialog } from '../../components/ui/FormDialog';
import { toast } from '../../components/ui/toast/toastStore';
import { errorText } from '../../lib/format';
import { useRenameDocument } from '../../shared/library/queries';

/** The longest title the backend accepts. */
export const MAX_TITLE = 300;

/** Gives a document the title it is shown by everywhere; empty goes back to the one found in it. */
export function RenameDocumentDialog({ document: doc, onClose }: { document: Document; onClose: () => void }) {
  const [title, setTitle] = useState(doc.title);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const rename = useRenameDocument(doc.collectionId);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const saved = await rename.mutateAsync({ id: doc.id, title: title.trim() });
      toast.success(saved.renamed ? 'Document renamed' : 'Title reset', saved.title);
      onClose();
    } catch (err) {
      if (err instanceof BackendError && err.field === 'title') setTitleError(err.message);
      else setError(errorText(err));
    }
  };

  return (
    <FormDialog
      title="Rename document"
      onClose={onClose}
      onSubmit={onSubmit}
      pending={rename.isPending}
      error={error}
      errorTitle="The document was not renamed"
      className="rename-form"
    >
        <Field
          label="Title"
          error={titleError ?? undefined}
          hint={
            <>
              Shown in the library, search results, citations and exports. Leave it empty to use the title found in the document. File:{' '}
              <span className="rename-file">{doc.name}</span>
            </>
          }
        >
          {(control) => (
            <input
              {...control}
              className="input"
              value={title}
              maxLength={MAX_TITLE}
              autoComplete="off"
              onChange={(e) => {
                setTitle(e.target.value);
                setTitleError(null);
              }}
            />
          )}
        </Field>
    </FormDialog>
  );
}
