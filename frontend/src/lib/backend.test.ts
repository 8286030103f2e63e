import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BackendError,
  TOKEN_KEY,
  captureToken,
  deleteProvider,
  detectFace,
  getSystem,
  listProviders,
  onUnauthorized,
  testProvider,
  updateProvider,
} from './backend';
import { errorResponse, headerOf, jsonResponse, mockFetch } from '../test/fetchMock';

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.runtime;
});

function fakeLocation(hash: string) {
  return { hash, pathname: '/', search: '' } as Location;
}

describe('token handling', () => {
  it('takes the token from the hash, stores it and removes it from the address', () => {
    const replaceState = vi.fn();
    const token = captureToken(fakeLocation('#token=XYZ'), { state: null, replaceState } as unknown as History);
    expect(token).toBe('XYZ');
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe('XYZ');
    expect(replaceState).toHaveBeenCalledWith(null, '', '/');
  });

  it('keeps a route that came with the token', () => {
    const replaceState = vi.fn();
    captureToken(fakeLocation('#/settings/about?token=abc'), { state: null, replaceState } as unknown as History);
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe('abc');
    expect(replaceState).toHaveBeenCalledWith(null, '', '/#/settings/about');
  });

  it('leaves the address alone when there is no token in it', () => {
    const replaceState = vi.fn();
    sessionStorage.setItem(TOKEN_KEY, 'old');
    expect(captureToken(fakeLocation('#/library'), { state: null, replaceState } as unknown as History)).toBe('old');
    expect(replaceState).not.toHaveBeenCalled();
  });

  it('sends the token as a bearer header in the browser face', async () => {
    sessionStorage.setItem(TOKEN_KEY, 'secret');
    const fetch = mockFetch(() => jsonResponse([]));
    await listProviders();
    expect(fetch).toHaveBeenCalledOnce();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/providers');
    expect(headerOf(init, 'Authorization')).toBe('Bearer secret');
  });

  it('sends no token in the desktop face', async () => {
    sessionStorage.setItem(TOKEN_KEY, 'secret');
    window.runtime = { EventsOn: () => () => {} };
    expect(detectFace()).toBe('desktop');
    const fetch = mockFetch(() => jsonResponse([]));
    await listProviders();
    expect(headerOf(fetch.mock.calls[0]![1], 'Authorization')).toBeUndefined();
  });
});

describe('requests', () => {
  it('sends JSON bodies and encodes ids', async () => {
    const fetch = mockFetch(() => jsonResponse({ id: 'a/b' }));
    await updateProvider('a/b', { name: 'n', kind: 'ollama', baseUrl: 'http://x', defaultModel: '' });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/providers/a%2Fb');
    expect(init?.method).toBe('PUT');
    expect(headerOf(init, 'Content-Type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({ name: 'n', kind: 'ollama', baseUrl: 'http://x', defaultModel: '' });
  });

  it('returns undefined for 204', async () => {
    mockFetch(() => new Response(null, { status: 204 }));
    await expect(deleteProvider('p1')).resolves.toBeUndefined();
  });

  it('returns a ProviderTest that failed as data, not as an error', async () => {
    const body = { ok: false, latencyMs: 3, models: [], error: { code: 'unreachable', message: 'down' } };
    mockFetch(() => jsonResponse(body));
    await expect(testProvider('p1')).resolves.toEqual(body);
  });
});

describe('error mapping', () => {
  it('carries status, code, message and field from the error body', async () => {
    mockFetch(() => errorResponse(400, 'bad_request', 'base URL must be http or https', 'baseUrl'));
    const err = await getSystem().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BackendError);
    expect(err).toMatchObject({ status: 400, code: 'bad_request', message: 'base URL must be http or https', field: 'baseUrl' });
  });

  it('maps a body that is not JSON by its status', async () => {
    mockFetch(() => new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(getSystem()).rejects.toMatchObject({ status: 502, code: 'bad_response' });
    mockFetch(() => new Response('oops', { status: 500 }));
    await expect(getSystem()).rejects.toMatchObject({ status: 500, code: 'internal' });
  });

  it('turns a network failure into unreachable with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(getSystem()).rejects.toMatchObject({ status: 0, code: 'unreachable' });
  });

  it('rejects a 2xx reply that is not JSON as bad_response', async () => {
    mockFetch(() => new Response('not json', { status: 200 }));
    await expect(getSystem()).rejects.toMatchObject({ code: 'bad_response' });
  });

  it('tells listeners about 401 answers', async () => {
    const seen = vi.fn();
    const off = onUnauthorized(seen);
    mockFetch(() => errorResponse(401, 'unauthorized', 'missing token'));
    await expect(getSystem()).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    expect(seen).toHaveBeenCalledOnce();
    off();
  });
});
