import { beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { BackendError } from '../../../lib/backend';

const deleted: string[] = [];
let deleteFails: BackendError | null = null;
vi.mock('../../../lib/backend', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/backend')>()),
  deleteConversation: async (id: string) => {
    if (deleteFails) throw deleteFails;
    deleted.push(id);
  },
}));

const { dropLeftoverPreview, notePreview } = await import('./previewNote');

describe('a preview conversation a reload left behind', () => {
  let client: QueryClient;
  beforeEach(() => {
    sessionStorage.clear();
    deleted.length = 0;
    deleteFails = null;
    client = new QueryClient();
  });

  it('is deleted at the next start, and the Chat list asked for again', async () => {
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    notePreview('c-preview');
    await dropLeftoverPreview(client);
    expect(deleted).toEqual(['c-preview']);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['chat', 'conversations'] });
    await dropLeftoverPreview(client); // once only
    expect(deleted).toEqual(['c-preview']);
  });

  it('is nothing to do when the preview ended as it should', async () => {
    notePreview('c-preview');
    notePreview(null); // "New conversation" or the editor closed: deleted then
    await dropLeftoverPreview(client);
    expect(deleted).toEqual([]);
  });

  it('is kept for the next start when the backend cannot be reached', async () => {
    notePreview('c-preview');
    deleteFails = new BackendError(0, { code: 'unreachable', message: 'Cannot reach the Lexflow backend.' });
    await dropLeftoverPreview(client);
    deleteFails = null;
    await dropLeftoverPreview(client);
    expect(deleted).toEqual(['c-preview']);
  });

  it('is forgotten when it is gone already', async () => {
    notePreview('c-gone');
    deleteFails = new BackendError(404, { code: 'not_found', message: 'conversation not found' });
    await dropLeftoverPreview(client);
    deleteFails = null;
    await dropLeftoverPreview(client);
    expect(deleted).toEqual([]);
  });
});
