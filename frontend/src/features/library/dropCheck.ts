// The desktop self-test's drop check: it opens a collection, says it is ready, and waits for
// files dropped onto the window (the desktop test drags them in from another window, as a
// person would from a file manager) to arrive as paths and become ready documents.
import { navigate } from '../../lib/router';
import { listCollections, postSelfTestStage } from '../../lib/backend';
import { collectionPath } from '../../lib/paths/library';
import { uploadManager } from './uploadManager';
import { isDone, type UploadRow } from './uploads';

export interface DropCheckResult {
  /** Names of the dropped files that became ready. */
  dropped: string[];
  /** Why the check failed; empty when it passed. */
  error: string;
}

/** Resolves true once `ready()` holds, false after `timeoutMs`; polls, as this runs once per self-test. */
async function until(ready: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (!ready()) {
    if (performance.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}

function verdict(rows: readonly UploadRow[], settled: boolean, overlaySeen: boolean): string {
  if (rows.length === 0) return 'no files were dropped onto the window';
  if (!overlaySeen) return 'the page did not show that files were being dragged over it';
  if (!settled) return `the dropped files did not finish: ${rows.filter((r) => !isDone(r.status)).length} still under way`;
  if (rows.some((r) => !r.local)) return 'the files came through the page’s drop, not as paths from the window';
  const bad = rows.filter((r) => r.status !== 'ready');
  return bad.map((r) => `${r.name}: ${r.error || r.status}`).join('; ');
}

export async function runDropCheck(collectionName: string, timeoutMs = 90_000): Promise<DropCheckResult> {
  const collection = (await listCollections()).find((c) => c.name === collectionName);
  if (!collection) return { dropped: [], error: `no collection is named “${collectionName}”` };
  navigate(collectionPath(collection.id));
  if (!(await until(() => document.querySelector('[data-testid="drop-zone"]') !== null, 10_000))) {
    return { dropped: [], error: 'the collection page did not open' };
  }
  await postSelfTestStage({ stage: 'drop-ready' });
  const rows = () => uploadManager.snapshot(collection.id).rows;
  let overlaySeen = false; // while the files are dragged over the window, the page says where they will go
  const settled = await until(() => {
    overlaySeen ||= document.querySelector('.drop-overlay') !== null;
    return rows().length > 0 && rows().every((r) => isDone(r.status));
  }, timeoutMs);
  return { dropped: rows().filter((r) => r.status === 'ready').map((r) => r.name), error: verdict(rows(), settled, overlaySeen) };
}
