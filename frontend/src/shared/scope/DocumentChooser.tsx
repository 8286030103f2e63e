import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Check, Search } from 'lucide-react';
import type { LibraryDocument } from '../library/useAllDocuments';
import { DocOption } from './DocOption';
import { matchDocuments } from './match';
import './Scope.css';

/**
 * A search box over the library's documents by title, with the matches as a multi-select list: type
 * to narrow, arrow keys to move, Enter to choose or unchoose, the mouse too. Focus stays in the box.
 */
export function DocumentChooser({
  documents,
  selected,
  onToggle,
  label = 'Find a document by title',
  autoFocus,
  onKeyDown,
  testId = 'document-chooser',
}: {
  documents: readonly LibraryDocument[];
  selected: readonly string[];
  onToggle: (doc: LibraryDocument) => void;
  label?: string;
  autoFocus?: boolean;
  onKeyDown?: (e: KeyboardEvent<HTMLInputElement>) => void;
  testId?: string;
}) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const list = useRef<HTMLUListElement>(null);
  const matches = matchDocuments(documents, query);
  const current = Math.min(active, Math.max(matches.length - 1, 0));
  useEffect(() => setActive(0), [query]);
  useEffect(() => {
    list.current?.querySelector(`[data-index="${current}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [current]);
  const keyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const move = { ArrowDown: 1, ArrowUp: -1 }[e.key];
    if (move && matches.length > 0) {
      e.preventDefault();
      setActive((current + move + matches.length) % matches.length);
    } else if (e.key === 'Enter' && matches[current]) {
      e.preventDefault();
      onToggle(matches[current]!);
    }
    onKeyDown?.(e);
  };
  const optionId = (i: number) => `${listId}-o${i}`;
  return (
    <div className="doc-chooser" data-testid={testId}>
      <label className="doc-chooser-search">
        <Search size={13} aria-hidden="true" />
        <input
          type="text"
          role="combobox"
          aria-label={label}
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={matches.length ? optionId(current) : undefined}
          placeholder={label}
          value={query}
          dir="auto"
          autoFocus={autoFocus}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={keyDown}
          data-testid={`${testId}-search`}
        />
      </label>
      <ul className="doc-chooser-list" role="listbox" id={listId} aria-label="Documents" aria-multiselectable="true" ref={list}>
        {matches.map((d, i) => {
          const on = selected.includes(d.id);
          return (
            <DocOption key={d.id} doc={d} id={optionId(i)} index={i} active={i === current} selected={on} onPick={onToggle} onHover={setActive}>
              <span className="doc-option-check" aria-hidden="true">
                {on && <Check size={12} />}
              </span>
            </DocOption>
          );
        })}
        {matches.length === 0 && (
          <li className="doc-chooser-empty" role="presentation">
            {documents.length === 0 ? 'The library has no documents yet.' : `No document title holds “${query.trim()}”.`}
          </li>
        )}
      </ul>
    </div>
  );
}
