// Every document of the library, for choosing documents by title (the chat's scope, a retrieval step's
// documents). One query per collection, under the Library's own keys, so both views share the cache.
import { useQueries } from '@tanstack/react-query';
import type { Document } from '../../lib/api.gen';
import { listDocuments } from '../../lib/backend';
import { keys, useCollections } from './queries';

/** A document with the name of its collection. */
export interface LibraryDocument extends Document {
  collectionName: string;
}

export function useAllDocuments(): { documents: LibraryDocument[]; loaded: boolean } {
  const collections = useCollections();
  const list = collections.data ?? [];
  const results = useQueries({
    queries: list.map((c) => ({ queryKey: keys.documents(c.id), queryFn: ({ signal }: { signal: AbortSignal }) => listDocuments(c.id, signal) })),
  });
  const documents = list.flatMap((c, i) => (results[i]?.data ?? []).filter((d) => d.status !== 'deleting').map((d) => ({ ...d, collectionName: c.name })));
  documents.sort((a, b) => a.title.localeCompare(b.title, undefined, { sensitivity: 'base' }));
  return { documents, loaded: collections.isSuccess && results.every((r) => r.isSuccess) };
}
