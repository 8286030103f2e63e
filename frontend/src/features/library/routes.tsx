import type { ReactNode } from 'react';
import { lazyPage } from '../../lib/lazyPage';
import { matchLibraryPath } from '../../lib/paths/library';

const CollectionsPage = lazyPage(() => import('./CollectionsPage').then((m) => m.CollectionsPage));
const CollectionPage = lazyPage(() => import('./CollectionPage').then((m) => m.CollectionPage));
const SourceViewerPage = lazyPage(() => import('./SourceViewerPage').then((m) => m.SourceViewerPage));

/** The page for a path under /library, or null when the path is not one of the library's. */
export function resolveLibraryRoute(path: string): { title: string; page: ReactNode } | null {
  const route = matchLibraryPath(path);
  if (!route) return null;
  switch (route.kind) {
    case 'collections':
      return { title: 'Library', page: <CollectionsPage /> };
    case 'collection':
      return { title: 'Collection · Library', page: <CollectionPage key={route.collectionId} collectionId={route.collectionId} /> };
    case 'source':
      return {
        title: 'Source · Library',
        page: <SourceViewerPage key={route.documentId} collectionId={route.collectionId} documentId={route.documentId} />,
      };
  }
}
