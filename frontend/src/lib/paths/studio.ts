// The Studio's routes: "#/studio" (the apps) and "#/studio/{appId}" (the canvas).
export const STUDIO_PATH = '/studio';

export function appPath(appId: string): string {
  return `${STUDIO_PATH}/${encodeURIComponent(appId)}`;
}

/** The app id of a canvas route, or null for any other path. */
export function matchAppPath(path: string): string | null {
  const m = /^\/studio\/([^/]+)$/.exec(path);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return null;
  }
}
