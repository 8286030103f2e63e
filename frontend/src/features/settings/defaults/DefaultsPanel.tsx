import { useState, type FormEvent } from 'react';
import type { Settings } from '../../../lib/api.gen';
import { Button } from '../../../components/ui/Button';
import { Callout } from '../../../components/ui/Callout';
import { Field } from '../../../components/ui/Field';
import { Spinner } from '../../../components/ui/Spinner';
import { toast } from '../../../components/ui/toast/toastStore';
import { kindLabels } from '../providers/kinds';
import { useModels, useProviders, useSaveSettings, useSettings } from '../queries';
import { DefaultModelField } from './DefaultModelField';

export function DefaultsPanel() {
  const providers = useProviders();
  const settings = useSettings();
  const save = useSaveSettings();
  const [draft, setDraft] = useState<Settings | null>(null);
  const current = draft ?? settings.data;
  const provider = providers.data?.find((p) => p.id === current?.defaultProviderId);
  const models = useModels(provider?.id, Boolean(provider && !provider.builtIn));
  const dirty =
    draft !== null &&
    (draft.defaultProviderId !== settings.data?.defaultProviderId || draft.defaultModel !== settings.data?.defaultModel);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!draft) return;
    try {
      await save.mutateAsync(draft);
      setDraft(null);
      toast.success('Defaults saved');
    } catch {
      // shown below
    }
  };

  if (providers.isPending || settings.isPending) {
    return (
      <p className="muted">
        <Spinner size={14} /> Loading…
      </p>
    );
  }
  const loadError = providers.error ?? settings.error;
  if (loadError || !current) {
    return (
      <Callout tone="danger" role="alert" title="The defaults could not be loaded">
        {loadError?.message}
      </Callout>
    );
  }

  return (
    <section className="settings-panel" aria-labelledby="defaults-heading">
      <div className="settings-panel-header">
        <div>
          <h2 id="defaults-heading" className="settings-panel-title">
            Defaults
          </h2>
          <p className="settings-panel-description">What chats and new workflows use unless they choose otherwise.</p>
        </div>
      </div>
      <form className="card" onSubmit={onSubmit} noValidate>
        <div className="card-body form-grid">
          <Field label="Default provider">
            {(control) => (
              <select
                {...control}
                className="select"
                value={current.defaultProviderId}
                onChange={(e) => setDraft({ defaultProviderId: e.target.value, defaultModel: '' })}
              >
                {!provider && <option value="">Choose a provider</option>}
                {providers.data?.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name} ({kindLabels[p.kind] ?? p.kind})
                  </option>
                ))}
              </select>
            )}
          </Field>
          <DefaultModelField
            provider={provider}
            models={models}
            value={current.defaultModel}
            onChange={(defaultModel) => setDraft({ ...current, defaultModel })}
          />
        </div>
        {save.error && (
          <div className="card-body">
            <Callout tone="danger" role="alert" title="The defaults were not saved">
              {save.error.message}
            </Callout>
          </div>
        )}
        <div className="card-footer">
          {dirty && <span className="subtle">Unsaved changes</span>}
          <Button variant="primary" type="submit" disabled={!dirty} loading={save.isPending}>
            Save
          </Button>
        </div>
      </form>
    </section>
  );
}
