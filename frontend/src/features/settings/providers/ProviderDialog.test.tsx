import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf, mockApi, model, provider } from '../../../test/api';
import { errorResponse, jsonResponse } from '../../../test/fetchMock';
import { renderWithClient } from '../../../test/render';
import { ProviderDialog } from './ProviderDialog';

afterEach(() => vi.unstubAllGlobals());

/** A connection test that worked and listed these models. */
function connected(...names: string[]) {
  return () => ({ ok: true, latencyMs: 12, models: names.map((name) => model({ name })), error: null });
}

function dialog() {
  return screen.getByRole('dialog');
}

describe('ProviderDialog: add', () => {
  it('has labelled fields and defaults to Ollama on its default URL', () => {
    mockApi({});
    renderWithClient(<ProviderDialog onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Add provider' })).toBeInTheDocument();
    expect(screen.getByLabelText('Kind')).toHaveValue('ollama');
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Base URL')).toHaveValue('http://127.0.0.1:11434');
    expect(screen.getByLabelText('API key')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Default model')).toBeInTheDocument();
  });

  it('switching to OpenAI-compatible clears the URL and shows its placeholder', async () => {
    mockApi({});
    const { user } = renderWithClient(<ProviderDialog onClose={() => {}} />);
    await user.selectOptions(screen.getByLabelText('Kind'), 'openai');
    expect(screen.getByLabelText('Base URL')).toHaveValue('');
    expect(screen.getByLabelText('Base URL')).toHaveAttribute('placeholder', 'http://127.0.0.1:1234/v1');
  });

  it('shows validation errors on the fields and focuses the first', async () => {
    const fetch = mockApi({});
    const { user } = renderWithClient(<ProviderDialog onClose={() => {}} />);
    await user.clear(screen.getByLabelText('Base URL'));
    await user.type(screen.getByLabelText('Base URL'), 'localhost');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const name = screen.getByLabelText('Name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(/Enter a name\./);
    expect(name).toHaveFocus();
    expect(screen.getByLabelText('Base URL')).toHaveAccessibleDescription(/starts with http:\/\/ or https:\/\//);
    expect(fetch).not.toHaveBeenCalled();
    await user.type(name, 'Local');
    expect(name).not.toHaveAttribute('aria-invalid');
  });

  it('puts a field error from the backend on its field', async () => {
    mockApi({
      'POST /api/providers/check': connected('llama3.2'),
      'POST /api/providers': () => errorResponse(409, 'conflict', 'A provider named “Local” exists.', 'name'),
    });
    const onClose = vi.fn();
    const { user } = renderWithClient(<ProviderDialog onClose={onClose} />);
    await user.type(screen.getByLabelText('Name'), 'Local');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const name = await screen.findByLabelText('Name');
    expect(await screen.findByText('A provider named “Local” exists.')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows an error without a field at the top of the form', async () => {
    mockApi({
      'POST /api/providers/check': connected('llama3.2'),
      'POST /api/providers': () => errorResponse(500, 'internal', 'database is locked'),
    });
    const { user } = renderWithClient(<ProviderDialog onClose={() => {}} />);
    await user.type(screen.getByLabelText('Name'), 'Local');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('database is locked');
  });

  it('creates the provider without apiKey when none was typed', async () => {
    const fetch = mockApi({
      'POST /api/providers/check': connected(),
      'POST /api/providers': ({ body }) => jsonResponse({ ...provider(), ...(body as object) }, 201),
    });
    const onClose = vi.fn();
    const { user } = renderWithClient(<ProviderDialog onClose={onClose} />);
    await user.type(screen.getByLabelText('Name'), 'Local Ollama');
    await user.type(screen.getByLabelText('Default model'), 'llama3.2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodiesOf(fetch, 'POST', '/api/providers')).toEqual([
      { name: 'Local Ollama', kind: 'ollama', baseUrl: 'http://127.0.0.1:11434', defaultModel: 'llama3.2' },
    ]);
  });

  it('closes on Escape and keeps Tab inside the dialog', async () => {
    mockApi({});
    const onClose = vi.fn();
    const { user } = renderWithClient(<ProviderDialog onClose={onClose} />);
    expect(screen.getByLabelText('Kind')).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog()).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true }); // wraps to the last control
    expect(within(dialog()).getByRole('button', { name: 'Save' })).toHaveFocus();
    await user.tab(); // and back to the first
    expect(within(dialog()).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});

describe('ProviderDialog: edit and the stored key', () => {
  const withKey = provider({ id: 'p2', name: 'LM Studio', kind: 'openai', baseUrl: 'http://127.0.0.1:1234/v1', hasApiKey: true, apiKeyHint: 'sk-…9f2c' });

  function setup(p = withKey) {
    const fetch = mockApi({
      'PUT /api/providers/p2': ({ body }) => ({ ...p, ...(body as object) }),
      'GET /api/providers/p2/models': () => [model({ name: 'qwen2.5-7b-instruct' })],
      'POST /api/providers/p2/check': connected('qwen2.5-7b-instruct'),
    });
    const onClose = vi.fn();
    return { fetch, onClose, ...renderWithClient(<ProviderDialog provider={p} onClose={onClose} />) };
  }

  it('never shows the key: only its hint, with Replace and Remove', () => {
    setup();
    expect(screen.getByRole('dialog', { name: 'Edit provider' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'API key' })).toHaveTextContent('A key is stored (sk-…9f2c)');
    expect(screen.queryByLabelText('API key', { selector: 'input' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Replace' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove' })).toBeInTheDocument();
  });

  it('keeps the stored key when saved untouched (apiKey omitted)', async () => {
    const { fetch, onClose, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const [body] = bodiesOf(fetch, 'PUT', '/api/providers/p2');
    expect(body).not.toHaveProperty('apiKey');
    expect(body).toMatchObject({ name: 'LM Studio', kind: 'openai' });
  });

  it('Replace asks for a new key in a password field and sends it', async () => {
    const { fetch, onClose, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Replace' }));
    const input = screen.getByLabelText('API key');
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.type(input, 'sk-new-1234');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodiesOf(fetch, 'PUT', '/api/providers/p2')[0]).toMatchObject({ apiKey: 'sk-new-1234' });
  });

  it('Remove sends an empty key, and Undo takes it back', async () => {
    const { fetch, onClose, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.getByText('The stored key will be removed when you save.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getByText('A key is stored (sk-…9f2c)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodiesOf(fetch, 'PUT', '/api/providers/p2')[0]).toMatchObject({ apiKey: '' });
  });

  it('offers the provider’s models to choose from', async () => {
    setup();
    const select = await screen.findByRole('combobox', { name: 'Default model' });
    expect(within(select).getByRole('option', { name: 'qwen2.5-7b-instruct' })).toBeInTheDocument();
  });
});

describe('ProviderDialog: testing before saving', () => {
  it('tests the connection, then offers the server’s models instead of a text field', async () => {
    const fetch = mockApi({ 'POST /api/providers/check': connected('fake-chat', 'fake-reasoner') });
    const { user } = renderWithClient(<ProviderDialog onClose={() => {}} />);
    expect(screen.getByRole('textbox', { name: 'Default model' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'Local');
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByTestId('provider-test-result')).toHaveTextContent('2 models');
    const select = screen.getByRole('combobox', { name: 'Default model' });
    await user.selectOptions(select, 'fake-reasoner');
    expect(select).toHaveValue('fake-reasoner');
    expect(bodiesOf(fetch, 'POST', '/api/providers/check')).toEqual([
      { name: 'Local', kind: 'ollama', baseUrl: 'http://127.0.0.1:11434', defaultModel: '' },
    ]);
  });

  it('suggests the nearby address that answers, and tests it when taken', async () => {
    const fetch = mockApi({
      'POST /api/providers/check': ({ body }) =>
        (body as { baseUrl: string }).baseUrl.endsWith('/v1')
          ? connected('fake-chat')()
          : {
              ok: false,
              latencyMs: 3,
              models: [],
              error: { code: 'bad_request', message: 'no such endpoint at http://127.0.0.1:1234; check the base URL (404)' },
              suggestedBaseUrl: 'http://127.0.0.1:1234/v1',
            },
    });
    const { user } = renderWithClient(<ProviderDialog onClose={() => {}} />);
    await user.selectOptions(screen.getByLabelText('Kind'), 'openai');
    await user.type(screen.getByLabelText('Name'), 'LM Studio');
    await user.type(screen.getByLabelText('Base URL'), 'http://127.0.0.1:1234');
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    const suggestion = await screen.findByTestId('base-url-suggestion');
    expect(suggestion).toHaveTextContent('http://127.0.0.1:1234/v1');
    await user.click(within(suggestion).getByRole('button', { name: 'Use this address' }));
    await vi.waitFor(() => expect(screen.getByLabelText('Base URL')).toHaveValue('http://127.0.0.1:1234/v1'));
    expect(await screen.findByTestId('provider-test-result')).toHaveTextContent('Connected');
    expect(screen.getByRole('combobox', { name: 'Default model' })).toHaveValue('fake-chat'); // the only model
    expect(bodiesOf(fetch, 'POST', '/api/providers/check')).toHaveLength(2);
  });

  it('a failed test stops Save once, then Save anyway saves', async () => {
    const fetch = mockApi({
      'POST /api/providers/check': () => ({ ok: false, latencyMs: 1, models: [], error: { code: 'unreachable', message: 'Ollama is not running' } }),
      'POST /api/providers': ({ body }) => jsonResponse({ ...provider(), ...(body as object) }, 201),
    });
    const onClose = vi.fn();
    const { user } = renderWithClient(<ProviderDialog onClose={onClose} />);
    await user.type(screen.getByLabelText('Name'), 'Later');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('provider-test-result')).toHaveTextContent('Ollama is not running');
    expect(bodiesOf(fetch, 'POST', '/api/providers')).toHaveLength(0);
    await user.click(await screen.findByRole('button', { name: 'Save anyway' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodiesOf(fetch, 'POST', '/api/providers')).toHaveLength(1);
  });
});
