import { useState } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AuthGate } from './AuthGate';
import { ErrorBoundary } from './ErrorBoundary';
import { createQueryClient } from './queryClient';
import { Shell } from './Shell';
import { useSelfTest } from './useSelfTest';

export function App({ client }: { client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  useSelfTest();
  return (
    <ErrorBoundary fullPage>
      <QueryClientProvider client={queryClient}>
        <AuthGate>
          <Shell />
        </AuthGate>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
