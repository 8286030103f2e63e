// TanStack Query bindings for the library views: keys, queries and mutations.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  Collection,
  CollectionInput,
  Document,
  DocumentSource,
  OCRLanguages,
  PageHighlight,
  SearchResponse,
  UploadResult,
} from '../../lib/api.gen';
import {
  createCollection,
  deleteCollection,
  deleteDocument,
  getDocumentSource,
  getOCRLanguages,
  getPageHighlight,
  getPageImage,
  listCollections,
  listDocuments,
  loadSampleLibrary,
  reindexDocument,
  renameDocument,
  searchLibrary,
  updateCollection,
} from '../../lib/backend';
import { mergeUploaded, replaceDocument } from './progress';

export const keys = {
  all: ['library'] as const,
  collections: ['library', 'collections'] as const,
  documents: (collectionId: string) => ['library', 'documents', collectionId] as const,
  source: (documentId: string) => ['library', 'source', documentId] as const,
  pages: (documentId: string) => ['library', 'pages', documentId] as const,
  pageImage: (documentId: string, page: number, width: number) => ['library', 'pages', documentId, page, 'image', width] as const,
  pageHighlight: (documentId: string, page: number, start: number, end: number) =>
    ['library', 'pages', documentId, page, 'highlight', start, end] as const,
  ocrLanguages: ['library', 'ocr-languages'] as const,
  searches: (collectionId: string) => ['library', 'search', collectionId] as const,
  search: (collectionId: string, query: string, topK: number) => ['library', 'search', collectionId, query, topK] as const,
};

export const TOP_K_CHOICES = [5, 10, 20] as const;
export const DEFAULT_TOP_K = 10;

export function useCollections() {
  return useQuery({ queryKey: keys.collections, queryFn: ({ signal }) => listCollections(signal) });
}

/** Tesseract's installed languages; they change only when the app restarts, so they are asked once. */
export function useOCRLanguages() {
  return useQuery<OCRLanguages>({ queryKey: keys.ocrLanguages, queryFn: ({ signal }) => getOCRLanguages(signal), staleTime: Infinity });
}

export function useDocuments(collectionId: string) {
  return useQuery({ queryKey: keys.documents(collectionId), queryFn: ({ signal }) => listDocuments(collectionId, signal) });
}

export function useDocumentSource(documentId: string) {
  return useQuery<DocumentSource>({
    queryKey: keys.source(documentId),
    queryFn: ({ signal }) => getDocumentSource(documentId, signal),
    staleTime: 5 * 60_000,
  });
}

/** Page `page` of a PDF drawn about `width` pixels wide; a page's image does not change, so it is kept. */
export function usePageImage(documentId: string, page: number, width: number, enabled = true) {
  return useQuery<Blob>({
    queryKey: keys.pageImage(documentId, page, width),
    queryFn: ({ signal }) => getPageImage(documentId, page, width, signal),
    enabled,
    staleTime: Infinity,
    gcTime: 2 * 60_000,
    // While the same page is drawn at another size, the one drawn already stays on screen.
    placeholderData: (previous, query) => (query?.queryKey[3] === page ? previous : undefined),
  });
}

/**
 * Where [start, end) lies on page `page`, and the page's size and the document's page count
 * (ask [0, 0) for those alone).
 */
export function usePageHighlight(documentId: string, page: number, start: number, end: number) {
  return useQuery<PageHighlight>({
    queryKey: keys.pageHighlight(documentId, page, start, end),
    queryFn: ({ signal }) => getPageHighlight(documentId, page, start, end, signal),
    staleTime: Infinity,
  });
}

/** Ranked hits for `query` in a collection; nothing runs for an empty query. */
export function useSearch(collectionId: string, query: string, topK: number) {
  return useQuery<SearchResponse>({
    queryKey: keys.search(collectionId, query, topK),
    queryFn: ({ signal }) => searchLibrary({ query, collectionIds: [collectionId], documentIds: [], topK }, signal),
    enabled: query.trim() !== '',
    staleTime: 60_000,
  });
}

function setCollection(qc: QueryClient, saved: Collection) {
  qc.setQueryData<Collection[]>(keys.collections, (list) => {
    if (!list) return list;
    const i = list.findIndex((c) => c.id === saved.id);
    if (i < 0) return [...list, saved];
    const next = list.slice();
    next[i] = saved;
    return next;
  });
}

export function useSaveCollection() {
  const qc = useQueryClient();
  return useMutation<Collection, Error, { id?: string; input: CollectionInput }>({
    mutationFn: ({ id, input }) => (id ? updateCollection(id, input) : createCollection(input)),
    onSuccess: (saved) => {
      setCollection(qc, saved);
      return qc.invalidateQueries({ queryKey: keys.collections, exact: true });
    },
  });
}

export function useDeleteCollection() {
  const qc = useQueryClient();
  return useMutation<void, Error, string>({
    mutationFn: (id) => deleteCollection(id),
    onSuccess: (_, id) => {
      qc.setQueryData<Collection[]>(keys.collections, (list) => list?.filter((c) => c.id !== id));
      qc.removeQueries({ queryKey: keys.documents(id) });
      qc.removeQueries({ queryKey: keys.searches(id) });
      return qc.invalidateQueries({ queryKey: keys.collections, exact: true });
    },
  });
}

export function useLoadSample() {
  const qc = useQueryClient();
  return useMutation<Collection, Error, void>({
    mutationFn: () => loadSampleLibrary(),
    onSuccess: (created) => {
      setCollection(qc, created);
      return qc.invalidateQueries({ queryKey: keys.collections, exact: true });
    },
  });
}

export function useDeleteDocument(collectionId: string) {
  const qc = useQueryClient();
  return useMutation<void, Error, string>({
    mutationFn: (id) => deleteDocument(id),
    onSuccess: (_, id) => {
      qc.setQueryData<Document[]>(keys.documents(collectionId), (docs) => docs?.filter((d) => d.id !== id));
      qc.removeQueries({ queryKey: keys.source(id) });
      qc.removeQueries({ queryKey: keys.pages(id) });
      qc.removeQueries({ queryKey: keys.searches(collectionId) });
      return qc.invalidateQueries({ queryKey: keys.collections, exact: true });
    },
  });
}

export function useReindexDocument(collectionId: string) {
  const qc = useQueryClient();
  return useMutation<Document, Error, string>({
    mutationFn: (id) => reindexDocument(id),
    onSuccess: (doc) => {
      qc.setQueryData<Document[]>(keys.documents(collectionId), (docs) => (docs ? replaceDocument(docs, doc) : docs));
      qc.removeQueries({ queryKey: keys.source(doc.id) });
      qc.removeQueries({ queryKey: keys.pages(doc.id) });
    },
  });
}

/**
 * Renames a document. Searches name documents by their current titles, so cached searches and
 * sources are dropped to show the new title.
 */
export function useRenameDocument(collectionId: string) {
  const qc = useQueryClient();
  return useMutation<Document, Error, { id: string; title: string }>({
    mutationFn: ({ id, title }) => renameDocument(id, { title }),
    onSuccess: (doc) => {
      qc.setQueryData<Document[]>(keys.documents(collectionId), (docs) => (docs ? replaceDocument(docs, doc) : docs));
      qc.removeQueries({ queryKey: keys.source(doc.id) });
      qc.removeQueries({ queryKey: keys.searches(collectionId) });
    },
  });
}

/** Puts the documents of an upload reply into the collection's cached list. */
export function mergeUploadResults(qc: QueryClient, collectionId: string, results: readonly UploadResult[]): void {
  const docs = results.map((r) => r.document).filter((d): d is Document => d !== null && d !== undefined);
  if (docs.length === 0) return;
  qc.setQueryData<Document[]>(keys.documents(collectionId), (list) => (list ? mergeUploaded(list, docs) : list));
}
