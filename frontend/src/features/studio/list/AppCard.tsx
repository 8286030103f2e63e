import { memo, useId } from 'react';
import { Copy, Download, MessagesSquare, Pencil, Workflow } from 'lucide-react';
import type { App } from '../../../lib/api.gen';
import { Link } from '../../../components/ui/Link';
import { Badge } from '../../../components/ui/Badge';
import { Button, DeleteButton } from '../../../components/ui/Button';
import { formatRelative } from '../../../lib/format';
import { formatDateTime } from '../../../lib/display';
import { appPath } from '../../../lib/paths/studio';
import '../../../components/ui/LinkCard.css';

export interface AppCardProps {
  app: App;
  onRename: (a: App) => void;
  onDuplicate: (a: App) => void;
  onExport: (a: App) => void;
  onDelete: (a: App) => void;
}

export const modeLabel = { chatflow: 'Chatflow', workflow: 'Workflow' } as const;

export const AppCard = memo(function AppCard({ app, onRename, onDuplicate, onExport, onDelete }: AppCardProps) {
  const nameId = useId();
  const Icon = app.mode === 'chatflow' ? MessagesSquare : Workflow;
  return (
    <article className="link-card" data-testid="app-card" data-app-name={app.name} aria-labelledby={nameId}>
      <div className="link-card-top">
        <div className={`link-card-icon app-card-icon-${app.mode}`} aria-hidden="true">
          <Icon size={17} />
        </div>
        <div className="link-card-actions">
          <Button size="sm" variant="ghost" aria-label={`Rename ${app.name}`} title="Rename or describe" icon={<Pencil size={14} aria-hidden="true" />} onClick={() => onRename(app)} />
          <Button size="sm" variant="ghost" aria-label={`Duplicate ${app.name}`} title="Duplicate" icon={<Copy size={14} aria-hidden="true" />} onClick={() => onDuplicate(app)} />
          <Button size="sm" variant="ghost" aria-label={`Export ${app.name}`} title="Export as YAML" icon={<Download size={14} aria-hidden="true" />} onClick={() => onExport(app)} />
          <DeleteButton aria-label={`Delete ${app.name}`} onClick={() => onDelete(app)} />
        </div>
      </div>
      <h2 className="link-card-name" id={nameId}>
        <Link to={appPath(app.id)} className="link-card-link">
          {app.name}
        </Link>
      </h2>
      <p className={`link-card-description${app.description ? '' : ' subtle'}`} dir="auto">
        {app.description || 'No description'}
      </p>
      <div className="app-card-meta">
        <Badge tone={app.mode === 'chatflow' ? 'accent' : 'neutral'}>{modeLabel[app.mode]}</Badge>
        <span title={formatDateTime(app.updatedAt)}>Edited {formatRelative(app.updatedAt) || '—'}</span>
      </div>
    </article>
  );
});
