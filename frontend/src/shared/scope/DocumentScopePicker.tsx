import { ChevronDown, FileText } from 'lucide-react';
import type { LibraryDocument } from '../library/useAllDocuments';
import { DocumentChooser } from './DocumentChooser';
import { usePopover } from './usePopover';

/** The composer's documents control: a button naming the chosen documents, opening a searchable list. */
export function DocumentScopePicker({ documents, value, onChange }: { documents: readonly LibraryDocument[]; value: readonly string[]; onChange: (ids: string[]) => void }) {
  const { open, setOpen, ref, onKeyDown } = usePopover();
  const title = (id: string) => documents.find((d) => d.id === id)?.title;
  const label = value.length === 0 ? 'All documents' : value.length === 1 ? (title(value[0]!) ?? '1 document') : `${value.length} documents`;
  return (
    <div className="tb-popover-wrap" ref={ref} onKeyDown={onKeyDown}>
      <button
        type="button"
        className={`tb-field tb-button${value.length ? ' tb-on' : ''}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        data-testid="document-picker"
        title="Search only these documents, for this conversation"
      >
        <FileText size={13} aria-hidden="true" />
        <span className="tb-label" dir="auto">
          {label}
        </span>
        <ChevronDown size={13} className="tb-caret" aria-hidden="true" />
      </button>
      {open && (
        <div className="tb-popover doc-popover" role="dialog" aria-label="Documents to search">
          <DocumentChooser
            documents={documents}
            selected={value}
            autoFocus
            onToggle={(d) => onChange(value.includes(d.id) ? value.filter((x) => x !== d.id) : [...value, d.id])}
          />
          <div className="doc-popover-foot">
            <span className="subtle">{value.length === 0 ? 'None chosen: the collections are searched.' : 'Only these documents are searched, until you change them.'}</span>
            {value.length > 0 && (
              <button type="button" className="doc-popover-clear" onClick={() => onChange([])} data-testid="document-picker-clear">
                Clear
              </button>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
