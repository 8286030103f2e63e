import { memo, useId } from 'react';
import { LibraryBig, Pencil } from 'lucide-react';
import type { Collection } from '../../lib/api.gen';
import { Link } from '../../components/ui/Link';
import { Button, DeleteButton } from '../../components/ui/Button';
import { formatRelative } from '../../lib/format';
import { formatDateTime } from '../../lib/display';
import { collectionPath } from '../../lib/paths/library';
import '../../components/ui/LinkCard.css';

export interface CollectionCardProps {
  collection: Collection;
  onEdit: (c: Collection) => void;
  onDelete: (c: Collection) => void;
}

const numbers = new Intl.NumberFormat();

export const CollectionCard = memo(function CollectionCard({ collection: c, onEdit, onDelete }: CollectionCardProps) {
  const nameId = useId();
  return (
    <article className="link-card" data-testid="collection-card" data-collection-name={c.name} aria-labelledby={nameId}>
      <div className="link-card-top">
        <div className="link-card-icon" aria-hidden="true">
          <LibraryBig size={17} />
        </div>
        <div className="link-card-actions">
          <Button size="sm" variant="ghost" aria-label="Edit" title="Rename or describe" icon={<Pencil size={14} aria-hidden="true" />} onClick={() => onEdit(c)} />
          <DeleteButton onClick={() => onDelete(c)} />
        </div>
      </div>
      <h2 className="link-card-name" id={nameId}>
        <Link to={collectionPath(c.id)} className="link-card-link">
          {c.name}
        </Link>
      </h2>
      <p className={`link-card-description${c.description ? '' : ' subtle'}`} dir="auto">
        {c.description || 'No description'}
      </p>
      <dl className="collection-card-stats">
        <div>
          <dt>Documents</dt>
          <dd>{numbers.format(c.documents)}</dd>
        </div>
        <div>
          <dt>Chunks</dt>
          <dd>{numbers.format(c.chunks)}</dd>
        </div>
        <div>
          <dt>Updated</dt>
          <dd title={formatDateTime(c.updatedAt)}>{formatRelative(c.updatedAt) || '—'}</dd>
        </div>
      </dl>
    </article>
  );
});
