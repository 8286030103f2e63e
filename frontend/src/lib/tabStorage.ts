// Small notes kept for this tab only (sessionStorage), gone with it. Never history: the backend
// is its only source. Storage can be disabled or full; a note that is not kept costs the page
// a shortcut, never data.

/** The note under key, or null when there is none or storage is off. */
export function readTabNote(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Keeps value under key; null removes the note. */
export function writeTabNote(key: string, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    // storage full or disabled
  }
}
