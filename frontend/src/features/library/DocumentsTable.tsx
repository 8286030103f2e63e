import { memo, useCallback, useId, useMemo, useState } from 'react';
import { Files, FileStack, PencilLine, RefreshCw, RotateCw, Search } from 'lucide-react';
import type { Document } from '../../lib/api.gen';
import { Link } from '../../components/ui/Link';
import { Button, DeleteButton } from '../../components/ui/Button';
import { Callout } from '../../components/ui/Callout';
import { EmptyState } from '../../components/ui/EmptyState';
import { toast } from '../../components/ui/toast/toastStore';
import { formatBytes } from '../../lib/format';
import { DeleteDocumentDialog } from './DeleteDocumentDialog';
import { RenameDocumentDialog } from './RenameDocumentDialog';
import { compareNames, formatDate, formatDateTime, formatName, languageName } from '../../lib/display';
import { DocumentStatus } from './DocumentStatus';
import { FormatIcon } from './FormatIcon';
import { sourcePath } from '../../lib/paths/library';
import { isIngesting } from '../../shared/library/progress';
import { useReindexDocument } from '../../shared/library/queries';

/** Rows rendered at first; more on request (a collection may hold thousands). */
export const PAGE_SIZE = 200;

const numbers = new Intl.NumberFormat();

function num(n: number): string {
  return n > 0 ? numbers.format(n) : '—';
}

function byTitle(a: Document, b: Document): number {
  return compareNames(a.title || a.name, b.title || b.name) || compareNames(a.name, b.name);
}

function matches(doc: Document, needle: string): boolean {
  return doc.title.toLocaleLowerCase().includes(needle) || doc.name.toLocaleLowerCase().includes(needle);
}

interface RowProps {
  doc: Document;
  /** The document with the same text in another file, which searches use instead of this one. */
  sameAs: Document | undefined;
  reindexing: boolean;
  onReindex: (doc: Document) => void;
  onRename: (doc: Document) => void;
  onDelete: (doc: Document) => void;
}

const DocumentRow = memo(function DocumentRow({ doc, sameAs, reindexing, onReindex, onRename, onDelete }: RowProps) {
  const title = doc.title || doc.name;
  const ready = doc.status === 'ready';
  const busy = isIngesting(doc.status) || doc.status === 'deleting';
  return (
    <tr data-testid="document-row" data-document-name={doc.name} data-status={doc.status} className={`doc-row doc-row-${doc.status}`}>
      <td className="doc-name-cell">
        <div className="doc-name-wrap">
          <FormatIcon format={doc.format} name={doc.name} />
          <div className="doc-name-text">
            {ready ? (
              <Link to={sourcePath(doc.collectionId, doc.id)} className="doc-name" title={`Open ${title}`}>
                {title}
              </Link>
            ) : (
              <span className="doc-name">{title}</span>
            )}
            <span className="doc-file" title={`${formatName(doc.format, doc.name)} file`}>
              {doc.name}
            </span>
            {sameAs && <SameTextNote other={sameAs} />}
          </div>
        </div>
      </td>
      <td className="doc-status-cell">
        <DocumentStatus doc={doc} />
      </td>
      <td className="num">{num(doc.pages)}</td>
      <td className="num">{num(doc.chunks)}</td>
      <td className="num">{formatBytes(doc.size)}</td>
      <td className="nowrap" title={formatDateTime(doc.createdAt)}>
        {formatDate(doc.createdAt)}
      </td>
      <td className="nowrap">{languageName(doc.language)}</td>
      <td className="doc-actions">
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Rename ${title}`}
          title="Rename: give the document the title it is shown by"
          icon={<PencilLine size={14} aria-hidden="true" />}
          disabled={doc.status === 'deleting'}
          onClick={() => onRename(doc)}
        />
        <Button
          size="sm"
          variant="ghost"
          aria-label="Re-index"
          title="Re-index: read the file again and rebuild its chunks"
          icon={<RotateCw size={14} aria-hidden="true" />}
          loading={reindexing}
          disabled={busy}
          onClick={() => onReindex(doc)}
        />
        <DeleteButton disabled={doc.status === 'deleting'} onClick={() => onDelete(doc)} />
      </td>
    </tr>
  );
});

/** Says that a document repeats another's text in another file, so its passages are not searched twice. */
function SameTextNote({ other }: { other: Document }) {
  return (
    <span
      className="doc-same-text"
      data-testid="same-text-note"
      title={`The same text as ${other.name}: searches and answers quote that file, and name this one beside it.`}
    >
      <Files size={12} aria-hidden="true" />
      <span>
        Same text as <span className="doc-same-text-name">{other.name}</span>
      </span>
    </span>
  );
}

export interface DocumentsTableProps {
  collectionId: string;
  collectionName: string;
  docs: readonly Document[] | undefined;
  isPending: boolean;
  error: Error | null;
  onRetry: () => void;
}

/** The documents of a collection with status, counts and row actions. */
export function DocumentsTable({ collectionId, collectionName, docs, isPending, error, onRetry }: DocumentsTableProps) {
  const [filter, setFilter] = useState('');
  const [limit, setLimit] = useState(PAGE_SIZE);
  const [deleting, setDeleting] = useState<Document | null>(null);
  const [renaming, setRenaming] = useState<Document | null>(null);
  const reindex = useReindexDocument(collectionId);
  const titleId = useId();
  const filterId = useId();

  const onReindex = useCallback(
    (doc: Document) => {
      reindex.mutate(doc.id, {
        onSuccess: () => toast.info('Re-indexing', doc.name),
        onError: (err) => toast.error('The document was not re-indexed', err.message),
      });
    },
    [reindex.mutate],
  );
  const onDelete = useCallback((doc: Document) => setDeleting(doc), []);
  const onRename = useCallback((doc: Document) => setRenaming(doc), []);

  const sorted = useMemo(() => (docs ? [...docs].sort(byTitle) : []), [docs]);
  const byId = useMemo(() => new Map((docs ?? []).map((d) => [d.id, d])), [docs]);
  const needle = filter.trim().toLocaleLowerCase();
  const filtered = useMemo(() => (needle ? sorted.filter((d) => matches(d, needle)) : sorted), [sorted, needle]);
  const shown = filtered.slice(0, limit);
  const ingesting = sorted.filter((d) => isIngesting(d.status)).length;
  const failed = sorted.filter((d) => d.status === 'failed').length;
  const reindexingId = reindex.isPending ? reindex.variables : undefined;

  return (
    <section className="documents-section" aria-labelledby={titleId}>
      <header className="section-header">
        <div className="section-heading">
          <h2 className="section-title" id={titleId}>
            Documents
          </h2>
          {docs && (
            <span className="section-meta">
              {numbers.format(docs.length)}
              {ingesting > 0 && ` · ${ingesting} being indexed`}
              {failed > 0 && ` · ${failed} failed`}
            </span>
          )}
        </div>
        {docs && docs.length > 8 && (
          <div className="doc-filter">
            <Search size={14} aria-hidden="true" />
            <label htmlFor={filterId} className="sr-only">
              Filter documents by title or file name
            </label>
            <input
              id={filterId}
              className="input"
              type="search"
              placeholder="Filter by title or file"
              value={filter}
              onChange={(e) => {
                setFilter(e.target.value);
                setLimit(PAGE_SIZE);
              }}
            />
          </div>
        )}
      </header>

      {isPending && (
        <div className="table-skeleton" aria-busy="true" aria-label="Loading documents">
          <div className="skeleton skeleton-row" />
          <div className="skeleton skeleton-row" />
          <div className="skeleton skeleton-row" />
        </div>
      )}

      {error && (
        <Callout
          tone="danger"
          role="alert"
          title="The documents could not be loaded"
          action={
            <Button size="sm" icon={<RefreshCw size={13} aria-hidden="true" />} onClick={onRetry}>
              Retry
            </Button>
          }
        >
          {error.message}
        </Callout>
      )}

      {docs && docs.length === 0 && (
        <EmptyState
          compact
          icon={<FileStack size={22} />}
          title="No documents yet"
          description="Drop statutes, regulations, contracts or judgments above. Each one is read, split along its articles and sections, and indexed on this machine."
        />
      )}

      {docs && docs.length > 0 && (
        <div className="table-wrap">
          <table className="data-table doc-table">
            <caption className="sr-only">Documents in {collectionName}</caption>
            <thead>
              <tr>
                <th scope="col">Document</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Pages
                </th>
                <th scope="col" className="num">
                  Chunks
                </th>
                <th scope="col" className="num">
                  Size
                </th>
                <th scope="col">Added</th>
                <th scope="col">Language</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((doc) => (
                <DocumentRow
                  key={doc.id}
                  doc={doc}
                  sameAs={doc.duplicateOf ? byId.get(doc.duplicateOf) : undefined}
                  reindexing={reindexingId === doc.id}
                  onReindex={onReindex}
                  onRename={onRename}
                  onDelete={onDelete}
                />
              ))}
            </tbody>
          </table>
          {filtered.length === 0 && <p className="table-note">No document titles or file names contain “{filter.trim()}”.</p>}
          {filtered.length > shown.length && (
            <div className="table-more">
              <Button size="sm" onClick={() => setLimit((n) => n + PAGE_SIZE)}>
                Show {Math.min(PAGE_SIZE, filtered.length - shown.length)} more
              </Button>
              <span className="subtle">
                Showing {shown.length} of {filtered.length}
              </span>
            </div>
          )}
        </div>
      )}

      {deleting && <DeleteDocumentDialog document={deleting} onClose={() => setDeleting(null)} />}
      {renaming && <RenameDocumentDialog document={renaming} onClose={() => setRenaming(null)} />}
    </section>
  );
}
