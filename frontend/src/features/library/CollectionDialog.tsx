import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Collection } from '../../lib/api.gen';
import { BackendError } from '../../lib/backend';
import { Button } from '../../components/ui/Button';
import { Callout } from '../../components/ui/Callout';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { toast } from '../../components/ui/toast/toastStore';
import { OCRLanguageField } from './OCRLanguageField';
import { useSaveCollection } from '../../shared/library/queries';

type FieldName = 'name' | 'description' | 'ocrLanguage';
type FieldErrors = Partial<Record<FieldName, string>>;

export const NAME_MAX = 120;
export const DESCRIPTION_MAX = 1000;

export function validateCollection(name: string, description: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!name.trim()) errors.name = 'Enter a name.';
  else if (name.trim().length > NAME_MAX) errors.name = `Keep the name under ${NAME_MAX} characters.`;
  if (description.trim().length > DESCRIPTION_MAX) errors.description = `Keep the description under ${DESCRIPTION_MAX} characters.`;
  return errors;
}

function fieldOf(field: string | undefined): FieldName | null {
  return field === 'name' || field === 'description' || field === 'ocrLanguage' ? field : null;
}

export interface CollectionDialogProps {
  /** The collection to edit; none to create one. */
  collection?: Collection;
  onClose: () => void;
  onSaved?: (saved: Collection) => void;
}

/** Create a collection, or rename, describe and set one up. */
export function CollectionDialog({ collection, onClose, onSaved }: CollectionDialogProps) {
  const editing = Boolean(collection);
  const [name, setName] = useState(collection?.name ?? '');
  const [description, setDescription] = useState(collection?.description ?? '');
  const [ocrLanguage, setOCRLanguage] = useState(collection?.ocrLanguage ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<Error | null>(null);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const formId = useId();
  const save = useSaveCollection();

  // After a failed submit, put the cursor on the first field at fault.
  useEffect(() => {
    if (attempt > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const found = validateCollection(name, description);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setAttempt((n) => n + 1);
      return;
    }
    try {
      const saved = await save.mutateAsync({ id: collection?.id, input: { name: name.trim(), description: description.trim(), ocrLanguage } });
      toast.success(editing ? 'Collection saved' : 'Collection created', saved.name);
      onClose();
      onSaved?.(saved);
    } catch (err) {
      const field = err instanceof BackendError ? fieldOf(err.field) : null;
      if (field) setErrors({ [field]: (err as Error).message });
      else setFormError(err instanceof Error ? err : new Error(String(err)));
      setAttempt((n) => n + 1);
    }
  };

  return (
    <Dialog
      title={editing ? 'Edit collection' : 'New collection'}
      description={editing ? undefined : 'A collection holds related documents — an area of law, a matter, a client — and is searched as one.'}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" type="submit" form={formId} loading={save.isPending}>
            {editing ? 'Save' : 'Create collection'}
          </Button>
        </>
      }
    >
      <form id={formId} ref={formRef} className="collection-form" noValidate onSubmit={onSubmit}>
        {formError && (
          <Callout tone="danger" role="alert" title={editing ? 'The collection was not saved' : 'The collection was not created'}>
            {formError.message}
          </Callout>
        )}
        <Field label="Name" error={errors.name}>
          {(control) => (
            <input
              {...control}
              className="input"
              value={name}
              maxLength={NAME_MAX * 2}
              placeholder="Employment law"
              autoComplete="off"
              onChange={(e) => {
                setName(e.target.value);
                setErrors(({ name: _, ...rest }) => rest);
              }}
            />
          )}
        </Field>
        <Field label="Description" note="Optional" error={errors.description}>
          {(control) => (
            <textarea
              {...control}
              className="textarea"
              rows={3}
              value={description}
              placeholder="Statutes, regulations and leading judgments on termination and notice."
              onChange={(e) => {
                setDescription(e.target.value);
                setErrors(({ description: _, ...rest }) => rest);
              }}
            />
          )}
        </Field>
        <OCRLanguageField
          value={ocrLanguage}
          error={errors.ocrLanguage}
          onChange={(value) => {
            setOCRLanguage(value);
            setErrors(({ ocrLanguage: _, ...rest }) => rest);
          }}
        />
      </form>
    </Dialog>
  );
}
