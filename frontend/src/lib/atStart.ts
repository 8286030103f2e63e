// Requests the page's entry starts as the page loads, before the app's code is loaded and run
// (main.ts): the code that reads their answers takes the request under way over instead of
// asking again, or, when the answer has come already, starts from it.
interface Started {
  request: Promise<unknown>;
  answer?: { value: unknown };
}

const started = new Map<string, Started>();

/** Starts request now, for takeStarted(key) or takeAnswer(key) to pick up. */
export function startNow<T>(key: string, request: () => Promise<T>): void {
  const entry: Started = { request: request() };
  // A failure is for the taker to see; untaken, it is nobody's error.
  entry.request.then((value) => (entry.answer = { value }), () => {});
  started.set(key, entry);
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
