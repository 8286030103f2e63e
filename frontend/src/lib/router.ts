// A tiny hash router: the path lives in location.hash ("#/settings/providers"), which
// works the same in the desktop window (index.html served at "/") and in the browser.
import { useMemo, useSyncExternalStore } from 'react';
import { currentPath, currentQuery } from './location';

export { currentPath, currentQuery };

export const DEFAULT_PATH = '/library';

/** A route with its query: withQuery("/library/c1", {q: "x", k: 10}) → "/library/c1?q=x&k=10". Empty values are left out. */
export function withQuery(path: string, params: Record<string, string | number | null | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

export function hrefFor(path: string): string {
  return `#${path}`;
}

export function navigate(path: string, { replace = false }: { replace?: boolean } = {}): void {
  const query = currentQuery();
  if (`${currentPath()}${query ? `?${query}` : ''}` === path) return;
  if (replace) {
    const url = window.location.pathname + window.location.search + hrefFor(path);
    window.history.replaceState(window.history.state, '', url);
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  } else {
    window.location.hash = path;
  }
}

/**
 * Moves the address from `from` to `to` in place, unless it has moved on meanwhile: a redirect
 * runs after the render that found it, by which time a navigation (a link followed while the
 * app was loading) may have taken the address elsewhere.
 */
export function redirect(from: string, to: string): void {
  if (currentPath() === from) navigate(to, { replace: true });
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

/** The query parameters of the current hash route; re-renders when they change. */
export function useRouteQuery(): URLSearchParams {
  const query = useSyncExternalStore(subscribe, () => currentQuery());
  return useMemo(() => new URLSearchParams(query), [query]);
}

/** True when `path` is `prefix` or below it ("/settings/about" is under "/settings"). */
export function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}
