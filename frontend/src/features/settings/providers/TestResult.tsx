import type { ProviderTest } from '../../../lib/api.gen';
import { BackendError } from '../../../lib/backend';
import { Callout } from '../../../components/ui/Callout';
import { formatMs, plural } from '../../../lib/format';
import { hintFor } from './errorHints';

/** The outcome of "Test connection", inline under the provider. */
export function TestResult({ result }: { result: ProviderTest }) {
  if (result.ok) {
    const n = result.models?.length ?? 0;
    return (
      <Callout tone="success" role="status" data-testid="provider-test-result" title="Connected">
        Answered in {formatMs(result.latencyMs)} · {plural(n, 'model')} available
      </Callout>
    );
  }
  const err = result.error ?? { code: 'internal', message: 'The test failed without saying why.' };
  const hint = hintFor(err.code);
  return (
    <Callout tone="danger" role="alert" data-testid="provider-test-result" title={err.message}>
      {hint}
    </Callout>
  );
}

/** A test that could not even be run (the request itself failed). */
export function TestRequestError({ error }: { error: Error }) {
  const code = error instanceof BackendError ? error.code : undefined;
  return (
    <Callout tone="danger" role="alert" data-testid="provider-test-result" title={error.message}>
      {hintFor(code)}
    </Callout>
  );
}
