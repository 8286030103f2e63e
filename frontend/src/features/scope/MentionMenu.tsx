import type { LibraryDocument } from '../library/useAllDocuments';
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
          <li
            key={d.id}
            id={`${id}-o${i}`}
            role="option"
            aria-selected={i === active}
            className="doc-option"
            data-active={i === active || undefined}
            onMouseDown={(e) => e.preventDefault()}
            onMouseEnter={() => onHover(i)}
            onClick={() => onPick(d)}
          >
            <span className="doc-option-text">
              <span className="doc-option-title" dir="auto">
                {d.title}
              </span>
              <span className="doc-option-meta" dir="auto">
                {d.collectionName} · {d.name}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
