import { useRef, type KeyboardEvent } from 'react';
import { AlignLeft, FileImage } from 'lucide-react';
import type { SourceView } from '../../lib/paths/library';

const views: { value: SourceView; label: string; icon: typeof AlignLeft }[] = [
  { value: 'text', label: 'Text', icon: AlignLeft },
  { value: 'page', label: 'Page', icon: FileImage },
];

export const sourcePanelId = 'source-view-panel';
export const sourceTabId = (view: SourceView) => `source-view-tab-${view}`;

/** Text | Page: the extracted text or the original page, as tabs (arrow keys move between them). */
export function SourceViewTabs({ view, onChange }: { view: SourceView; onChange: (view: SourceView) => void }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const delta = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    const to = e.key === 'Home' ? 0 : e.key === 'End' ? views.length - 1 : delta ? (index + delta + views.length) % views.length : -1;
    if (to < 0) return;
    e.preventDefault();
    onChange(views[to]!.value);
    refs.current[to]?.focus();
  };
  return (
    <div className="source-tabs" role="tablist" aria-label="Show the document as">
      {views.map(({ value, label, icon: Icon }, i) => (
        <button
          key={value}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={sourceTabId(value)}
          aria-selected={view === value}
          aria-controls={sourcePanelId}
          tabIndex={view === value ? 0 : -1}
          className="source-tab"
          data-testid={`source-tab-${value}`}
          onClick={() => onChange(value)}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          <Icon size={14} aria-hidden="true" />
          {label}
        </button>
      ))}
    </div>
  );
}
