import type { LibraryDocument } from '../library/useAllDocuments';
import { DocOption } from './DocOption';
import './Scope.css';

/** The titles an @-mention being typed may pick; the question box keeps focus and the keys. */
export function MentionMenu({
  id,
  matches,
  active,
  onPick,
  onHover,
}: {
  id: string;
  matches: readonly LibraryDocument[];
  active: number;
  onPick: (d: LibraryDocument) => void;
  onHover: (i: number) => void;
}) {
  return (
    <div className="mention-menu" data-testid="mention-menu">
      <p className="mention-menu-head" aria-hidden="true">
        Add a document to this question · <kbd>↑</kbd> <kbd>↓</kbd> <kbd>Enter</kbd>
      </p>
      <ul role="listbox" id={id} aria-label="Documents to mention">
        {matches.map((d, i) => (
          <DocOption key={d.id} doc={d} id={`${id}-o${i}`} index={i} active={i === active} selected={i === active} onPick={onPick} onHover={onHover} />
        ))}
      </ul>
    </div>
  );
}
