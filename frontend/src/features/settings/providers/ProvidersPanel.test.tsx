import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf, extractive, mockApi, model, provider, type Route } from '../../../test/api';
import { errorResponse, frame, sseResponse } from '../../../test/fetchMock';
import { renderWithClient } from '../../../test/render';
import { ProvidersPanel } from './ProvidersPanel';

afterEach(() => vi.unstubAllGlobals());

const ollama = provider({ lastStatus: 'ok', lastCheckedAt: new Date().toISOString() });
const studio = provider({ id: 'p2', name: 'LM Studio', kind: 'openai', baseUrl: 'http://127.0.0.1:1234/v1', hasApiKey: true, apiKeyHint: 'sk-…9f2c', lastStatus: 'unreachable' });

function setup(extra: Record<string, Route> = {}) {
  let list = [extractive, ollama, studio];
  const fetch = mockApi({
    'GET /api/providers': () => list,
    'GET /api/settings': () => ({ defaultProviderId: 'p1', defaultModel: '' }),
    'GET /api/settings/default-model': () => ({ providerId: 'p1', providerName: 'Local Ollama', model: 'llama3.2:3b', builtIn: false }),
    'DELETE /api/providers/p2': () => {
      list = list.filter((p) => p.id !== 'p2');
      return new Response(null, { status: 204 });
    },
    ...extra,
  });
  return { fetch, ...renderWithClient(<ProvidersPanel />) };
}

async function row(name: string) {
  const rows = await screen.findAllByTestId('provider-row');
  const found = rows.find((r) => r.getAttribute('data-provider-name') === name);
  if (!found) throw new Error(`no row ${name}`);
  return found;
}

describe('ProvidersPanel', () => {
  it('lists providers with kind, URL, masked key, default model and status', async () => {
    setup();
    const s = within(await row('LM Studio'));
    expect(s.getByText('OpenAI-compatible')).toBeInTheDocument();
    expect(s.getByText('http://127.0.0.1:1234/v1')).toBeInTheDocument();
    expect(s.getByText('sk-…9f2c')).toBeInTheDocument();
    expect(s.getByText('Unreachable')).toBeInTheDocument();
    const o = within(await row('Local Ollama'));
    expect(o.getByText('Ollama')).toBeInTheDocument();
    expect(o.getByText('llama3.2')).toBeInTheDocument();
    expect(o.getByText('Default')).toBeInTheDocument();
    expect(o.getByText(/^Connected/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add provider' })).toBeInTheDocument();
  });

  it('shows the built-in provider as built in, without Edit or Delete', async () => {
    setup();
    const b = within(await row('Extractive'));
    expect(b.getByText('Built-in')).toBeInTheDocument();
    expect(b.getByText(/without any model, by quoting the most relevant sentences/)).toBeInTheDocument();
    expect(b.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(b.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(b.getByRole('button', { name: 'Test connection' })).toBeInTheDocument();
  });

  it('Test connection shows success with latency and model count', async () => {
    const { user } = setup({
      'POST /api/providers/p1/test': () => ({ ok: true, latencyMs: 42, models: [model(), model({ name: 'qwen3:4b' })], error: null }),
    });
    await user.click(within(await row('Local Ollama')).getByRole('button', { name: 'Test connection' }));
    const result = await within(await row('Local Ollama')).findByTestId('provider-test-result');
    expect(result).toHaveTextContent('Connected');
    expect(result).toHaveTextContent('42 ms');
    expect(result).toHaveTextContent('2 models');
  });

  it('Test connection shows the error with a hint for its code', async () => {
    const { user } = setup({
      'POST /api/providers/p2/test': () => ({
        ok: false,
        latencyMs: 1,
        models: [],
        error: { code: 'unreachable', message: 'LM Studio is not running at http://127.0.0.1:1234/v1' },
      }),
    });
    await user.click(within(await row('LM Studio')).getByRole('button', { name: 'Test connection' }));
    const result = await screen.findByTestId('provider-test-result');
    expect(result).toHaveTextContent('LM Studio is not running at http://127.0.0.1:1234/v1');
    expect(result).toHaveTextContent('Is the server running? Check the base URL.');
  });

  it('Models lists names, human sizes and parameter sizes', async () => {
    const { user } = setup({ 'GET /api/providers/p1/models': () => [model(), model({ name: 'nomic-embed-text', size: 274_302_450, family: 'nomic-bert', parameterSize: '137M' })] });
    const r = within(await row('Local Ollama'));
    await user.click(r.getByRole('button', { name: 'Models' }));
    expect(r.getByRole('button', { name: 'Models' })).toHaveAttribute('aria-expanded', 'true');
    const list = await r.findByRole('table');
    expect(r.getByTestId('model-list')).toContainElement(list);
    expect(within(list).getByText('llama3.2:3b')).toBeInTheDocument();
    expect(within(list).getByText('2 GB')).toBeInTheDocument();
    expect(within(list).getByText('274 MB')).toBeInTheDocument();
    expect(within(list).getByText('137M')).toBeInTheDocument();
  });

  it('Models shows an unreachable provider’s error with its hint', async () => {
    const { user } = setup({ 'GET /api/providers/p2/models': () => errorResponse(502, 'unreachable', 'connection refused') });
    const r = within(await row('LM Studio'));
    await user.click(r.getByRole('button', { name: 'Models' }));
    expect(await r.findByRole('alert')).toHaveTextContent('connection refused');
    expect(r.getByRole('alert')).toHaveTextContent('Check the base URL');
  });

  it('Delete asks for confirmation, then deletes', async () => {
    const { user, fetch } = setup();
    await user.click(within(await row('LM Studio')).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete provider?' });
    expect(confirm).toHaveTextContent('LM Studio');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(bodiesOf(fetch, 'DELETE', '/api/providers/p2')).toHaveLength(0);

    await user.click(within(await row('LM Studio')).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(screen.queryByText('LM Studio')).not.toBeInTheDocument());
    expect(bodiesOf(fetch, 'DELETE', '/api/providers/p2')).toHaveLength(1);
  });

  it('Edit opens the form filled in', async () => {
    const { user } = setup({ 'GET /api/providers/p2/models': () => [] });
    await user.click(within(await row('LM Studio')).getByRole('button', { name: 'Edit' }));
    const d = screen.getByRole('dialog', { name: 'Edit provider' });
    expect(within(d).getByLabelText('Name')).toHaveValue('LM Studio');
    expect(within(d).getByLabelText('Kind')).toHaveValue('openai');
  });

  it('Try it streams reasoning then content, then the stats', async () => {
    const s = sseResponse();
    const { user, fetch } = setup({
      'GET /api/providers/p1/models': () => [model()],
      'POST /api/providers/p1/try': () => new Response(JSON.stringify({ topic: 'try-1' }), { status: 202 }),
      'GET /api/events': () => s.response,
    });
    const r = within(await row('Local Ollama'));
    await user.click(r.getByRole('button', { name: 'Try it' }));
    expect(r.getByLabelText('Model')).toHaveValue('llama3.2');
    await user.type(r.getByLabelText('Prompt'), 'What is Article 12?');
    await user.click(r.getByRole('button', { name: 'Send' }));

    s.send(frame('try-1', 1, 'delta', { kind: 'reasoning', text: 'Looking at ' }));
    s.send(frame('try-1', 2, 'delta', { kind: 'reasoning', text: 'the statute.' }));
    s.send(frame('try-1', 3, 'delta', { kind: 'content', text: 'Article 12 sets ' }));
    const out = await r.findByTestId('try-output');
    await vi.waitFor(() => expect(out).toHaveTextContent('Article 12 sets'));
    expect(out).toHaveTextContent('Looking at the statute.');
    expect(r.getByRole('button', { name: 'Stop' })).toBeInTheDocument();

    s.send(frame('try-1', 4, 'delta', { kind: 'content', text: 'the notice period.' }));
    s.send(frame('try-1', 5, 'done', { model: 'llama3.2', promptTokens: 12, completionTokens: 34, firstTokenMs: 180, latencyMs: 1234 }));
    await vi.waitFor(() => expect(out).toHaveTextContent('34 tokens · first token 180 ms · total 1.23 s'));
    expect(out).toHaveTextContent('Article 12 sets the notice period.');
    expect(r.getByRole('button', { name: 'Send' })).toBeInTheDocument();
    expect(bodiesOf(fetch, 'POST', '/api/providers/p1/try')).toEqual([{ model: 'llama3.2', prompt: 'What is Article 12?' }]);
  });

  it('Try it shows a streamed error with its hint', async () => {
    const s = sseResponse();
    const { user } = setup({
      'GET /api/providers/p1/models': () => [],
      'POST /api/providers/p1/try': () => new Response(JSON.stringify({ topic: 'try-2' }), { status: 202 }),
      'GET /api/events': () => s.response,
    });
    const r = within(await row('Local Ollama'));
    await user.click(r.getByRole('button', { name: 'Try it' }));
    await user.type(r.getByLabelText('Prompt'), 'hi');
    await user.click(r.getByRole('button', { name: 'Send' }));
    s.send(frame('try-2', 1, 'error', { code: 'model_not_found', message: 'model "llama3.2" not found' }));
    const alert = await within(r.getByTestId('try-output')).findByRole('alert');
    expect(alert).toHaveTextContent('model "llama3.2" not found');
    expect(alert).toHaveTextContent('Pull or load the model');
  });

  it('Try it asks for a prompt before sending', async () => {
    const { user, fetch } = setup({ 'GET /api/providers/p1/models': () => [] });
    const r = within(await row('Local Ollama'));
    await user.click(r.getByRole('button', { name: 'Try it' }));
    await user.click(r.getByRole('button', { name: 'Send' }));
    expect(r.getByLabelText('Prompt')).toHaveAccessibleDescription(/Type a prompt/);
    expect(bodiesOf(fetch, 'POST', '/api/providers/p1/try')).toHaveLength(0);
  });
});
