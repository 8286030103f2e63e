import { lazy, type ComponentType } from 'react';

/**
 * A page loaded on its first visit, from a chunk of its own: the app starts with less
 * script to evaluate, which is most of the time a reload mid-answer waits for.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() => load().then((component) => ({ default: component })));
}
