import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Provider } from '../../../lib/api.gen';
import { BackendError } from '../../../lib/backend';
import { Button } from '../../../components/ui/Button';
import { Callout } from '../../../components/ui/Callout';
import { Dialog } from '../../../components/ui/Dialog';
import { Field } from '../../../components/ui/Field';
import { toast } from '../../../components/ui/toast/toastStore';
import { useModels, useSaveProvider } from '../queries';
import { ApiKeyField } from './ApiKeyField';
import { hintFor } from './errorHints';
import { OLLAMA_DEFAULT_URL, OPENAI_PLACEHOLDER_URL } from './kinds';
import {
  fieldFromBackend,
  initialValues,
  toInput,
  validate,
  withKind,
  type EditableKind,
  type FieldErrors,
  type ProviderFormValues,
} from './providerForm';
import './ProviderDialog.css';
import { errorText } from '../../../lib/format';

export interface ProviderDialogProps {
  /** The provider to edit; none to add one. */
  provider?: Provider;
  onClose: () => void;
}

export function ProviderDialog({ provider, onClose }: ProviderDialogProps) {
  const editing = Boolean(provider);
  const hasStoredKey = Boolean(provider?.hasApiKey);
  const [values, setValues] = useState<ProviderFormValues>(() => initialValues(provider));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<BackendError | Error | null>(null);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const formId = useId();
  const modelListId = useId();
  const save = useSaveProvider();
  const models = useModels(provider?.id, editing);

  // After a failed submit, put the cursor on the first field at fault.
  useEffect(() => {
    if (attempt > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const set = <K extends keyof ProviderFormValues>(key: K, value: ProviderFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (key in errors) setErrors(({ [key as keyof FieldErrors]: _, ...rest }) => rest);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const found = validate(values, hasStoredKey);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setAttempt((n) => n + 1);
      return;
    }
    try {
      const saved = await save.mutateAsync({ id: provider?.id, input: toInput(values) });
      toast.success(editing ? 'Provider saved' : 'Provider added', saved.name);
      onClose();
    } catch (err) {
      const field = err instanceof BackendError ? fieldFromBackend(err.field) : null;
      if (field) setErrors({ [field]: errorText(err) });
      else setFormError(err instanceof Error ? err : new Error(String(err)));
      setAttempt((n) => n + 1);
    }
  };

  return (
    <Dialog
      title={editing ? 'Edit provider' : 'Add provider'}
      description={editing ? undefined : 'Connect a local Ollama or any OpenAI-compatible server.'}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" type="submit" form={formId} loading={save.isPending}>
            Save
          </Button>
        </>
      }
    >
      <form id={formId} ref={formRef} className="provider-form" noValidate onSubmit={onSubmit}>
        {formError && (
          <Callout tone="danger" role="alert" title={formError.message}>
            {formError instanceof BackendError ? hintFor(formError.code) : undefined}
          </Callout>
        )}
        <Field label="Kind" error={errors.kind}>
          {(control) => (
            <select
              {...control}
              className="select"
              value={values.kind}
              onChange={(e) => setValues((v) => withKind(v, e.target.value as EditableKind))}
            >
              <option value="ollama">Ollama</option>
              <option value="openai">OpenAI-compatible</option>
            </select>
          )}
        </Field>
        <Field label="Name" error={errors.name}>
          {(control) => (
            <input
              {...control}
              className="input"
              value={values.name}
              placeholder={values.kind === 'ollama' ? 'Local Ollama' : 'LM Studio'}
              autoComplete="off"
              onChange={(e) => set('name', e.target.value)}
            />
          )}
        </Field>
        <Field
          label="Base URL"
          error={errors.baseUrl}
          hint={values.kind === 'ollama' ? `Ollama listens on ${OLLAMA_DEFAULT_URL} by default.` : 'Usually ends in /v1.'}
        >
          {(control) => (
            <input
              {...control}
              className="input mono"
              type="url"
              inputMode="url"
              spellCheck={false}
              autoComplete="off"
              value={values.baseUrl}
              placeholder={values.kind === 'ollama' ? OLLAMA_DEFAULT_URL : OPENAI_PLACEHOLDER_URL}
              onChange={(e) => set('baseUrl', e.target.value)}
            />
          )}
        </Field>
        <ApiKeyField
          hasStoredKey={hasStoredKey}
          keyHint={provider?.apiKeyHint ?? ''}
          keyAction={values.keyAction}
          apiKey={values.apiKey}
          error={errors.apiKey}
          onChange={(keyAction, apiKey) => {
            setValues((v) => ({ ...v, keyAction, apiKey }));
            setErrors(({ apiKey: _, ...rest }) => rest);
          }}
        />
        <Field
          label="Default model"
          note="Optional"
          error={errors.defaultModel}
          hint={models.data?.length ? undefined : 'Used when a chat or workflow does not choose a model.'}
        >
          {(control) => (
            <>
              <input
                {...control}
                className="input mono"
                list={models.data?.length ? modelListId : undefined}
                spellCheck={false}
                autoComplete="off"
                value={values.defaultModel}
                placeholder={values.kind === 'ollama' ? 'llama3.2' : 'gpt-4o-mini'}
                onChange={(e) => set('defaultModel', e.target.value)}
              />
              {models.data && models.data.length > 0 && (
                <datalist id={modelListId}>
                  {models.data.map((m) => (
                    <option key={m.name} value={m.name} />
                  ))}
                </datalist>
              )}
            </>
          )}
        </Field>
      </form>
    </Dialog>
  );
}
