import type { ProviderTest } from '../../../lib/api.gen';
import { Button } from '../../../components/ui/Button';
import { Callout } from '../../../components/ui/Callout';
import { TestRequestError, TestResult } from './TestResult';

export interface ConnectionCheckProps {
  result: ProviderTest | undefined;
  error: Error | null;
  checking: boolean;
  /** The result is for other values than the form holds now. */
  stale: boolean;
  onCheck: () => void;
  onUseBaseUrl: (url: string) => void;
}

/** The dialog's "Test connection": its button, what the server said, and a better address when one answers. */
export function ConnectionCheck({ result, error, checking, stale, onCheck, onUseBaseUrl }: ConnectionCheckProps) {
  return (
    <div className="connection-check">
      <div className="connection-check-row">
        <Button onClick={onCheck} loading={checking}>
          Test connection
        </Button>
        <span className="subtle">
          {stale ? 'The values changed since the last test.' : result ? '' : 'Lists the server’s models to choose from.'}
        </span>
      </div>
      {error && <TestRequestError error={error} />}
      {result && !stale && <TestResult result={result} />}
      {result?.suggestedBaseUrl && !stale && (
        <Callout tone="info" role="status" title="The server answers at a nearby address" data-testid="base-url-suggestion">
          <p>
            <code className="mono">{result.suggestedBaseUrl}</code> lists models.
          </p>
          <Button size="sm" variant="primary" onClick={() => onUseBaseUrl(result.suggestedBaseUrl!)}>
            Use this address
          </Button>
        </Callout>
      )}
    </div>
  );
}
