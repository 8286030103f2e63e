import { useAllDocuments } from '../../../shared/library/useAllDocuments';
import { DocumentChooser } from '../../../shared/scope/DocumentChooser';
import { ScopeChips } from '../../../shared/scope/ScopeChips';
import { Section } from './fields';

/** Documents chosen by title (document_ids): when any are chosen, only they are searched. */
export function DocumentsField({ selected, onChange }: { selected: string[]; onChange: (ids: string[]) => void }) {
  const { documents, loaded } = useAllDocuments();
  const chips = selected.map((id) => ({ id, name: documents.find((d) => d.id === id)?.title ?? (loaded ? `${id} (no longer in the library)` : id) }));
  return (
    <Section title="Documents" hint={selected.length === 0 ? 'None chosen: every document of the collections is searched.' : 'Only these documents are searched (those in the collections above, when collections are chosen).'}>
      <ScopeChips chips={chips} onRemove={(id) => onChange(selected.filter((x) => x !== id))} label="Documents searched" />
      <DocumentChooser
        documents={documents}
        selected={selected}
        onToggle={(d) => onChange(selected.includes(d.id) ? selected.filter((x) => x !== d.id) : [...selected, d.id])}
        testId="panel-documents"
      />
    </Section>
  );
}
