import { useCallback, useMemo, useState } from 'react';
import { LibraryBig, Plus, Sparkles } from 'lucide-react';
import type { Collection } from '../../lib/api.gen';
import { navigate } from '../../lib/router';
import { Button } from '../../components/ui/Button';
import { Callout } from '../../components/ui/Callout';
import { LoadError } from '../../components/ui/LoadError';
import { EmptyState } from '../../components/ui/EmptyState';
import { PageHeader } from '../../components/ui/PageHeader';
import { toast } from '../../components/ui/toast/toastStore';
import { CollectionCard } from './CollectionCard';
import { CollectionDialog } from './CollectionDialog';
import { DeleteCollectionDialog } from './DeleteCollectionDialog';
import { compareNames } from '../../lib/display';
import { useLibraryEvents } from './libraryEvents';
import { collectionPath } from '../../lib/paths/library';
import { useCollections, useLoadSample } from '../../shared/library/queries';
import { usePageDrop } from './usePageDrop';
import './Library.css';

type DialogState = { kind: 'new' } | { kind: 'edit'; collection: Collection } | { kind: 'delete'; collection: Collection } | null;

function byName(a: Collection, b: Collection): number {
  return compareNames(a.name, b.name);
}

/** #/library: the collections, with create, edit, delete, and the sample library for a first start. */
export function CollectionsPage() {
  const collections = useCollections();
  const sample = useLoadSample();
  const [dialog, setDialog] = useState<DialogState>(null);
  const close = useCallback(() => setDialog(null), []);
  const onEdit = useCallback((collection: Collection) => setDialog({ kind: 'edit', collection }), []);
  const onDelete = useCallback((collection: Collection) => setDialog({ kind: 'delete', collection }), []);
  useLibraryEvents();

  // Files dropped here would make the browser open them and leave the app.
  usePageDrop(
    useMemo(() => ({ onRoots: () => toast.info('Open a collection first', 'Drop documents onto a collection’s page to add them to it.') }), []),
  );

  const loadSample = async () => {
    try {
      const created = await sample.mutateAsync();
      toast.success('Loading the sample library', 'English, Arabic and Chinese statutes are being indexed.');
      navigate(collectionPath(created.id));
    } catch {
      // shown in the empty state
    }
  };

  const list = collections.data ? [...collections.data].sort(byName) : null;
  const empty = list !== null && list.length === 0;

  return (
    <>
      <PageHeader
        title="Library"
        description="Collections of statutes, regulations, contracts and judgments, indexed on this machine."
        actions={
          list && !empty ? (
            <Button variant="primary" icon={<Plus size={15} aria-hidden="true" />} onClick={() => setDialog({ kind: 'new' })}>
              New collection
            </Button>
          ) : undefined
        }
      />

      {collections.isPending && (
        <div className="collection-grid" aria-busy="true" aria-label="Loading collections">
          <div className="skeleton collection-skeleton" />
          <div className="skeleton collection-skeleton" />
          <div className="skeleton collection-skeleton" />
        </div>
      )}

      {collections.error && (
        <LoadError title="The collections could not be loaded" onRetry={() => void collections.refetch()}>
          {collections.error.message}
        </LoadError>
      )}

      {empty && (
        <div className="library-empty">
          <EmptyState
            icon={<LibraryBig size={22} />}
            title="No collections yet"
            description="A collection holds related documents — an area of law, a matter, a client. Drop PDFs, Word files, HTML or text into it; Lexflow reads their structure — parts, chapters, articles — so every answer can cite the exact page and article."
            action={
              <div className="empty-actions">
                <Button variant="primary" icon={<Sparkles size={15} aria-hidden="true" />} loading={sample.isPending} onClick={loadSample}>
                  Load sample library
                </Button>
                <Button icon={<Plus size={15} aria-hidden="true" />} onClick={() => setDialog({ kind: 'new' })}>
                  New collection
                </Button>
              </div>
            }
          />
          {sample.error && (
            <Callout tone="danger" role="alert" title="The sample library could not be loaded">
              {sample.error.message}
            </Callout>
          )}
        </div>
      )}

      {list && !empty && (
        <div className="collection-grid">
          {list.map((c) => (
            <CollectionCard key={c.id} collection={c} onEdit={onEdit} onDelete={onDelete} />
          ))}
        </div>
      )}

      {dialog?.kind === 'new' && <CollectionDialog onClose={close} onSaved={(saved) => navigate(collectionPath(saved.id))} />}
      {dialog?.kind === 'edit' && <CollectionDialog collection={dialog.collection} onClose={close} />}
      {dialog?.kind === 'delete' && <DeleteCollectionDialog collection={dialog.collection} onClose={close} />}
    </>
  );
}
