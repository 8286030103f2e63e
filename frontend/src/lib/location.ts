// Where the page is: the path and query of the hash route. Apart from the router so that
// the page's entry can read them without loading React.

/** The current path, from the hash: "#/settings/about" → "/settings/about"; "" → "/". */
export function currentPath(hash: string = window.location.hash): string {
  const raw = hash.replace(/^#/, '').split('?')[0] ?? '';
  if (!raw.startsWith('/')) return '/';
  const trimmed = raw.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** The query of the hash route: "#/library/c1?q=notice&k=10" → "q=notice&k=10"; none → "". */
export function currentQuery(hash: string = window.location.hash): string {
  const i = hash.indexOf('?');
  return i < 0 ? '' : hash.slice(i + 1);
}

