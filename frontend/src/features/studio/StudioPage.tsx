import { useCallback, useMemo, useState } from 'react';
import { FileUp, Plus, Workflow } from 'lucide-react';
import type { App } from '../../lib/api.gen';
import { exportApp } from '../../lib/backend';
import { navigate } from '../../lib/router';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { EmptyState } from '../../components/ui/EmptyState';
import { LoadError } from '../../components/ui/LoadError';
import { PageHeader } from '../../components/ui/PageHeader';
import { toast } from '../../components/ui/toast/toastStore';
import { AppCard } from './list/AppCard';
import { CreateAppDialog } from './list/CreateAppDialog';
import { dslFileName, downloadText } from './list/download';
import { ImportAppDialog } from './list/ImportAppDialog';
import { RenameAppDialog } from './list/RenameAppDialog';
import { appPath } from '../../lib/paths/studio';
import { useApps, useDeleteApp, useDuplicateApp } from '../../shared/apps/queries';
import './Studio.css';
import { errorText } from '../../lib/format';

type DialogState = { kind: 'new' } | { kind: 'import' } | { kind: 'rename'; app: App } | { kind: 'delete'; app: App } | null;

/** #/studio: the chatflows and workflows, with create, import, duplicate, rename, export and delete. */
export function StudioPage() {
  const apps = useApps();
  const duplicate = useDuplicateApp();
  const remove = useDeleteApp();
  const [dialog, setDialog] = useState<DialogState>(null);
  const close = useCallback(() => setDialog(null), []);
  const onRename = useCallback((app: App) => setDialog({ kind: 'rename', app }), []);
  const onDelete = useCallback((app: App) => setDialog({ kind: 'delete', app }), []);
  const onDuplicate = useCallback(
    (app: App) =>
      duplicate.mutate(app.id, {
        onSuccess: (copy) => toast.success('App duplicated', copy.name),
        onError: (err) => toast.error('The app was not duplicated', err.message),
      }),
    [duplicate],
  );
  const onExport = useCallback(async (app: App) => {
    try {
      downloadText(await exportApp(app.id), dslFileName(app.name), 'application/yaml;charset=utf-8');
    } catch (err) {
      toast.error('The app was not exported', errorText(err));
    }
  }, []);
  const list = useMemo(() => apps.data ?? null, [apps.data]);
  const empty = list !== null && list.length === 0;
  const actions = (
    <>
      <Button icon={<FileUp size={15} aria-hidden="true" />} onClick={() => setDialog({ kind: 'import' })}>
        Import
      </Button>
      <Button variant="primary" icon={<Plus size={15} aria-hidden="true" />} onClick={() => setDialog({ kind: 'new' })}>
        New app
      </Button>
    </>
  );

  return (
    <>
      <PageHeader title="Studio" description="Chatflows and batch workflows, built on a canvas from retrieval, model, tool and logic steps." actions={actions} />
      {apps.isPending && (
        <div className="app-grid" aria-busy="true" aria-label="Loading apps">
          <div className="skeleton app-skeleton" />
          <div className="skeleton app-skeleton" />
          <div className="skeleton app-skeleton" />
        </div>
      )}
      {apps.error && (
        <LoadError title="The apps could not be loaded" onRetry={() => void apps.refetch()}>
          {apps.error.message}
        </LoadError>
      )}
      {empty && (
        <EmptyState
          icon={<Workflow size={22} />}
          title="No apps yet"
          description="An app is a graph of retrieval, model, tool and follow-up-question steps. Start from a template such as Legal Q&A, or import a DSL file."
          action={<div className="empty-actions">{actions}</div>}
        />
      )}
      {list && !empty && (
        <div className="app-grid">
          {list.map((a) => (
            <AppCard key={a.id} app={a} onRename={onRename} onDuplicate={onDuplicate} onExport={onExport} onDelete={onDelete} />
          ))}
        </div>
      )}
      {dialog?.kind === 'new' && <CreateAppDialog onClose={close} onCreated={(doc) => navigate(appPath(doc.app.id))} />}
      {dialog?.kind === 'import' && <ImportAppDialog onClose={close} onOpen={(id) => navigate(appPath(id))} />}
      {dialog?.kind === 'rename' && <RenameAppDialog app={dialog.app} onClose={close} />}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={`Delete “${dialog.app.name}”?`}
          description="The app and its graph are deleted. Its past runs stay in the run history."
          confirmLabel="Delete app"
          done={['App deleted', dialog.app.name]}
          failureTitle="The app was not deleted"
          pending={remove.isPending}
          error={remove.error}
          action={() => remove.mutateAsync(dialog.app.id)}
          onClose={() => {
            remove.reset();
            close();
          }}
        />
      )}
    </>
  );
}
