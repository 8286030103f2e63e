import { vi } from 'vitest';

/** A JSON Response, as the backend sends it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function errorResponse(status: number, code: string, message: string, field?: string): Response {
  return jsonResponse({ error: { code, message, ...(field ? { field } : {}) } }, status);
}

/** A controllable text/event-stream Response. */
export function sseResponse(headers: Record<string, string> = {}): { response: Response; send: (text: string | Uint8Array) => void; close: () => void; fail: (e: unknown) => void } {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const enc = new TextEncoder();
  return {
    response: new Response(stream, { status: 200, headers: { 'Content-Type': 'text/event-stream', ...headers } }),
    send: (text) => controller.enqueue(typeof text === 'string' ? enc.encode(text) : text),
    close: () => controller.close(),
    fail: (e) => controller.error(e),
  };
}

/** An SSE frame for an Event, as the backend writes it. */
export function frame(topic: string, seq: number, type = 'tick', data: unknown = {}): string {
  const ev = { seq, topic, type, time: '2025-01-01T00:00:00Z', data };
  return `id: ${seq}\nevent: ${type}\ndata: ${JSON.stringify(ev)}\n\n`;
}

export function event(topic: string, seq: number, type = 'tick', data: unknown = {}) {
  return { seq, topic, type, time: '2025-01-01T00:00:00Z', data };
}

export type FetchHandler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** Replaces global fetch; returns the mock so tests can inspect calls. */
export function mockFetch(handler: FetchHandler) {
  const fn = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(handler(String(input), init ?? {})),
  );
  vi.stubGlobal('fetch', fn);
  return fn;
}

export function headerOf(init: RequestInit | undefined, name: string): string | undefined {
  const h = (init?.headers ?? {}) as Record<string, string>;
  const key = Object.keys(h).find((k) => k.toLowerCase() === name.toLowerCase());
  return key ? h[key] : undefined;
}
