import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useQueries } from '@tanstack/react-query';
import { ArrowUp, Check, ChevronDown, Cpu, LibraryBig, Square } from 'lucide-react';
import type { Collection, Provider, TurnSettings } from '../../lib/api.gen';
import { listModels } from '../../lib/backend';
import { Button } from '../../components/ui/Button';
import { keys as settingsKeys, useProviders, useSettings } from '../settings/queries';

/** The value of a model choice: "providerId\u0000model"; "" for the configured default. */
export function modelValue(providerId: string, model: string): string {
  return providerId ? `${providerId}\u0000${model}` : '';
}

export function parseModelValue(v: string): { providerId: string; model: string } {
  if (!v) return { providerId: '', model: '' };
  const [providerId = '', model = ''] = v.split('\u0000');
  return { providerId, model };
}

/** Every provider's models, for the model picker. */
export function useModelChoices(): { providers: Provider[]; models: Record<string, string[]>; defaultLabel: string } {
  const providers = useProviders();
  const settings = useSettings();
  const list = providers.data ?? [];
  const results = useQueries({
    queries: list.map((p) => ({
      queryKey: settingsKeys.models(p.id),
      queryFn: ({ signal }: { signal: AbortSignal }) => listModels(p.id, signal),
      enabled: !p.builtIn,
      staleTime: 60_000,
      retry: false,
    })),
  });
  const models: Record<string, string[]> = {};
  list.forEach((p, i) => {
    const names = results[i]?.data?.map((m) => m.name) ?? [];
    models[p.id] = p.defaultModel && !names.includes(p.defaultModel) ? [p.defaultModel, ...names] : names;
  });
  const def = list.find((p) => p.id === settings.data?.defaultProviderId);
  const defModel = settings.data?.defaultModel || def?.defaultModel || '';
  const defaultLabel = def ? (def.builtIn ? `${def.name} (built-in)` : `${def.name}${defModel ? ` · ${defModel}` : ''}`) : 'Extractive (built-in)';
  return { providers: list, models, defaultLabel };
}

function ModelPicker({ value, onChange, id, label = 'Model' }: { value: TurnSettings; onChange: (v: { providerId: string; model: string }) => void; id?: string; label?: string }) {
  const { providers, models, defaultLabel } = useModelChoices();
  const current = modelValue(value.providerId, value.model);
  const known = current === '' || providers.some((p) => p.id === value.providerId && (p.builtIn || models[p.id]?.includes(value.model) || value.model === ''));
  return (
    <label className="tb-field" title="Which model writes the answer">
      <Cpu size={13} aria-hidden="true" />
      <span className="sr-only">{label}</span>
      <select id={id} className="tb-select" value={current} onChange={(e) => onChange(parseModelValue(e.target.value))} data-testid="model-picker" aria-label={label}>
        <option value="">Default: {defaultLabel}</option>
        {!known && <option value={current}>{value.model || value.providerId}</option>}
        {providers.map((p) =>
          p.builtIn ? (
            <option key={p.id} value={modelValue(p.id, '')}>
              {p.name} (built-in, no model)
            </option>
          ) : (
            <optgroup key={p.id} label={p.name}>
              {(models[p.id] ?? []).length === 0 && <option value={modelValue(p.id, '')}>{p.defaultModel || 'Provider default'}</option>}
              {(models[p.id] ?? []).map((m) => (
                <option key={m} value={modelValue(p.id, m)}>
                  {m}
                </option>
              ))}
            </optgroup>
          ),
        )}
      </select>
      <ChevronDown size={13} className="tb-caret" aria-hidden="true" />
    </label>
  );
}

export { ModelPicker };

function CollectionPicker({ collections, value, onChange }: { collections: Collection[]; value: string[]; onChange: (ids: string[]) => void }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);
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
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
          ref.current?.querySelector<HTMLButtonElement>('button')?.focus();
        }
      }}
    >
      <button type="button" className="tb-field tb-button" aria-haspopup="true" aria-expanded={open} onClick={() => setOpen(!open)} data-testid="collection-picker" title="Which collections the answer may cite">
        <LibraryBig size={13} aria-hidden="true" />
        <span className="tb-label">{label}</span>
        <ChevronDown size={13} className="tb-caret" aria-hidden="true" />
      </button>
      {open && (
        <div className="tb-popover" role="group" aria-label="Collections to search">
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
  onSend: (text: string) => void;
  onStop?: () => void;
  running: boolean;
  sending: boolean;
  settings: TurnSettings;
  onSettings: (s: TurnSettings) => void;
  collections: Collection[];
  disabled?: boolean;
  placeholder?: string;
}

/** The question box with the turn toolbar: collections and model, Enter to send. */
export function Composer({ draft, onDraft, onSend, onStop, running, sending, settings, onSettings, collections, disabled, placeholder }: ComposerProps) {
  const area = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, 220)}px`;
  }, [draft]);
  const canSend = draft.trim() !== '' && !running && !sending && !disabled;
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (canSend) onSend(draft.trim());
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };
  return (
    <form className="composer" onSubmit={submit} data-testid="composer">
      <div className="composer-box">
        <textarea
          ref={area}
          className="composer-input"
          rows={1}
          dir="auto"
          value={draft}
          placeholder={placeholder ?? 'Ask a question about your documents…'}
          aria-label="Your question"
          onChange={(e) => onDraft(e.target.value)}
          onKeyDown={onKeyDown}
          disabled={disabled}
          data-testid="composer-input"
        />
        <div className="composer-bar">
          <div className="composer-tools">
            <CollectionPicker collections={collections} value={settings.collectionIds} onChange={(collectionIds) => onSettings({ ...settings, collectionIds })} />
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
