import { useEffect } from 'react';
import type { SelfTest, SelfTestResult } from '../lib/api.gen';
import { getSelfTest, postSelfTestResult } from '../lib/backend';
import { runDropCheck } from '../features/library/dropCheck';
import { runEventCheck } from '../lib/eventCheck';
import { toast } from '../components/ui/toast/toastStore';
import { navigate } from '../lib/router';

let started = false;

/** Runs the start-up self test once per page load, when the backend asks for it. */
export async function runSelfTestOnce(): Promise<void> {
  if (started) return;
  started = true;
  let st: SelfTest;
  try {
    st = await getSelfTest();
    if (!st.enabled) return;
  } catch {
    return; // no self test without a reachable, authorised backend
  }
  const count = st.count > 0 ? st.count : 50;
  // Show the check where a person (or the desktop test's screenshot) sees it.
  navigate('/settings/about');
  const events = await runEventCheck(count);
  const passed = !events.error && events.inOrder && events.received === count;
  const summary = `${events.received}/${count} events received${events.inOrder ? ' in order' : ' out of order'} via ${events.transport}`;
  if (passed) toast.success('Event stream check passed', summary);
  else toast.error('Event stream check failed', events.error || summary);
  const result: SelfTestResult = { ...events, dropped: [], dropError: '' };
  if (st.dropCollection) {
    const drop = await runDropCheck(st.dropCollection);
    result.dropped = drop.dropped;
    result.dropError = drop.error;
    if (drop.error) toast.error('Drop check failed', drop.error);
    else toast.success('Drop check passed', `${drop.dropped.length} dropped files are ready`);
  }
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
