import { useId, useState, type FormEvent } from 'react';
import type { App } from '../../../lib/api.gen';
import { BackendError } from '../../../lib/backend';
import { Button } from '../../../components/ui/Button';
import { Callout } from '../../../components/ui/Callout';
import { Dialog } from '../../../components/ui/Dialog';
import { Field } from '../../../components/ui/Field';
import { toast } from '../../../components/ui/toast/toastStore';
import { useRenameApp } from '../queries';
import { errorText } from '../../../lib/format';

/** Rename an app and edit its description. */
export function RenameAppDialog({ app, onClose }: { app: App; onClose: () => void }) {
  const [name, setName] = useState(app.name);
  const [description, setDescription] = useState(app.description);
  const [nameError, setNameError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const rename = useRenameApp();
  const formId = useId();

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
    <Dialog
      title="Rename app"
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" type="submit" form={formId} loading={rename.isPending}>
            Save
          </Button>
        </>
      }
    >
      <form id={formId} className="studio-form" noValidate onSubmit={onSubmit}>
        {error && (
          <Callout tone="danger" role="alert" title="The app was not renamed">
            {error}
          </Callout>
        )}
        <Field label="Name" error={nameError ?? undefined}>
          {(control) => <input {...control} className="input" value={name} maxLength={240} autoComplete="off" onChange={(e) => { setName(e.target.value); setNameError(null); }} />}
        </Field>
        <Field label="Description" note="Optional">
          {(control) => <textarea {...control} className="textarea" rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />}
        </Field>
      </form>
    </Dialog>
  );
}
