import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Provider } from '../../../lib/api.gen';
import { BackendError } from '../../../lib/backend';
import { Button } from '../../../components/ui/Button';
import { Callout } from '../../../components/ui/Callout';
import { Dialog } from '../../../components/ui/Dialog';
import { Field } from '../../../components/ui/Field';
import { toast } from '../../../components/ui/toast/toastStore';
import { useCheckProvider, useModels, useSaveProvider } from '../../../shared/providers/queries';
import { ApiKeyField } from './ApiKeyField';
import { ConnectionCheck } from './ConnectionCheck';
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
import { ProviderModelField } from './ProviderModelField';
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
  const save = useSaveProvider();
  const check = useCheckProvider();
  // The connection values the last test was for: a result for others is stale.
  const [checkedFor, setCheckedFor] = useState<string | null>(null);
  const [saveUnchecked, setSaveUnchecked] = useState(false);
  const stored = useModels(provider?.id, editing);
  const current = connectionKey(values);
  const fresh = checkedFor === current ? check.data : undefined;
  const models = fresh ? (fresh.ok ? fresh.models : undefined) : stored.data;

  // After a failed submit, put the cursor on the first field at fault.
  useEffect(() => {
    if (attempt > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const set = <K extends keyof ProviderFormValues>(key: K, value: ProviderFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (key in errors) setErrors(({ [key as keyof FieldErrors]: _, ...rest }) => rest);
  };

  /** Tests the connection as the form holds it; resolves with the result (undefined when invalid). */
  const runCheck = async (vals: ProviderFormValues = values) => {
    const found = validate(vals, hasStoredKey);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setAttempt((n) => n + 1);
      return undefined;
    }
    setCheckedFor(connectionKey(vals));
    setSaveUnchecked(false);
    try {
      const result = await check.mutateAsync({ id: provider?.id, input: toInput(vals) });
      if (result.ok && !vals.defaultModel && result.models.length === 1) set('defaultModel', result.models[0]!.name);
      return result;
    } catch (err) {
      const field = err instanceof BackendError ? fieldFromBackend(err.field) : null;
      if (field) setErrors({ [field]: errorText(err) });
      return undefined;
    }
  };

  const useBaseUrl = (url: string) => {
    const next = { ...values, baseUrl: url };
    setValues(next);
    void runCheck(next);
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
    // Test before saving, so a wrong address is caught here and not in a chat later.
    const confirmed = saveUnchecked && fresh !== undefined; // "Save anyway", for the values that failed
    const result = fresh ?? (await runCheck());
    if (!result?.ok && !confirmed) {
      setSaveUnchecked(true);
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
          <Button variant="primary" type="submit" form={formId} loading={save.isPending || check.isPending}>
            {!fresh?.ok && saveUnchecked ? 'Save anyway' : 'Save'}
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
        <ConnectionCheck
          result={checkedFor ? check.data : undefined}
          error={check.error}
          checking={check.isPending}
          stale={checkedFor !== null && checkedFor !== current}
          onCheck={() => void runCheck()}
          onUseBaseUrl={useBaseUrl}
        />
        {!fresh?.ok && saveUnchecked && (
          <p className="subtle" role="status">
            The connection test failed. Fix the values and test again, or save anyway (for a server that is not running yet).
          </p>
        )}
        <ProviderModelField
          models={models}
          value={values.defaultModel}
          error={errors.defaultModel}
          placeholder={values.kind === 'ollama' ? 'llama3.2' : 'gpt-4o-mini'}
          onChange={(m) => set('defaultModel', m)}
        />
      </form>
    </Dialog>
  );
}

/** What a connection test depends on: a result for other values is stale. */
function connectionKey(v: ProviderFormValues): string {
  return JSON.stringify([v.kind, v.baseUrl.trim(), v.keyAction, v.apiKey.trim()]);
}
