import { useState, type FormEvent } from 'react';
import type { App } from '../../../lib/api.gen';
import { BackendError } from '../../../lib/backend';
import { Field } from '../../../components/ui/Field';
import { FormDialog } from '../../../components/ui/FormDialog';
import { toast } from '../../../components/ui/toast/toastStore';
import { useRenameApp } from '../../../shared/apps/queries';
import { errorText } from '../../../lib/format';

/** Rename an app and edit its description. */
export function RenameAppDialog({ app, onClose }: { app: App; onClose: () => void }) {
  const [name, setName] = useState(app.name);
  const [description, setDescription] = useState(app.description);
  const [nameError, setNameError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const rename = useRenameApp();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setNameError('Enter a name.');
    try {
      const saved = await rename.mutateAsync({ id: app.id, input: { name: name.trim(), description: description.trim() } });
      toast.success('App renamed', saved.name);
      onClose();
    } catch (err) {
      if (err instanceof BackendError && err.field === 'name') setNameError(err.message);
      else setError(errorText(err));
    }
  };

  return (
    <FormDialog
      title="Rename app"
      onClose={onClose}
      onSubmit={onSubmit}
      pending={rename.isPending}
      error={error}
      errorTitle="The app was not renamed"
      className="studio-form"
    >
        <Field label="Name" error={nameError ?? undefined}>
          {(control) => <input {...control} className="input" value={name} maxLength={240} autoComplete="off" onChange={(e) => { setName(e.target.value); setNameError(null); }} />}
        </Field>
        <Field label="Description" note="Optional">
          {(control) => <textarea {...control} className="textarea" rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />}
        </Field>
    </FormDialog>
  );
}
