import type { Provider } from '../../../lib/api.gen';
import { Button } from '../../../components/ui/Button';
import { Callout } from '../../../components/ui/Callout';
import { Dialog } from '../../../components/ui/Dialog';
import { toast } from '../../../components/ui/toast/toastStore';
import { useDeleteProvider } from '../queries';

export function DeleteProviderDialog({ provider, onClose }: { provider: Provider; onClose: () => void }) {
  const del = useDeleteProvider();
  const confirm = async () => {
    try {
      await del.mutateAsync(provider.id);
      toast.success('Provider deleted', provider.name);
      onClose();
    } catch {
      // shown below
    }
  };
  return (
    <Dialog
      role="alertdialog"
      size="sm"
      title="Delete provider?"
      description={
        <>
          <strong>{provider.name}</strong> and its stored API key will be removed. Past conversations and runs keep their records.
        </>
      }
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button variant="danger" loading={del.isPending} onClick={confirm}>
            Delete
          </Button>
        </>
      }
    >
      {del.error ? (
        <Callout tone="danger" role="alert" title="The provider was not deleted">
          {del.error.message}
        </Callout>
      ) : null}
    </Dialog>
  );
}
