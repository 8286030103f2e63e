// The run history's routes: "#/runs" (the list, "?app=" filters it) and "#/runs/{runId}" (one trace).
export const RUNS_PATH = '/runs';

export function runPath(runId: string): string {
  return `${RUNS_PATH}/${encodeURIComponent(runId)}`;
}

/** The run id of a trace route, or null for any other path. */
export function matchRunPath(path: string): string | null {
  const m = /^\/runs\/([^/]+)$/.exec(path);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return null;
  }
}
