import { useEffect, useId, useRef, type ChangeEvent } from 'react';
import { FilePlus, FolderOpen, UploadCloud } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { filesFromInput, type WalkResult } from './folderWalk';

export const ACCEPTED_EXTENSIONS = '.pdf,.docx,.html,.htm,.xhtml,.txt,.text,.md,.markdown';

export interface DropZoneProps {
  onPicked: (picked: WalkResult) => void;
  /** Files are being dragged over the page. */
  dragging?: boolean;
  /** Dropped folders are being read. */
  reading?: boolean;
  /** A smaller zone, once the collection has documents. */
  compact?: boolean;
}

/**
 * The visible drop target with its keyboard-operable alternatives: "Choose files" and
 * "Choose folder" open the file dialogs (the drop itself is handled for the whole page).
 */
export function DropZone({ onPicked, dragging = false, reading = false, compact = false }: DropZoneProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const hintId = useId();

  useEffect(() => {
    // Not in React's input attributes; every current browser knows webkitdirectory.
    folderInput.current?.setAttribute('webkitdirectory', '');
    folderInput.current?.setAttribute('directory', '');
  }, []);

  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const picked = filesFromInput(e.target.files);
    e.target.value = ''; // picking the same files again fires change again
    onPicked(picked);
  };

  return (
    <section
      className={`drop-zone${compact ? ' drop-zone-compact' : ''}${dragging ? ' is-dragging' : ''}`}
      data-testid="drop-zone"
      aria-labelledby={titleId}
      aria-describedby={hintId}
    >
      <div className="drop-zone-icon" aria-hidden="true">
        <UploadCloud size={compact ? 18 : 24} />
      </div>
      <div className="drop-zone-text">
        <h2 className="drop-zone-title" id={titleId}>
          Drop files or folders here
        </h2>
        <p className="drop-zone-hint" id={hintId}>
          PDF, Word (DOCX), HTML, Markdown and plain text. Folders are added with everything inside them; hidden files are skipped.
        </p>
      </div>
      <div className="drop-zone-actions">
        {reading && (
          <span className="drop-zone-reading" role="status">
            <Spinner size={14} /> Reading folders…
          </span>
        )}
        <Button icon={<FilePlus size={15} aria-hidden="true" />} onClick={() => fileInput.current?.click()}>
          Choose files
        </Button>
        <Button icon={<FolderOpen size={15} aria-hidden="true" />} onClick={() => folderInput.current?.click()}>
          Choose folder
        </Button>
      </div>
      <input
        ref={fileInput}
        type="file"
        multiple
        accept={ACCEPTED_EXTENSIONS}
        className="sr-only"
        tabIndex={-1}
        aria-label="Files to add"
        data-testid="file-input"
        onChange={onChange}
      />
      <input
        ref={folderInput}
        type="file"
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-label="Folder to add"
        data-testid="folder-input"
        onChange={onChange}
      />
    </section>
  );
}
