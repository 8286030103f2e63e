// Opening a citation in the library's source viewer. A citation names its document, not the
// document's collection, which the viewer's route needs: the document's source (cached, and
// prefetched when a citation's popover opens) tells it.
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Citation } from '../../lib/api.gen';
import { getDocumentSource } from '../../lib/backend';
import { navigate } from '../../lib/router';
import { toast } from '../../components/ui/toast/toastStore';
import { keys as libraryKeys } from '../library/queries';
import { sourcePath } from '../../lib/paths/library';
import { citationSpan } from './claims';
import { errorText } from '../../lib/format';

const sourceOptions = (docId: string) => ({
  queryKey: libraryKeys.source(docId),
  queryFn: ({ signal }: { signal: AbortSignal }) => getDocumentSource(docId, signal),
  staleTime: 5 * 60_000,
});

export function usePrefetchSource() {
  const qc = useQueryClient();
  return useCallback(
    (c: Citation) => {
      if (c.locator.docId) void qc.prefetchQuery(sourceOptions(c.locator.docId));
    },
    [qc],
  );
}

/** Opens the source viewer at the citation's exact span; `from` is the route to come back to. */
export function useOpenCitation(from: string) {
  const qc = useQueryClient();
  return useCallback(
    async (c: Citation) => {
      try {
        const src = await qc.fetchQuery(sourceOptions(c.locator.docId));
        const { start, end } = citationSpan(c);
        navigate(sourcePath(src.document.collectionId, c.locator.docId, { start, end, from }));
      } catch (err) {
        toast.error('The source could not be opened', errorText(err));
      }
    },
    [qc, from],
  );
}
