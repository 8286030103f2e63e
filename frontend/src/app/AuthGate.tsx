import { useEffect, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { detectFace, isSessionError, onUnauthorized } from '../lib/backend';
import { early } from '../lib/early';
import { UnauthorizedScreen } from './UnauthorizedScreen';

const systemQueryKey = ['system'] as const;

/**
 * Browser face: when the API refuses this page's session token, show how to get in
 * instead of a broken app. Any 401 triggers a re-check of /api/system, so a 401 that is
 * about something else (a provider's key) does not lock the app.
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const qc = useQueryClient();
  const system = useQuery({ queryKey: systemQueryKey, ...early.system(), staleTime: Infinity });

  useEffect(() => onUnauthorized(() => void qc.invalidateQueries({ queryKey: systemQueryKey })), [qc]);

  if (detectFace() === 'browser') {
    if (isSessionError(system.error)) return <UnauthorizedScreen />;
    // Hold the app back for the first, local round trip, so a page without its token
    // never flashes a broken app before the explanation.
    if (system.isPending) return null;
  }
  return children;
}
