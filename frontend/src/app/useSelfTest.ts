import { useEffect } from 'react';
import { getSelfTest, postSelfTestResult } from '../lib/backend';
import { runEventCheck } from '../lib/eventCheck';
import { toast } from '../components/ui/toast/toastStore';
import { navigate } from './router';

let started = false;

/** Runs the start-up self test once per page load, when the backend asks for it. */
export async function runSelfTestOnce(): Promise<void> {
  if (started) return;
  started = true;
  let count: number;
  try {
    const st = await getSelfTest();
    if (!st.enabled) return;
    count = st.count > 0 ? st.count : 50;
  } catch {
    return; // no self test without a reachable, authorised backend
  }
  // Show the check where a person (or the desktop test's screenshot) sees it.
  navigate('/settings/about');
  const result = await runEventCheck(count);
  const passed = !result.error && result.inOrder && result.received === count;
  const summary = `${result.received}/${count} events received${result.inOrder ? ' in order' : ' out of order'} via ${result.transport}`;
  if (passed) toast.success('Event stream check passed', summary);
  else toast.error('Event stream check failed', result.error || summary);
  try {
    await postSelfTestResult(result);
  } catch (err) {
    console.error('self test: post result', err);
  }
}

/** For tests: allow another run. */
export function resetSelfTest(): void {
  started = false;
}

export function useSelfTest(): void {
  useEffect(() => {
    void runSelfTestOnce();
  }, []);
}
