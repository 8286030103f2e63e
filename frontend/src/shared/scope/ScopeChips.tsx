import { AtSign, FileText, X } from 'lucide-react';
import './Scope.css';

export interface Chip {
  id: string;
  name: string;
}

/** Chosen documents as chips, each with a button that takes it out. */
export function ScopeChips({ chips, onRemove, mention, label }: { chips: readonly Chip[]; onRemove: (id: string) => void; mention?: boolean; label: string }) {
  if (chips.length === 0) return null;
  const Icon = mention ? AtSign : FileText;
  return (
    <ul className="scope-chips" aria-label={label} data-testid={mention ? 'mention-chips' : 'scope-chips'}>
      {chips.map((c) => (
        <li key={c.id} className={`scope-chip${mention ? ' scope-chip-mention' : ''}`}>
          <Icon size={12} aria-hidden="true" />
          <span className="scope-chip-name" dir="auto" title={c.name}>
            {c.name}
          </span>
          <button type="button" className="scope-chip-remove" aria-label={`Remove ${c.name}`} onClick={() => onRemove(c.id)}>
            <X size={12} aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}
