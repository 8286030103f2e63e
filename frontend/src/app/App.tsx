import { useState } from 'react';
import { prefetchConversation } from '../features/chat/prefetch';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AuthGate } from './AuthGate';
import { ErrorBoundary } from './ErrorBoundary';
import { createQueryClient } from './queryClient';
import { currentPath } from '../lib/router';
import { Shell } from './Shell';
import { seedSystemCheck } from './systemCheck';
import { useSelfTest } from './useSelfTest';

export function App({ client }: { client?: QueryClient }) {
  const [queryClient] = useState(() => {
    const qc = client ?? createQueryClient();
    seedSystemCheck(qc);
    prefetchConversation(qc, currentPath());
    return qc;
  });
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
