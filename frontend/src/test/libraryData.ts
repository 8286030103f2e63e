// Builders for library DTOs in tests.
import type { Chunk, Collection, Document, IngestProgress, SearchHit } from '../lib/api.gen';

const t = '2025-01-01T00:00:00Z';

export function collection(over: Partial<Collection> = {}): Collection {
  return {
    id: 'c1',
    name: 'Employment law',
    description: 'Statutes on notice and termination',
    ocrLanguage: '',
    documents: 2,
    chunks: 40,
    createdAt: t,
    updatedAt: t,
    ...over,
  };
}

export function doc(over: Partial<Document> = {}): Document {
  return {
    id: 'd1',
    collectionId: 'c1',
    name: 'employment-act.pdf',
    title: 'Employment Act',
    renamed: false,
    format: 'pdf',
    language: 'en',
    size: 123_456,
    pages: 12,
    chunks: 30,
    status: 'ready',
    percent: 100,
    error: '',
    createdAt: t,
    updatedAt: t,
    duplicateOf: '',
    ...over,
  };
}

export function progress(over: Partial<IngestProgress> = {}): IngestProgress {
  return { documentId: 'd1', collectionId: 'c1', name: 'employment-act.pdf', status: 'parsing', percent: 0, error: '', ...over };
}

export function chunk(over: Omit<Partial<Chunk>, 'locator'> & { locator?: Partial<Chunk['locator']> } = {}): Chunk {
  const { locator, ...rest } = over;
  return {
    id: 'k1',
    docId: 'd1',
    collectionId: 'c1',
    ordinal: 0,
    text: 'text',
    language: 'en',
    ...rest,
    locator: { docId: 'd1', docName: 'employment-act.pdf', pageStart: 4, pageEnd: 4, headingPath: ['Chapter 2', 'Article 12'], start: 0, end: 4, ...locator },
  };
}

export function hit(over: Partial<SearchHit> = {}): SearchHit {
  return { rank: 1, score: 7.25, snippet: 'the <mark>notice</mark> period', chunk: chunk(), alsoIn: [], ...over };
}
