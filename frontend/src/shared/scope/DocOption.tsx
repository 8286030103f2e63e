import type { ReactNode } from 'react';
import type { LibraryDocument } from '../library/useAllDocuments';

/**
 * One document of a list the keyboard moves through while the focus stays in a text box: its
 * title, then its collection and file (which tells a statute's PDF from its DOCX).
 */
export function DocOption({
  doc,
  id,
  index,
  active,
  selected,
  onPick,
  onHover,
  children,
}: {
  doc: LibraryDocument;
  id: string;
  index: number;
  active: boolean;
  selected: boolean;
  onPick: (d: LibraryDocument) => void;
  onHover: (i: number) => void;
  children?: ReactNode;
}) {
  return (
    <li
      id={id}
      role="option"
      aria-selected={selected}
      data-index={index}
      data-active={active || undefined}
      className="doc-option"
      onMouseDown={(e) => e.preventDefault()}
      onMouseEnter={() => onHover(index)}
      onClick={() => onPick(doc)}
      title={doc.name}
    >
      {children}
      <span className="doc-option-text">
        <span className="doc-option-title" dir="auto">
          {doc.title}
        </span>
        <span className="doc-option-meta" dir="auto">
          {doc.collectionName} · {doc.name}
        </span>
      </span>
    </li>
  );
}
