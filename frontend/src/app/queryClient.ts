import { QueryClient } from '@tanstack/react-query';
import { BackendError } from '../lib/backend';

/** Retries only what may pass on a second try: network failures and 5xx. */
function retry(failures: number, error: unknown): boolean {
  if (failures >= 2) return false;
  return !(error instanceof BackendError) || error.status === 0 || error.status >= 500;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry, refetchOnWindowFocus: false, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
}
