import { vi } from 'vitest';
import type { Model, Provider, SystemInfo } from '../lib/api.gen';
import { jsonResponse } from './fetchMock';

export type Route = (req: { url: URL; method: string; body: unknown }) => Response | unknown | Promise<Response | unknown>;

/**
 * Mocks the backend: routes are keyed "METHOD /api/path" (path without the query).
 * A route returns a Response, or a value to send as 200 JSON. Unknown routes answer 404.
 */
export function mockApi(routes: Record<string, Route>) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://127.0.0.1');
    const method = init?.method ?? 'GET';
    const route = routes[`${method} ${url.pathname}`];
    if (!route) return jsonResponse({ error: { code: 'not_found', message: `no mock for ${method} ${url.pathname}` } }, 404);
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const out = await route({ url, method, body });
    return out instanceof Response ? out : jsonResponse(out);
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** The bodies sent to a route, in order. */
export function bodiesOf(fetch: ReturnType<typeof mockApi>, method: string, path: string): unknown[] {
  return fetch.mock.calls
    .filter(([input, init]) => (init?.method ?? 'GET') === method && new URL(String(input), 'http://x').pathname === path)
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined));
}

const t = '2025-01-01T00:00:00Z';

export function provider(over: Partial<Provider> = {}): Provider {
  return {
    id: 'p1',
    name: 'Local Ollama',
    kind: 'ollama',
    baseUrl: 'http://127.0.0.1:11434',
    hasApiKey: false,
    apiKeyHint: '',
    defaultModel: 'llama3.2',
    builtIn: false,
    lastCheckedAt: null,
    lastStatus: '',
    createdAt: t,
    updatedAt: t,
    ...over,
  };
}

export const extractive: Provider = provider({
  id: 'extractive',
  name: 'Extractive',
  kind: 'extractive',
  baseUrl: '',
  defaultModel: '',
  builtIn: true,
});

export function model(over: Partial<Model> = {}): Model {
  return { name: 'llama3.2:3b', size: 2_019_393_189, family: 'llama', parameterSize: '3.2B', quantization: 'Q4_K_M', modifiedAt: t, ...over };
}

export const systemInfo: SystemInfo = {
  version: '0.1.0',
  commit: 'abc1234',
  goVersion: 'go1.24',
  os: 'linux',
  arch: 'amd64',
  face: 'serve',
  dataDir: '/data',
  databasePath: '/data/lexflow.db',
  schemaVersion: 2,
};
