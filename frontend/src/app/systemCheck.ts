// The session check the app waits for before its first screen (AuthGate): started by the
// page's entry before the app's code is loaded (main.ts), taken over by the gate.
import type { QueryClient } from '@tanstack/react-query';
import type { SystemInfo } from '../lib/api.gen';
import { startNow, takeAnswer, takeStarted } from '../lib/atStart';
import { getSystem } from '../lib/backend';

export const systemQueryKey = ['system'] as const;

const START_KEY = 'system';

export function startSystemCheck(): void {
  startNow(START_KEY, () => getSystem());
}

/** The app's start: when the check has answered already, the gate opens at the first render. */
export function seedSystemCheck(qc: QueryClient): void {
  const answer = takeAnswer<SystemInfo>(START_KEY);
  if (answer) qc.setQueryData(systemQueryKey, answer.value);
}

/** The system's description: from the check the entry started, the first time. */
export function systemCheck(signal?: AbortSignal): Promise<SystemInfo> {
  return takeStarted<SystemInfo>(START_KEY) ?? getSystem(signal);
}
