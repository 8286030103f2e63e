import type { ReactNode } from 'react';
import { CollectionPage } from './CollectionPage';
import { CollectionsPage } from './CollectionsPage';
import { matchLibraryPath } from './paths';
import { SourceViewerPage } from './SourceViewerPage';

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
