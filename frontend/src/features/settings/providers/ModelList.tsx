import { Boxes } from 'lucide-react';
import type { Provider } from '../../../lib/api.gen';
import { BackendError } from '../../../lib/backend';
import { LoadError } from '../../../components/ui/LoadError';
import { Spinner } from '../../../components/ui/Spinner';
import { formatBytes } from '../../../lib/format';
import { useModels } from '../../../shared/providers/queries';
import { hintFor } from './errorHints';
import './ModelList.css';

export function ModelList({ provider }: { provider: Provider }) {
  const models = useModels(provider.id);

  if (models.isPending) {
    return (
      <div className="model-list-status" data-testid="model-list" aria-busy="true">
        <Spinner size={14} /> Loading models…
      </div>
    );
  }
  if (models.error) {
    const code = models.error instanceof BackendError ? models.error.code : undefined;
    return (
      <div data-testid="model-list">
        <LoadError title={models.error.message} onRetry={() => void models.refetch()}>
          {hintFor(code)}
        </LoadError>
      </div>
    );
  }
  if (models.data.length === 0) {
    return (
      <div className="model-list-status" data-testid="model-list">
        <Boxes size={14} aria-hidden="true" />
        {provider.kind === 'ollama' ? (
          <span>
            No models installed. Pull one with <code>ollama pull llama3.2</code>.
          </span>
        ) : (
          <span>This provider lists no models.</span>
        )}
      </div>
    );
  }
  return (
    <div className="model-list" data-testid="model-list">
      <table className="data-table model-table">
        <caption className="sr-only">Models of {provider.name}</caption>
        <thead>
          <tr>
            <th scope="col">Model</th>
            <th scope="col">Parameters</th>
            <th scope="col">Family</th>
            <th scope="col">Quantization</th>
            <th scope="col" className="num">
              Size
            </th>
          </tr>
        </thead>
        <tbody>
          {models.data.map((m) => (
            <tr key={m.name}>
              <td className="mono model-name">{m.name}</td>
              <td>{m.parameterSize || '—'}</td>
              <td>{m.family || '—'}</td>
              <td>{m.quantization || '—'}</td>
              <td className="num">{formatBytes(m.size)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
