// Requests the page's entry starts as the page loads, before the app's code is loaded and run
// (main.ts): the code that reads their answers takes the request under way over instead of
// asking again, or, when the answer has come already, starts from it. The app's first render
// waits for them (whenStarted), so it draws the screen they fill at once: a render before
// they answer draws loading states, and the one that follows runs every effect of the app's
// mount before the browser may paint.
interface Started {
  request: Promise<unknown>;
  answer?: { value: unknown };
}

const started = new Map<string, Started>();

/** What the first render waits for: every request started, and whatever was held. */
const holds: Promise<unknown>[] = [];
/** Whether the first render has stopped waiting: nothing is held any more. */
let open = false;

/** Starts request now, for takeStarted(key) or takeAnswer(key) to pick up. */
export function startNow<T>(key: string, request: () => Promise<T>): void {
  const entry: Started = { request: request() };
  // A failure is for the taker to see; untaken, it is nobody's error.
  entry.request.then((value) => (entry.answer = { value }), () => {});
  started.set(key, entry);
  holdStart(entry.request);
}

/** Makes the app's first render wait for `until` to settle too (see whenStarted). */
export function holdStart(until: Promise<unknown>): void {
  if (!open) holds.push(until.catch(() => {}));
}

/**
 * Resolves once everything started or held has settled, including what was started or held
 * meanwhile, or after maxMs, whichever comes first: a slow answer must not keep the page blank.
 */
export function whenStarted(maxMs: number): Promise<void> {
  const settled = (async () => {
    for (let seen = 0; seen < holds.length; ) {
      const batch = holds.slice(seen);
      seen = holds.length;
      await Promise.all(batch);
    }
  })();
  const late = new Promise<void>((resolve) => setTimeout(resolve, maxMs));
  return Promise.race([settled, late]).then(() => {
    open = true;
    holds.length = 0;
  });
}

/** The request started under key, once; undefined when none was, or it was taken already. */
export function takeStarted<T>(key: string): Promise<T> | undefined {
  const entry = started.get(key);
  started.delete(key);
  return entry?.request as Promise<T> | undefined;
}

/** The answer to the request started under key if it has come (taking the request), else undefined. */
export function takeAnswer<T>(key: string): { value: T } | undefined {
  const answer = started.get(key)?.answer as { value: T } | undefined;
  if (answer) started.delete(key);
  return answer;
}
