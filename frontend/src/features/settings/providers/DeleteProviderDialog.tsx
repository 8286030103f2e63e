import type { Provider } from '../../../lib/api.gen';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { useDeleteProvider } from '../../../shared/providers/queries';

export function DeleteProviderDialog({ provider, onClose }: { provider: Provider; onClose: () => void }) {
  const del = useDeleteProvider();
  return (
    <ConfirmDialog
      title="Delete provider?"
      description={
        <>
          <strong>{provider.name}</strong> and its stored API key will be removed. Past conversations and runs keep their records.
        </>
      }
      confirmLabel="Delete"
      done={['Provider deleted', provider.name]}
      failureTitle="The provider was not deleted"
      pending={del.isPending}
      error={del.error}
      action={() => del.mutateAsync(provider.id)}
      onClose={onClose}
    />
  );
}
