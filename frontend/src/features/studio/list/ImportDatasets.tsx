import type { DatasetMapping } from '../../../lib/api.gen';
import { useCollections } from '../../../shared/library/queries';
import { ImportMappingTable } from './ImportMappingTable';

/** A dataset id short enough for the table (Dify's are UUIDs); the whole id is its title. */
function shortId(id: string) {
  return id.length > 13 ? `${id.slice(0, 8)}…` : id;
}

/**
 * The datasets the imported app searches, each with the collection its
 * steps will search here. With onChange each is a choice among the
 * library's collections; a dataset left without one keeps the app from
 * running until a collection is chosen.
 */
export function ImportDatasets({ datasets, chosen, onChange }: { datasets: DatasetMapping[]; chosen?: Record<string, string>; onChange?: (from: string, to: string) => void }) {
  const { data: collections = [] } = useCollections();
  return (
    <ImportMappingTable title="Knowledge" from="The app searches" to="Searches here" testId="import-datasets">
      {datasets.map((d) => {
        const to = chosen?.[d.from] ?? d.to;
        const known = d.to !== '' && d.to === d.from;
        return (
          <tr key={d.from}>
            <td>
              {known ? <span>{d.collection}</span> : <span className="subtle">Dataset </span>}
              {!known && <code title={d.from}>{shortId(d.from)}</code>}
            </td>
            <td>
              {onChange && !known ? (
                <select
                  className="select"
                  aria-label={`Collection for dataset ${d.from}`}
                  value={to}
                  onChange={(e) => onChange(d.from, e.target.value)}
                  data-testid="import-dataset"
                  aria-invalid={to === ''}
                >
                  <option value="">Choose a collection</option>
                  {collections.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </select>
              ) : (
                <span>{to === '' ? 'No collection' : (collections.find((c) => c.id === to)?.name ?? d.collection)}</span>
              )}
              {onChange && !known && collections.length === 0 && <span className="subtle import-why">The library has no collection yet: add one in Library first.</span>}
            </td>
            <td>{d.nodeIds.length}</td>
          </tr>
        );
      })}
    </ImportMappingTable>
  );
}
