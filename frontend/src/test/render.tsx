import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
}

/** Renders with a fresh QueryClient and a user-event instance. */
export function renderWithClient(ui: ReactElement, client: QueryClient = testQueryClient()) {
  const user = userEvent.setup();
  return { user, client, ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>) };
}
