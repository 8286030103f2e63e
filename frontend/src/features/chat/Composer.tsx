import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ArrowUp, Check, ChevronDown, Cpu, LibraryBig, Square } from 'lucide-react';
import type { Collection, TurnSettings } from '../../lib/api.gen';
import { Button } from '../../components/ui/Button';
import { ModelOptions, parseModelValue, useModelChoice } from '../../shared/providers/ModelOptions';
import type { LibraryDocument } from '../../shared/library/useAllDocuments';
import { DocumentScopePicker } from '../../shared/scope/DocumentScopePicker';
import { insertMention, matchDocuments, mentionAt, stillMentioned, type MentionQuery } from '../../shared/scope/match';
import { MentionMenu } from '../../shared/scope/MentionMenu';
import { ScopeChips } from '../../shared/scope/ScopeChips';
import { usePopover } from '../../shared/scope/usePopover';

/** The turn toolbar's model choice; the replay in the audit reuses it. */
export function ModelPicker({ value, onChange, id, label = 'Model' }: { value: TurnSettings; onChange: (v: { providerId: string; model: string }) => void; id?: string; label?: string }) {
  const choice = useModelChoice(value.providerId, value.model);
  return (
    <label className="tb-field" title="Which model writes the answer">
      <Cpu size={13} aria-hidden="true" />
      <span className="sr-only">{label}</span>
      <select id={id} className="tb-select" value={choice.value} onChange={(e) => onChange(parseModelValue(e.target.value))} data-testid="model-picker" aria-label={label}>
        <ModelOptions choice={choice} unknownLabel={value.model || value.providerId} />
      </select>
      <ChevronDown size={13} className="tb-caret" aria-hidden="true" />
    </label>
  );
}

function CollectionPicker({ collections, value, onChange, overridden }: { collections: Collection[]; value: string[]; onChange: (ids: string[]) => void; overridden: boolean }) {
  const { open, setOpen, ref, onKeyDown } = usePopover();
  const all = value.length === 0;
  const label = all
    ? collections.length === 1
      ? collections[0]!.name
      : 'All collections'
    : value.length === 1
      ? (collections.find((c) => c.id === value[0])?.name ?? '1 collection')
      : `${value.length} collections`;
  const toggle = (id: string) => {
    const next = all ? collections.map((c) => c.id).filter((x) => x !== id) : value.includes(id) ? value.filter((x) => x !== id) : [...value, id];
    onChange(next.length === collections.length || next.length === 0 ? [] : next);
  };
  return (
    <div
      className="tb-popover-wrap"
      ref={ref}
      onKeyDown={onKeyDown}
    >
      <button
        type="button"
        className={`tb-field tb-button${overridden ? ' tb-overridden' : ''}`}
        aria-haspopup="true"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        data-testid="collection-picker"
        title={overridden ? 'Documents are chosen: only they are searched' : 'Which collections the answer may cite'}
      >
        <LibraryBig size={13} aria-hidden="true" />
        <span className="tb-label">{label}</span>
        <ChevronDown size={13} className="tb-caret" aria-hidden="true" />
      </button>
      {open && (
        <div className="tb-popover" role="group" aria-label="Collections to search">
          {overridden && <p className="tb-note">Documents are chosen: only they are searched, whatever the collections.</p>}
          <label className="tb-check">
            <input type="checkbox" checked={all} onChange={() => onChange([])} />
            <span>All collections</span>
            {all && <Check size={13} className="tb-check-mark" aria-hidden="true" />}
          </label>
          <hr />
          {collections.map((c) => (
            <label key={c.id} className="tb-check">
              <input type="checkbox" checked={all || value.includes(c.id)} onChange={() => toggle(c.id)} />
              <span dir="auto">{c.name}</span>
              <span className="subtle tb-count">{c.documents}</span>
            </label>
          ))}
        </div>
      )}
    </div>
  );
}

export interface ComposerProps {
  draft: string;
  onDraft: (text: string) => void;
  /** Sends the question with the documents @-mentioned in it. */
  onSend: (text: string, mentionIds: string[]) => void;
  onStop?: () => void;
  running: boolean;
  sending: boolean;
  settings: TurnSettings;
  onSettings: (s: TurnSettings) => void;
  collections: Collection[];
  documents: readonly LibraryDocument[];
  disabled?: boolean;
  placeholder?: string;
  /** Each new value moves focus to the question box (after "New"). */
  focusRequest?: number;
}

/**
 * The question box with the turn toolbar: collections, documents and model, Enter to send. The
 * chosen documents stay for the conversation (chips above the question); typing @ offers document
 * titles, and a document picked there is searched for this question only.
 */
export function Composer({ draft, onDraft, onSend, onStop, running, sending, settings, onSettings, collections, documents, disabled, placeholder, focusRequest = 0 }: ComposerProps) {
  const area = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (focusRequest > 0) area.current?.focus();
  }, [focusRequest]);
  const mention = useMentions(draft, onDraft, documents, area);
  const chosen = settings.documentIds.map((id) => ({ id, name: documents.find((d) => d.id === id)?.title ?? 'A document no longer in the library' }));
  const removeChosen = (id: string) => onSettings({ ...settings, documentIds: settings.documentIds.filter((x) => x !== id) });
  useEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, 220)}px`;
  }, [draft]);
  const canSend = draft.trim() !== '' && !running && !sending && !disabled;
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (canSend) onSend(draft.trim(), mention.ids());
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (mention.onKeyDown(e)) return;
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };
  return (
    <form className="composer" onSubmit={submit} data-testid="composer">
      <div className="composer-box">
        {(chosen.length > 0 || mention.chips.length > 0) && (
          <div className="composer-scope">
            <ScopeChips chips={chosen} onRemove={removeChosen} label="Documents searched in this conversation" />
            <ScopeChips chips={mention.chips} onRemove={mention.remove} mention label="Documents mentioned in this question" />
          </div>
        )}
        {mention.open && <MentionMenu id={mention.menuId} matches={mention.matches} active={mention.active} onPick={mention.pick} onHover={mention.setActive} />}
        <textarea
          ref={area}
          className="composer-input"
          rows={1}
          dir="auto"
          value={draft}
          placeholder={placeholder ?? 'Ask a question about your documents — type @ to name one…'}
          aria-label="Your question"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={mention.open}
          aria-controls={mention.open ? mention.menuId : undefined}
          aria-activedescendant={mention.open ? `${mention.menuId}-o${mention.active}` : undefined}
          onChange={(e) => mention.onChange(e.target.value, e.target.selectionStart)}
          onSelect={(e) => mention.onCaret(e.currentTarget.value, e.currentTarget.selectionStart)}
          onBlur={mention.close}
          onKeyDown={onKeyDown}
          disabled={disabled}
          data-testid="composer-input"
        />
        <div className="composer-bar">
          <div className="composer-tools">
            <CollectionPicker
              collections={collections}
              value={settings.collectionIds}
              onChange={(collectionIds) => onSettings({ ...settings, collectionIds })}
              overridden={settings.documentIds.length > 0}
            />
            <DocumentScopePicker documents={documents} value={settings.documentIds} onChange={(documentIds) => onSettings({ ...settings, documentIds })} />
            <ModelPicker value={settings} onChange={(m) => onSettings({ ...settings, ...m })} />
          </div>
          {running && onStop ? (
            <Button variant="secondary" size="sm" icon={<Square size={12} aria-hidden="true" />} onClick={onStop} aria-label="Stop the answer">
              Stop
            </Button>
          ) : (
            <Button variant="primary" size="sm" type="submit" icon={<ArrowUp size={15} aria-hidden="true" />} disabled={!canSend} loading={sending} aria-label="Send">
              {null}
            </Button>
          )}
        </div>
      </div>
      <p className="composer-hint subtle">
        Answers come only from your library, with every sentence cited. <kbd>Enter</kbd> to send, <kbd>Shift</kbd>+<kbd>Enter</kbd> for a new line.
      </p>
    </form>
  );
}

/**
 * @-mentions in the question box: the mention being typed, the titles it matches, the keys that
 * move through them and pick one (which writes "@Title" in the question), and the documents picked,
 * as long as their "@Title" is still in the question.
 */
function useMentions(draft: string, onDraft: (text: string) => void, documents: readonly LibraryDocument[], area: React.RefObject<HTMLTextAreaElement | null>) {
  const [picked, setPicked] = useState<LibraryDocument[]>([]);
  const [typing, setTyping] = useState<MentionQuery | null>(null);
  const [active, setActive] = useState(0);
  const settled = useRef<number | null>(null); // the @ of a mention picked or dismissed: it stays closed
  const menuId = useId();
  const matches = typing ? matchDocuments(documents, typing.query, 8) : [];
  const open = matches.length > 0;
  const current = Math.min(active, Math.max(matches.length - 1, 0));
  const chips = stillMentioned(draft, picked).map((d) => ({ id: d.id, name: d.title }));
  const onCaret = (text: string, caret: number) => {
    let m = mentionAt(text, caret);
    if (m?.query === '') settled.current = null; // an @ just typed opens afresh
    if (m && m.start === settled.current) m = null;
    if (m?.start !== typing?.start || m?.query !== typing?.query) setActive(0);
    setTyping(m);
  };
  const pick = (d: LibraryDocument) => {
    const el = area.current;
    if (!typing || !el) return;
    const r = insertMention(draft, typing, el.selectionStart, d.title);
    onDraft(r.text);
    setPicked((ps) => (ps.some((p) => p.id === d.id) ? ps : [...ps, d]));
    settled.current = typing.start;
    setTyping(null);
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(r.caret, r.caret);
    });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open || e.nativeEvent.isComposing) return false;
    const move = { ArrowDown: 1, ArrowUp: -1 }[e.key];
    if (move) setActive((current + move + matches.length) % matches.length);
    else if (e.key === 'Enter' || e.key === 'Tab') pick(matches[current]!);
    else if (e.key === 'Escape') {
      settled.current = typing!.start;
      setTyping(null);
    }
    else return false;
    e.preventDefault();
    e.stopPropagation();
    return true;
  };
  const remove = (id: string) => {
    const d = picked.find((p) => p.id === id);
    setPicked((ps) => ps.filter((p) => p.id !== id));
    if (d) onDraft(draft.split(`@${d.title}`).join(d.title)); // the words stay; only the mention goes
  };
  return {
    open,
    matches,
    active: current,
    setActive,
    menuId,
    chips,
    pick,
    remove,
    onKeyDown,
    onCaret,
    onChange: (text: string, caret: number) => {
      onDraft(text);
      onCaret(text, caret);
    },
    close: () => setTyping(null),
    ids: () => chips.map((c) => c.id),
  };
}
