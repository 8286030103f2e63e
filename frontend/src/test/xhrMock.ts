import { vi } from 'vitest';

/**
 * A controllable XMLHttpRequest for upload tests: records what was sent and lets the test
 * report upload progress, answer, fail or see an abort.
 */
export class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  responseType = '';
  aborted = false;
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;

  constructor(private readonly onSend: (xhr: FakeXhr) => void) {}

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  send(body: FormData): void {
    this.body = body;
    this.onSend(this);
  }

  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.onabort?.();
  }

  /** The files of the multipart body (field `files`). */
  files(): File[] {
    return (this.body?.getAll('files') ?? []) as File[];
  }

  progress(loaded: number, total: number): void {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
  }

  respond(status: number, body: unknown): void {
    this.status = status;
    this.statusText = status === 200 ? 'OK' : '';
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }

  fail(): void {
    this.onerror?.();
  }
}

/** Replaces XMLHttpRequest; `onSend` sees each request as it is sent. Returns the requests made. */
export function mockXhr(onSend: (xhr: FakeXhr) => void = () => {}) {
  const requests: FakeXhr[] = [];
  vi.stubGlobal(
    'XMLHttpRequest',
    class extends FakeXhr {
      constructor() {
        super((xhr) => {
          requests.push(xhr);
          onSend(xhr);
        });
      }
    },
  );
  return requests;
}
