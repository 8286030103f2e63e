import { useState, type FormEvent } from 'react';
import type { DefaultModel, Settings } from '../../../lib/api.gen';
import { Button } from '../../../components/ui/Button';
import { Callout } from '../../../components/ui/Callout';
import { Field } from '../../../components/ui/Field';
import { Spinner } from '../../../components/ui/Spinner';
import { toast } from '../../../components/ui/toast/toastStore';
import { kindLabels } from '../providers/kinds';
import { useDefaultModel, useModels, useProviders, useSaveSettings, useSettings } from '../../../shared/providers/queries';
import { SettingsPanel } from '../SettingsPanel';
import { DefaultModelField } from './DefaultModelField';
import { defaultModelLabel } from '../../../shared/providers/defaultModelLabel';

export function DefaultsPanel() {
  const providers = useProviders();
  const settings = useSettings();
  const inUse = useDefaultModel();
  const save = useSaveSettings();
  const [draft, setDraft] = useState<Settings | null>(null);
  // Until a choice is made (or while Settings' choice is passed over), the form shows the default in use.
  const current = draft ?? (settings.data && inUse.data ? shownSettings(settings.data, inUse.data) : undefined);
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

  if (providers.isPending || settings.isPending || inUse.isPending) {
    return (
      <p className="muted">
        <Spinner size={14} /> Loading…
      </p>
    );
  }
  const loadError = providers.error ?? settings.error ?? inUse.error;
  if (loadError || !current) {
    return (
      <Callout tone="danger" role="alert" title="The defaults could not be loaded">
        {loadError?.message}
      </Callout>
    );
  }

  return (
    <SettingsPanel title="Defaults" description="What chats and new workflows use unless they choose otherwise.">
      <form className="card" onSubmit={onSubmit} noValidate>
        <div className="card-body defaults-in-use">
          <span className="subtle">In use now</span>{' '}
          <strong data-testid="default-in-use">{defaultModelLabel(inUse.data)}</strong>
          {inUse.data?.note && (
            <Callout tone="info" role="status" title="Your chosen default is not used">
              {inUse.data.note}
            </Callout>
          )}
        </div>
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
                    {p.builtIn ? p.name : `${p.name} (${kindLabels[p.kind] ?? p.kind})`}
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
    </SettingsPanel>
  );
}

/** The stored settings, or the default in use when they chose nothing or a provider that cannot answer. */
function shownSettings(stored: Settings, inUse: DefaultModel): Settings {
  if (stored.defaultProviderId && !inUse.note) return stored;
  return { defaultProviderId: inUse.providerId, defaultModel: inUse.builtIn ? '' : inUse.model };
}
