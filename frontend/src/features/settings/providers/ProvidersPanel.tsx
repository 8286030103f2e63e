import { useState } from 'react';
import { Plus } from 'lucide-react';
import type { Provider } from '../../../lib/api.gen';
import { Button } from '../../../components/ui/Button';
import { LoadError } from '../../../components/ui/LoadError';
import { useDefaultModel, useProviders } from '../../../shared/providers/queries';
import { SettingsPanel } from '../SettingsPanel';
import { DeleteProviderDialog } from './DeleteProviderDialog';
import { ProviderDialog } from './ProviderDialog';
import { ProviderRow } from './ProviderRow';
import './ProvidersPanel.css';

type Dialog = { kind: 'add' } | { kind: 'edit'; provider: Provider } | { kind: 'delete'; provider: Provider } | null;

export function ProvidersPanel() {
  const providers = useProviders();
  const inUse = useDefaultModel();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  return (
    <SettingsPanel
      title="Providers"
      description="Where answers come from: local Ollama, any OpenAI-compatible server, or the built-in extractive answerer."
      action={
        <Button variant="primary" icon={<Plus size={15} aria-hidden="true" />} onClick={() => setDialog({ kind: 'add' })}>
          Add provider
        </Button>
      }
    >
      {providers.isPending && (
        <div className="provider-list" aria-busy="true" aria-label="Loading providers">
          <div className="provider-skeleton" />
          <div className="provider-skeleton" />
        </div>
      )}
      {providers.error && (
        <LoadError title="The providers could not be loaded" onRetry={() => void providers.refetch()}>
          {providers.error.message}
        </LoadError>
      )}
      {providers.data && (
        <div className="provider-list">
          {providers.data.map((p) => (
            <ProviderRow
              key={p.id}
              provider={p}
              isDefault={inUse.data?.providerId === p.id}
              onEdit={(provider) => setDialog({ kind: 'edit', provider })}
              onDelete={(provider) => setDialog({ kind: 'delete', provider })}
            />
          ))}
        </div>
      )}

      {dialog?.kind === 'add' && <ProviderDialog onClose={close} />}
      {dialog?.kind === 'edit' && <ProviderDialog provider={dialog.provider} onClose={close} />}
      {dialog?.kind === 'delete' && <DeleteProviderDialog provider={dialog.provider} onClose={close} />}
    </SettingsPanel>
  );
}
