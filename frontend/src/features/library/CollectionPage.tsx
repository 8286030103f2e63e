import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FolderSearch, Pencil, Trash2, UploadCloud } from 'lucide-react';
import { Link } from '../../components/ui/Link';
import { navigate, useRouteQuery } from '../../lib/router';
import { Button } from '../../components/ui/Button';
import { Callout } from '../../components/ui/Callout';
import { LoadError } from '../../components/ui/LoadError';
import { EmptyState } from '../../components/ui/EmptyState';
import { PageHeader } from '../../components/ui/PageHeader';
import { toast } from '../../components/ui/toast/toastStore';
import { listLocalFiles } from '../../lib/backend';
import { errorText, plural } from '../../lib/format';
import { Breadcrumbs } from './Breadcrumbs';
import { CollectionDialog } from './CollectionDialog';
import { DeleteCollectionDialog } from './DeleteCollectionDialog';
import { DocumentsTable } from './DocumentsTable';
import { DropZone } from './DropZone';
import { walkDropRoots, type DropRoot, type WalkResult } from './folderWalk';
import { useLibraryEvents } from './libraryEvents';
import { LIBRARY_PATH } from '../../lib/paths/library';
import { isIngesting } from '../../shared/library/progress';
import { mergeUploadResults, useCollections, useDocuments } from '../../shared/library/queries';
import { parseTopK, SearchPanel } from './SearchPanel';
import { uploadManager, useUploads } from './uploadManager';
import { UploadPanel } from './UploadPanel';
import { usePageDrop } from './usePageDrop';
import './Library.css';

const numbers = new Intl.NumberFormat();

/** Says what a drop left out; false when it holds nothing to add. */
function worthAdding(items: number, hidden: number): boolean {
  if (hidden > 0) {
    toast.info(`Skipped ${plural(hidden, 'hidden file')}`, 'Files and folders whose names start with a dot (like .DS_Store) are not added.');
  }
  if (items === 0 && hidden === 0) toast.info('Nothing to add', 'What was dropped holds no files.');
  return items > 0;
}

type DialogState = 'edit' | 'delete' | null;

/** #/library/{id}: a collection — drop zone, uploads, search, documents. */
export function CollectionPage({ collectionId }: { collectionId: string }) {
  const qc = useQueryClient();
  const collections = useCollections();
  const docs = useDocuments(collectionId);
  const uploads = useUploads(collectionId);
  const live = useLibraryEvents();
  const params = useRouteQuery();
  const query = params.get('q')?.trim() ?? '';
  const topK = parseTopK(params.get('k'));
  const focusHit = params.get('hit');
  const [reading, setReading] = useState(false);
  const [dialog, setDialog] = useState<DialogState>(null);

  const collection = collections.data?.find((c) => c.id === collectionId);
  const { add, addLocal } = uploads;

  const addPicked = useCallback(
    (picked: WalkResult) => {
      if (worthAdding(picked.files.length + picked.problems.length, picked.hidden)) {
        add(picked, { onResults: (results) => mergeUploadResults(qc, collectionId, results) });
      }
    },
    [add, qc, collectionId],
  );

  const onDropRoots = useCallback(
    (roots: DropRoot[]) => {
      setReading(true);
      walkDropRoots(roots)
        .then(addPicked)
        .catch((err: unknown) => toast.error('The dropped items could not be read', errorText(err)))
        .finally(() => setReading(false));
    },
    [addPicked],
  );

  // The desktop window's native drop: the backend lists what the paths hold, then reads the files in place.
  const onDropPaths = useCallback(
    (paths: string[]) => {
      setReading(true);
      listLocalFiles(paths)
        .then((listed) => {
          if (worthAdding(listed.files.length + listed.problems.length, listed.hidden)) {
            addLocal(listed, { onResults: (results) => mergeUploadResults(qc, collectionId, results) });
          }
        })
        .catch((err: unknown) => toast.error('The dropped items could not be read', errorText(err)))
        .finally(() => setReading(false));
    },
    [addLocal, qc, collectionId],
  );

  const dropHandlers = useMemo(() => ({ onRoots: onDropRoots, onPaths: onDropPaths }), [onDropRoots, onDropPaths]);
  const dragging = usePageDrop(dropHandlers, Boolean(collection));

  // A fresh document list also brings the upload rows up to date (events missed while away).
  useEffect(() => {
    if (docs.data) uploadManager.syncDocuments(collectionId, docs.data);
  }, [collectionId, docs.data]);

  if (collections.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading collection">
        <div className="skeleton skeleton-title" />
        <div className="skeleton drop-zone-skeleton" />
      </div>
    );
  }

  if (collections.error) {
    return (
      <>
        <Breadcrumbs items={[{ label: 'Library', to: LIBRARY_PATH }, { label: 'Collection' }]} />
        <LoadError title="The collection could not be loaded" onRetry={() => void collections.refetch()}>
          {collections.error.message}
        </LoadError>
      </>
    );
  }

  if (!collection) {
    return (
      <>
        <Breadcrumbs items={[{ label: 'Library', to: LIBRARY_PATH }, { label: 'Not found' }]} />
        <PageHeader title="Collection not found" />
        <EmptyState
          icon={<FolderSearch size={22} />}
          title="This collection does not exist"
          description={
            <>
              It may have been deleted. <Link to={LIBRARY_PATH}>Go to the library</Link>.
            </>
          }
        />
      </>
    );
  }

  const docCount = docs.data?.length ?? collection.documents;
  const chunkCount = docs.data ? docs.data.reduce((n, d) => n + (d.chunks || 0), 0) : collection.chunks;
  const ingesting = docs.data?.filter((d) => isIngesting(d.status)).length ?? 0;

  return (
    <div className="collection-page">
      <Breadcrumbs items={[{ label: 'Library', to: LIBRARY_PATH }, { label: collection.name }]} />
      <PageHeader
        title={collection.name}
        description={
          <>
            {collection.description && (
              <span className="collection-description" dir="auto">
                {collection.description}
              </span>
            )}
            <span className="collection-counts" data-testid="collection-counts">
              {plural(docCount, 'document')} · {numbers.format(chunkCount)} {chunkCount === 1 ? 'chunk' : 'chunks'}
              {ingesting > 0 && ` · ${ingesting} being indexed`}
            </span>
          </>
        }
        actions={
          <>
            <Button icon={<Pencil size={14} aria-hidden="true" />} onClick={() => setDialog('edit')}>
              Edit
            </Button>
            <Button variant="ghost" className="btn-danger-ghost" icon={<Trash2 size={14} aria-hidden="true" />} onClick={() => setDialog('delete')}>
              Delete
            </Button>
          </>
        }
      />

      <DropZone onPicked={addPicked} dragging={dragging} reading={reading} compact={docCount > 0} />

      {live.error ? (
        <Callout tone="info" title="Live progress is unavailable">
          The event stream could not be opened ({live.error instanceof Error ? live.error.message : String(live.error)}). Uploads still work;
          reload the page to see their progress.
        </Callout>
      ) : null}

      {uploads.state.rows.length > 0 && (
        <UploadPanel rows={uploads.state.rows} onCancel={uploads.cancel} onClearFinished={uploads.clearFinished} />
      )}

      <SearchPanel collectionId={collectionId} query={query} topK={topK} focusHit={focusHit} ingesting={ingesting} />

      <DocumentsTable
        collectionId={collectionId}
        collectionName={collection.name}
        docs={docs.data}
        isPending={docs.isPending}
        error={docs.error}
        onRetry={() => void docs.refetch()}
      />

      {dragging && (
        <div className="drop-overlay" aria-hidden="true">
          <div className="drop-overlay-card">
            <UploadCloud size={28} />
            <p className="drop-overlay-title">Drop to add to {collection.name}</p>
            <p className="drop-overlay-hint">Files and whole folders</p>
          </div>
        </div>
      )}

      {dialog === 'edit' && <CollectionDialog collection={collection} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && (
        <DeleteCollectionDialog
          collection={{ ...collection, documents: docCount, chunks: chunkCount }}
          onClose={() => setDialog(null)}
          onDeleted={() => navigate(LIBRARY_PATH)}
        />
      )}
    </div>
  );
}
