// A tiny hash router: the path lives in location.hash ("#/settings/providers"), which
// works the same in the desktop window (index.html served at "/") and in the browser.
import { useSyncExternalStore } from 'react';

export const DEFAULT_PATH = '/library';

/** The current path, from the hash: "#/settings/about" → "/settings/about"; "" → "/". */
export function currentPath(hash: string = window.location.hash): string {
  const raw = hash.replace(/^#/, '').split('?')[0] ?? '';
  if (!raw.startsWith('/')) return '/';
  const trimmed = raw.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function hrefFor(path: string): string {
  return `#${path}`;
}

export function navigate(path: string, { replace = false }: { replace?: boolean } = {}): void {
  if (currentPath() === path) return;
  if (replace) {
    const url = window.location.pathname + window.location.search + hrefFor(path);
    window.history.replaceState(window.history.state, '', url);
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  } else {
    window.location.hash = path;
  }
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  window.addEventListener('popstate', onChange);
  return () => {
    window.removeEventListener('hashchange', onChange);
    window.removeEventListener('popstate', onChange);
  };
}

/** The current path; re-renders on navigation. */
export function usePath(): string {
  return useSyncExternalStore(subscribe, () => currentPath());
}

/** True when `path` is `prefix` or below it ("/settings/about" is under "/settings"). */
export function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}
