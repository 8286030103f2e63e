import type { ModelMapping } from '../../../lib/api.gen';
import { useModelChoices } from '../../../shared/providers/useModelChoices';
import { ImportMappingTable } from './ImportMappingTable';

/**
 * The models the imported app names, each with the configured model its
 * steps will use. With onChange each is a choice among the configured
 * providers' models.
 */
export function ImportModels({ models, chosen, onChange }: { models: ModelMapping[]; chosen?: Record<string, string>; onChange?: (from: string, to: string) => void }) {
  const { providers, models: byProvider } = useModelChoices();
  const options = providers.filter((p) => !p.builtIn).flatMap((p) => (byProvider[p.id] ?? []).map((m) => `${p.name}/${m}`));
  return (
    <ImportMappingTable title="Models" from="The app asks for" to="Runs on" testId="import-models">
      {models.map((m) => {
        const to = chosen?.[m.from] ?? m.to;
        return (
          <tr key={m.from}>
            <td>
              <code>{m.from}</code>
            </td>
            <td>
              {onChange ? (
                <select className="select" aria-label={`Model for ${m.from}`} value={to} onChange={(e) => onChange(m.from, e.target.value)} data-testid="import-model">
                  {!to && <option value="">No model configured</option>}
                  {to && !options.includes(to) && <option value={to}>{to}</option>}
                  {options.map((o) => (
                    <option key={o} value={o}>
                      {o}
                    </option>
                  ))}
                </select>
              ) : (
                <span>{to || 'unchanged'}</span>
              )}
              {to === m.to && m.why && <span className="subtle import-why">{m.why}</span>}
            </td>
            <td>{m.nodeIds.length}</td>
          </tr>
        );
      })}
    </ImportMappingTable>
  );
}
