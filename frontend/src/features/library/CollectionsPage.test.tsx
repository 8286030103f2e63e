import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf, mockApi, type Route } from '../../test/api';
import { errorResponse, jsonResponse, sseResponse } from '../../test/fetchMock';
import { renderWithClient } from '../../test/render';
import { CollectionsPage } from './CollectionsPage';
import { collection } from '../../test/libraryData';

afterEach(() => vi.unstubAllGlobals());

const employment = collection();
const arabic = collection({ id: 'c2', name: 'القانون المدني', description: '', documents: 0, chunks: 0 });

function setup(routes: Record<string, Route> = {}, list = [employment, arabic]) {
  let current = list;
  const events = sseResponse();
  const fetch = mockApi({
    'GET /api/collections': () => current,
    'GET /api/events': () => events.response,
    'DELETE /api/collections/c1': () => {
      current = current.filter((c) => c.id !== 'c1');
      return new Response(null, { status: 204 });
    },
    ...routes,
  });
  return { fetch, ...renderWithClient(<CollectionsPage />) };
}

async function card(name: string) {
  const cards = await screen.findAllByTestId('collection-card');
  const found = cards.find((c) => c.getAttribute('data-collection-name') === name);
  if (!found) throw new Error(`no card ${name}`);
  return found;
}

describe('CollectionsPage', () => {
  it('lists collections with description and counts, each linking to its page', async () => {
    setup();
    const c = within(await card('Employment law'));
    expect(c.getByRole('link', { name: 'Employment law' })).toHaveAttribute('href', '#/library/c1');
    expect(c.getByText('Statutes on notice and termination')).toBeInTheDocument();
    expect(c.getByText('Documents').nextSibling).toHaveTextContent('2');
    expect(c.getByText('Chunks').nextSibling).toHaveTextContent('40');
    expect(within(await card('القانون المدني')).getByText('No description')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New collection' })).toBeInTheDocument();
  });

  it('shows an empty state that loads the sample library and opens it', async () => {
    const { user, fetch } = setup({ 'POST /api/library/sample': () => jsonResponse(collection({ id: 'sample', name: 'Sample library' }), 201) }, []);
    expect(await screen.findByRole('heading', { name: 'No collections yet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New collection' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load sample library' }));
    await vi.waitFor(() => expect(window.location.hash).toBe('#/library/sample'));
    expect(bodiesOf(fetch, 'POST', '/api/library/sample')).toHaveLength(1);
  });

  it('shows why the sample library failed', async () => {
    const { user } = setup({ 'POST /api/library/sample': () => errorResponse(500, 'internal', 'sample corpus missing from this build') }, []);
    await user.click(await screen.findByRole('button', { name: 'Load sample library' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('sample corpus missing from this build');
  });

  it('creates a collection, putting a backend field error on its field first', async () => {
    let tries = 0;
    const { user, fetch } = setup({
      'POST /api/collections': ({ body }) =>
        ++tries === 1
          ? errorResponse(409, 'conflict', 'A collection named “Employment law” exists.', 'name')
          : jsonResponse({ ...collection({ id: 'c3' }), ...(body as object) }, 201),
    });
    await user.click(await screen.findByRole('button', { name: 'New collection' }));
    const dialog = screen.getByRole('dialog', { name: 'New collection' });
    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Create collection' }));
    expect(name).toHaveAccessibleDescription(/Enter a name\./);
    expect(bodiesOf(fetch, 'POST', '/api/collections')).toHaveLength(0);

    await user.type(name, 'Employment law');
    await user.click(within(dialog).getByRole('button', { name: 'Create collection' }));
    expect(await within(dialog).findByText('A collection named “Employment law” exists.')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();

    await user.clear(name);
    await user.type(name, '  Labour  ');
    await user.type(within(dialog).getByLabelText('Description'), 'ILO conventions');
    await user.click(within(dialog).getByRole('button', { name: 'Create collection' }));
    await vi.waitFor(() => expect(window.location.hash).toBe('#/library/c3'));
    expect(bodiesOf(fetch, 'POST', '/api/collections').at(-1)).toEqual({ name: 'Labour', description: 'ILO conventions', ocrLanguage: '' });
  });

  it('edits a collection in place', async () => {
    const { user, fetch } = setup({ 'PUT /api/collections/c1': ({ body }) => ({ ...employment, ...(body as object) }) });
    await user.click(within(await card('Employment law')).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit collection' });
    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveValue('Employment law');
    await user.clear(name);
    await user.type(name, 'Employment');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodiesOf(fetch, 'PUT', '/api/collections/c1')).toEqual([{ name: 'Employment', description: 'Statutes on notice and termination', ocrLanguage: '' }]);
  });

  it('asks before deleting, naming how many documents go with the collection', async () => {
    const { user, fetch } = setup();
    await user.click(within(await card('Employment law')).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete collection?' });
    expect(confirm).toHaveTextContent('Employment law and the 2 documents in it (40 chunks) will be deleted');
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Delete collection and 2 documents' }));
    await vi.waitFor(() => expect(screen.queryByText('Employment law')).not.toBeInTheDocument());
    expect(screen.getAllByTestId('collection-card').map((c) => c.getAttribute('data-collection-name'))).toEqual(['القانون المدني']);
    expect(bodiesOf(fetch, 'DELETE', '/api/collections/c1')).toHaveLength(1);
  });

  it('shows a load error with Retry', async () => {
    let fail = true;
    const { user } = setup({ 'GET /api/collections': () => (fail ? errorResponse(500, 'internal', 'database is locked') : [employment]) });
    expect(await screen.findByRole('alert')).toHaveTextContent('database is locked');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await card('Employment law')).toBeInTheDocument();
  });
});
