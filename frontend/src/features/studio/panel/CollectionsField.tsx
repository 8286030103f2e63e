import { useCollections } from '../../../shared/library/queries';
import { Section, Toggle } from './fields';

/** The library's collections as checkboxes; none checked searches them all. */
export function CollectionsField({ selected, onChange, emptyHint = 'None chosen: every collection is searched.' }: { selected: string[]; onChange: (ids: string[]) => void; emptyHint?: string }) {
  const collections = useCollections();
  const list = collections.data ?? [];
  const known = new Set(list.map((c) => c.id));
  const missing = selected.filter((id) => collections.data && !known.has(id));
  const toggle = (id: string, on: boolean) => onChange(on ? [...selected, id] : selected.filter((x) => x !== id));
  return (
    <Section title="Collections" hint={selected.length === 0 ? emptyHint : undefined}>
      {collections.error && <p className="panel-error">The collections could not be loaded: {collections.error.message}</p>}
      {collections.data && list.length === 0 && <p className="panel-empty">The library has no collections yet.</p>}
      <ul className="panel-checklist">
        {list.map((c) => (
          <li key={c.id}>
            <Toggle label={`${c.name} · ${c.documents} document${c.documents === 1 ? '' : 's'}`} checked={selected.includes(c.id)} onChange={(on) => toggle(c.id, on)} />
          </li>
        ))}
        {missing.map((id) => (
          <li key={id}>
            <Toggle label={`${id} (no longer in the library)`} checked onChange={() => toggle(id, false)} />
          </li>
        ))}
      </ul>
    </Section>
  );
}
