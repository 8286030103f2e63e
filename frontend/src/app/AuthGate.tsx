import { useEffect, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { detectFace, isSessionError, onUnauthorized } from '../lib/backend';
import { keys, useSystemInfo } from '../shared/providers/queries';
import { UnauthorizedScreen } from './UnauthorizedScreen';

/**
 * Browser face: when the API refuses this page's session token, show how to get in
 * instead of a broken app. Any 401 triggers a re-check of /api/system, so a 401 that is
 * about something else (a provider's key) does not lock the app.
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const qc = useQueryClient();
  const system = useSystemInfo();

  useEffect(() => onUnauthorized(() => void qc.invalidateQueries({ queryKey: keys.system })), [qc]);

  if (detectFace() === 'browser') {
    if (isSessionError(system.error)) return <UnauthorizedScreen />;
    // Hold the app back for the first, local round trip, so a page without its token
    // never flashes a broken app before the explanation.
    if (system.isPending) return null;
  }
  return children;
}
