import { useEffect } from 'react';
import { getSelfTest, postSelfTestResult } from '../lib/backend';
import { runEventCheck } from '../lib/eventCheck';

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
  const result = await runEventCheck(count);
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
