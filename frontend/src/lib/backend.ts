// The only module that talks to the backend. Every view goes through these functions;
// nothing else calls fetch or touches the Wails runtime.
import type {
  App,
  AppCreate,
  AppDocument,
  AppHosts,
  AppImport,
  AppImported,
  AppRename,
  AppSave,
  AppTemplate,
  DSLCheck,
  Validation,
  Collection,
  CollectionInput,
  DefaultModel,
  OCRLanguages,
  Conversation,
  ConversationInput,
  GenerationAudit,
  GenerationAuditView,
  Message,
  ReplayRequest,
  NodeRunStarted,
  Run,
  RunDetail,
  RunRequest,
  RunStarted,
  Tool,
  SendMessage,
  Turn,
  TurnSettings,
  Document,
  DocumentSource,
  DocumentTitle,
  PageHighlight,
  ErrorBody,
  Event,
  EventCheckRequest,
  Model,
  Provider,
  ProviderInput,
  ProviderTest,
  SearchRequest,
  SearchResponse,
  SelfTest,
  SelfTestResult,
  SelfTestStage,
  Settings,
  StreamRef,
  SystemInfo,
  TryRequest,
  UploadResult,
  LocalFileList,
} from './api.gen';

// ---------------------------------------------------------------------------
// Face detection

export type Face = 'desktop' | 'browser';

/** The part of the Wails v2 runtime (window.runtime) that the UI uses. */
export interface WailsRuntime {
  EventsOn(name: string, callback: (...data: unknown[]) => void): () => void;
  /** The window's native file drop: absolute paths of what was dropped (Wails v2.4+). */
  OnFileDrop?(callback: (x: number, y: number, paths: string[]) => void, useDropTarget: boolean): void;
}

declare global {
  interface Window {
    runtime?: WailsRuntime;
  }
}

export function wailsRuntime(): WailsRuntime | null {
  const rt = typeof window === 'undefined' ? undefined : window.runtime;
  return rt && typeof rt.EventsOn === 'function' ? rt : null;
}

/** Desktop when the page runs inside the Wails window, browser otherwise. Evaluated on each call. */
export function detectFace(): Face {
  return wailsRuntime() ? 'desktop' : 'browser';
}

/** The Wails event name under which the desktop face emits every Event. */
export const WAILS_EVENT = 'lexflow:event';

/** Listens to every backend Event in the desktop face. Returns the unsubscribe function. */
export function onDesktopEvent(callback: (event: Event) => void): () => void {
  const rt = wailsRuntime();
  if (!rt) throw new Error('the Wails runtime is not available');
  const off = rt.EventsOn(WAILS_EVENT, (data: unknown) => {
    if (isEvent(data)) callback(data);
  });
  return typeof off === 'function' ? off : () => {};
}

function isEvent(v: unknown): v is Event {
  return typeof v === 'object' && v !== null && typeof (v as Event).seq === 'number' && typeof (v as Event).topic === 'string';
}

// ---------------------------------------------------------------------------
// Session token (browser face)

export const TOKEN_KEY = 'lexflow.token';

/**
 * Reads `#token=…` from the address, keeps it in sessionStorage and removes it from the
 * address bar. Call once, before the router reads the hash. Returns the token in force.
 */
export function captureToken(loc: Location = window.location, hist: History = window.history): string | null {
  const hash = loc.hash.replace(/^#/, '');
  if (/(^|[?&])token=/.test(hash)) {
    const [route = '', query = ''] = hash.includes('?') ? hash.split('?', 2) : ['', hash];
    const params = new URLSearchParams(query);
    const token = params.get('token');
    params.delete('token');
    if (token) storeToken(token);
    const rest = params.toString();
    const newHash = route + (rest ? `?${rest}` : '');
    hist.replaceState(hist.state, '', loc.pathname + loc.search + (newHash ? `#${newHash}` : ''));
  }
  return getToken();
}

export function getToken(): string | null {
  try {
    return window.sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

function storeToken(token: string): void {
  try {
    window.sessionStorage.setItem(TOKEN_KEY, token);
  } catch {
    // Storage may be disabled; the token then lives only as long as this page.
    memoryToken = token;
  }
}
let memoryToken: string | null = null;

/**
 * Trades the token this page was opened with for the server's session cookie (HttpOnly, this
 * origin only), so new tabs, bookmarks and links opened from here need no token in their address.
 */
export function startSession(): Promise<void> {
  return call('POST', '/api/session');
}

function authHeaders(): Record<string, string> {
  if (detectFace() === 'desktop') return {};
  const token = getToken() ?? memoryToken;
  return token ? { Authorization: `Bearer ${token}` } : {};
}

// ---------------------------------------------------------------------------
// Errors

export class BackendError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;

  constructor(status: number, body: ErrorBody) {
    super(body.message);
    this.name = 'BackendError';
    this.status = status;
    this.code = body.code;
    this.field = body.field || undefined;
  }
}

const statusCodes: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'unauthorized',
  404: 'not_found',
  408: 'timeout',
  409: 'conflict',
  422: 'bad_request',
  429: 'rate_limited',
  502: 'bad_response',
  503: 'unreachable',
  504: 'timeout',
};

/** Turns a non-2xx response into a BackendError, whatever its body looks like. */
export async function errorFromResponse(res: Response): Promise<BackendError> {
  let body: ErrorBody | null = null;
  try {
    const json = (await res.json()) as { error?: Partial<ErrorBody> };
    if (json && typeof json.error === 'object' && json.error) {
      body = {
        code: json.error.code || statusCodes[res.status] || 'internal',
        message: json.error.message || res.statusText || `HTTP ${res.status}`,
        field: json.error.field,
      };
    }
  } catch {
    // not JSON: fall through
  }
  body ??= {
    code: statusCodes[res.status] ?? (res.status >= 500 ? 'internal' : 'bad_request'),
    message: `The backend answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}.`,
  };
  return new BackendError(res.status, body);
}

/** True for the 401 the API gives when the session token is missing or wrong. */
export function isSessionError(err: unknown): boolean {
  return err instanceof BackendError && err.status === 401;
}

const unauthorizedListeners = new Set<() => void>();

/** Calls back whenever any API request is answered 401. Returns the unsubscribe function. */
export function onUnauthorized(callback: () => void): () => void {
  unauthorizedListeners.add(callback);
  return () => unauthorizedListeners.delete(callback);
}

// ---------------------------------------------------------------------------
// Transport

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function send(
  method: Method,
  path: string,
  body?: unknown,
  signal?: AbortSignal,
  accept = 'application/json',
  cache: RequestCache = 'no-store',
): Promise<Response> {
  const headers: Record<string, string> = { Accept: accept, ...authHeaders() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      credentials: 'same-origin',
      cache,
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new BackendError(0, {
      code: 'unreachable',
      message: 'Cannot reach the Lexflow backend. Is Lexflow still running?',
    });
  }
  if (!res.ok) {
    const err = await errorFromResponse(res);
    if (res.status === 401) unauthorizedListeners.forEach((fn) => fn());
    throw err;
  }
  return res;
}

async function call<T>(method: Method, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const res = await send(method, path, body, signal);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new BackendError(res.status, { code: 'bad_response', message: 'The backend sent a reply that is not JSON.' });
  }
}

const enc = encodeURIComponent;

// ---------------------------------------------------------------------------
// Endpoints

export function getSystem(signal?: AbortSignal): Promise<SystemInfo> {
  return call('GET', '/api/system', undefined, signal);
}

export function listProviders(signal?: AbortSignal): Promise<Provider[]> {
  return call('GET', '/api/providers', undefined, signal);
}

export function createProvider(input: ProviderInput): Promise<Provider> {
  return call('POST', '/api/providers', input);
}

export function updateProvider(id: string, input: ProviderInput): Promise<Provider> {
  return call('PUT', `/api/providers/${enc(id)}`, input);
}

export function deleteProvider(id: string): Promise<void> {
  return call('DELETE', `/api/providers/${enc(id)}`);
}

export function testProvider(id: string): Promise<ProviderTest> {
  return call('POST', `/api/providers/${enc(id)}/test`);
}

/** Tests a provider as a form holds it, before it is saved; id is the provider being edited (its stored key is used unless input replaces it). */
export function checkProvider(id: string | undefined, input: ProviderInput): Promise<ProviderTest> {
  return call('POST', id ? `/api/providers/${enc(id)}/check` : '/api/providers/check', input);
}

export function listModels(id: string, signal?: AbortSignal): Promise<Model[]> {
  return call('GET', `/api/providers/${enc(id)}/models`, undefined, signal);
}

export function tryProvider(id: string, req: TryRequest): Promise<StreamRef> {
  return call('POST', `/api/providers/${enc(id)}/try`, req);
}

export function getSettings(signal?: AbortSignal): Promise<Settings> {
  return call('GET', '/api/settings', undefined, signal);
}

/** The model a chat or step that names none uses, as the backend resolves it now. */
export function getDefaultModel(signal?: AbortSignal): Promise<DefaultModel> {
  return call('GET', '/api/settings/default-model', undefined, signal);
}

export function putSettings(settings: Settings): Promise<Settings> {
  return call('PUT', '/api/settings', settings);
}

export function startEventCheck(req: EventCheckRequest): Promise<StreamRef> {
  return call('POST', '/api/diagnostics/event-check', req);
}

export function getSelfTest(signal?: AbortSignal): Promise<SelfTest> {
  return call('GET', '/api/diagnostics/selftest', undefined, signal);
}

export function postSelfTestResult(result: SelfTestResult): Promise<void> {
  return call('POST', '/api/diagnostics/selftest', result);
}

/** Tells the backend a self-test step was reached (e.g. "drop-ready"). */
export function postSelfTestStage(stage: SelfTestStage): Promise<void> {
  return call('POST', '/api/diagnostics/selftest/stage', stage);
}

/** Desktop face: the events of a topic after seq `after`, to replay before live ones. */
export function replayEvents(topic: string, after: number, signal?: AbortSignal): Promise<Event[]> {
  return call('GET', `/api/events/replay?topic=${enc(topic)}&after=${after}`, undefined, signal);
}

/** Browser face: opens the text/event-stream of a topic after seq `after`. Throws BackendError on non-2xx. */
export async function openEventStream(topic: string, after: number, signal?: AbortSignal): Promise<ReadableStream<Uint8Array>> {
  const res = await send('GET', `/api/events?topic=${enc(topic)}&after=${after}`, undefined, signal, 'text/event-stream');
  if (!res.body) throw new BackendError(res.status, { code: 'bad_response', message: 'The event stream has no body.' });
  return res.body;
}

// ---------------------------------------------------------------------------
// Library: collections, documents, uploads, search

export function listCollections(signal?: AbortSignal): Promise<Collection[]> {
  return call('GET', '/api/collections', undefined, signal);
}

export function createCollection(input: CollectionInput): Promise<Collection> {
  return call('POST', '/api/collections', input);
}

export function updateCollection(id: string, input: CollectionInput): Promise<Collection> {
  return call('PUT', `/api/collections/${enc(id)}`, input);
}

/** Whether Tesseract is installed, its languages, and the command that installs it. */
export function getOCRLanguages(signal?: AbortSignal): Promise<OCRLanguages> {
  return call('GET', '/api/ocr/languages', undefined, signal);
}

/** Deletes the collection and every document in it. */
export function deleteCollection(id: string): Promise<void> {
  return call('DELETE', `/api/collections/${enc(id)}`);
}

export function listDocuments(collectionId: string, signal?: AbortSignal): Promise<Document[]> {
  return call('GET', `/api/collections/${enc(collectionId)}/documents`, undefined, signal);
}

export function deleteDocument(id: string): Promise<void> {
  return call('DELETE', `/api/documents/${enc(id)}`);
}

export function reindexDocument(id: string): Promise<Document> {
  return call('POST', `/api/documents/${enc(id)}/reindex`);
}

/** Gives a document a title; an empty title gives back the one found in it. */
export function renameDocument(id: string, input: DocumentTitle): Promise<Document> {
  return call('PUT', `/api/documents/${enc(id)}/title`, input);
}

/** The extracted text of a document and its chunks with their locators. */
export function getDocumentSource(id: string, signal?: AbortSignal): Promise<DocumentSource> {
  return call('GET', `/api/documents/${enc(id)}/source`, undefined, signal);
}

/**
 * Page `page` (1-based) of a PDF document drawn about `width` pixels wide, as a PNG blob. Fetched
 * with the session token like every call (an <img> could not send it); show it through an
 * object URL.
 */
export async function getPageImage(id: string, page: number, width: number, signal?: AbortSignal): Promise<Blob> {
  // A page's image never changes: the browser may keep it as the server allows.
  const res = await send('GET', `/api/documents/${enc(id)}/pages/${page}/image?width=${width}`, undefined, signal, 'image/png', 'default');
  return res.blob();
}

/** Where code points [start, end) of a document's text lie on page `page` of its PDF, with the page's size and count. */
export function getPageHighlight(id: string, page: number, start: number, end: number, signal?: AbortSignal): Promise<PageHighlight> {
  return call('GET', `/api/documents/${enc(id)}/pages/${page}/highlight?start=${start}&end=${end}`, undefined, signal);
}

export function searchLibrary(req: SearchRequest, signal?: AbortSignal): Promise<SearchResponse> {
  return call('POST', '/api/search', req, signal);
}

/** Creates the "Sample library" collection and starts ingesting the bundled sample statutes. */
export function loadSampleLibrary(): Promise<Collection> {
  return call('POST', '/api/library/sample');
}

/** What dropped paths on this machine hold, folders walked (desktop window only). */
export function listLocalFiles(paths: readonly string[]): Promise<LocalFileList> {
  return call('POST', '/api/local-files', { paths });
}

/** Adds files on this machine by absolute path, one outcome per path (desktop window only). */
export function addLocalFiles(collectionId: string, paths: readonly string[], signal?: AbortSignal): Promise<UploadResult[]> {
  return call('POST', `/api/collections/${enc(collectionId)}/local-files`, { paths }, signal);
}

export interface UploadOptions {
  /** Aborts the request; the promise then rejects with an AbortError DOMException. */
  signal?: AbortSignal;
  /** Bytes of the request body sent so far, and the body's total size. */
  onProgress?: (loaded: number, total: number) => void;
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled.', 'AbortError');
}

/**
 * Uploads files into a collection as one multipart/form-data request (field `files`, one part
 * per file) and resolves with one UploadResult per file, in order. Uses XMLHttpRequest because
 * fetch cannot report upload progress. Callers batch large selections (see the library feature).
 */
export function uploadDocuments(collectionId: string, files: readonly File[], options: UploadOptions = {}): Promise<UploadResult[]> {
  const { signal, onProgress } = options;
  return new Promise<UploadResult[]>((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const form = new FormData();
    for (const file of files) form.append('files', file, file.name);
    const bodySize = files.reduce((n, f) => n + f.size, 0);

    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', onAbort);
    xhr.open('POST', `/api/collections/${enc(collectionId)}/documents`);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.responseType = 'text';

    if (onProgress) {
      xhr.upload.onprogress = (e: ProgressEvent) => onProgress(e.loaded, e.lengthComputable && e.total > 0 ? e.total : bodySize);
    }
    xhr.onload = () => {
      settle();
      const text = typeof xhr.responseText === 'string' ? xhr.responseText : '';
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          const parsed = JSON.parse(text) as unknown;
          if (!Array.isArray(parsed)) throw new Error('not a list');
          resolve(parsed as UploadResult[]);
        } catch {
          reject(new BackendError(xhr.status, { code: 'bad_response', message: 'The backend sent an upload reply that is not a list of results.' }));
        }
        return;
      }
      if (xhr.status === 401) unauthorizedListeners.forEach((fn) => fn());
      if (xhr.status < 200 || xhr.status > 599) {
        reject(new BackendError(xhr.status, { code: 'bad_response', message: `The backend answered ${xhr.status}.` }));
        return;
      }
      const res = new Response(text || null, { status: xhr.status, statusText: xhr.statusText });
      void errorFromResponse(res).then(reject, reject);
    };
    xhr.onerror = () => {
      settle();
      reject(new BackendError(0, { code: 'unreachable', message: 'The upload did not reach the Lexflow backend. Is Lexflow still running?' }));
    };
    xhr.ontimeout = () => {
      settle();
      reject(new BackendError(0, { code: 'timeout', message: 'The upload timed out.' }));
    };
    xhr.onabort = () => {
      settle();
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(form);
  });
}

// ---------------------------------------------------------------------------
// Chat: conversations, messages, generation records, runs

/** Conversations, most recent first. */
/** The stored apps; chatflows can answer in a conversation. */
export function listApps(signal?: AbortSignal): Promise<App[]> {
  return call('GET', '/api/apps', undefined, signal);
}

/** A new app, blank or from a template, with its DSL. */
export function createApp(input: AppCreate): Promise<AppDocument> {
  return call('POST', '/api/apps', input);
}

/** The sample apps a new app can start from. */
export function listAppTemplates(signal?: AbortSignal): Promise<AppTemplate[]> {
  return call('GET', '/api/app-templates', undefined, signal);
}

/** The node types a graph may use (the engine's registry). */
export function listNodeTypes(signal?: AbortSignal): Promise<string[]> {
  return call('GET', '/api/node-types', undefined, signal);
}

export function duplicateApp(id: string): Promise<App> {
  return call('POST', `/api/apps/${enc(id)}/duplicate`);
}

export function renameApp(id: string, input: AppRename): Promise<App> {
  return call('PATCH', `/api/apps/${enc(id)}`, input);
}

export function deleteApp(id: string): Promise<void> {
  return call('DELETE', `/api/apps/${enc(id)}`);
}

/** The hosts an app's HTTP request steps may reach besides loopback. */
export function listAppHosts(id: string, signal?: AbortSignal): Promise<AppHosts> {
  return call('GET', `/api/apps/${enc(id)}/hosts`, undefined, signal);
}

export function approveAppHost(id: string, host: string): Promise<AppHosts> {
  return call('PUT', `/api/apps/${enc(id)}/hosts/${enc(host)}`);
}

export function revokeAppHost(id: string, host: string): Promise<AppHosts> {
  return call('DELETE', `/api/apps/${enc(id)}/hosts/${enc(host)}`);
}

/** Imports a DSL (Lexflow's or Dify's) as a new app, with the report of what could not be mapped. */
export function importApp(input: AppImport): Promise<AppImported> {
  return call('POST', '/api/apps/import', input);
}

/** The app's DSL as YAML text, for download. */
export async function exportApp(id: string): Promise<string> {
  const res = await send('GET', `/api/apps/${enc(id)}/export`, undefined, undefined, 'application/yaml');
  return res.text();
}

/** The app with its DSL (JSON text) and compile problems, as the editor loads it. */
export function getAppDocument(id: string, signal?: AbortSignal): Promise<AppDocument> {
  return call('GET', `/api/apps/${enc(id)}/dsl`, undefined, signal);
}

/** Saves a new version of the DSL; a graph that does not compile is kept as a draft, its problems in the reply. */
export function saveAppDocument(id: string, input: AppSave): Promise<AppDocument> {
  return call('PUT', `/api/apps/${enc(id)}/dsl`, input);
}

/** Compiles a DSL without saving it. */
export function validateDSL(input: DSLCheck): Promise<Validation> {
  return call('POST', '/api/apps/validate', input);
}

export function listConversations(signal?: AbortSignal): Promise<Conversation[]> {
  return call('GET', '/api/conversations', undefined, signal);
}

export function createConversation(input: ConversationInput): Promise<Conversation> {
  return call('POST', '/api/conversations', input);
}

export function renameConversation(id: string, input: ConversationInput): Promise<Conversation> {
  return call('PATCH', `/api/conversations/${enc(id)}`, input);
}

export function deleteConversation(id: string): Promise<void> {
  return call('DELETE', `/api/conversations/${enc(id)}`);
}

/** A conversation's messages in seq order: the backend is the only source of history. */
export function listMessages(conversationId: string, signal?: AbortSignal): Promise<Message[]> {
  return call('GET', `/api/conversations/${enc(conversationId)}/messages`, undefined, signal);
}

/** Asks a question; the answer streams on the returned run. The same turnKey twice starts one turn. */
export function sendMessage(conversationId: string, body: SendMessage): Promise<Turn> {
  return call('POST', `/api/conversations/${enc(conversationId)}/messages`, body);
}

/** A new answer to the same question, appended after the others. */
export function regenerateMessage(messageId: string, settings?: TurnSettings): Promise<Turn> {
  return call('POST', `/api/messages/${enc(messageId)}/regenerate`, settings ? { settings } : {});
}

/** Stops the run answering a message; the message keeps its partial text. */
export function stopMessage(messageId: string): Promise<void> {
  return call('POST', `/api/messages/${enc(messageId)}/stop`);
}

/** The audited generation record of an answer and its replays (404 when it has none). */
export function getGeneration(messageId: string, signal?: AbortSignal): Promise<GenerationAuditView> {
  return call('GET', `/api/messages/${enc(messageId)}/generation`, undefined, signal);
}

/** Re-runs a recorded generation from its stored prompt with another (or the same) model. */
export function replayGeneration(generationId: string, req: ReplayRequest): Promise<GenerationAudit> {
  return call('POST', `/api/generations/${enc(generationId)}/replay`, req);
}

/** The conversation rendered as Markdown by the backend. */
export async function exportConversation(conversationId: string): Promise<string> {
  const res = await send('GET', `/api/conversations/${enc(conversationId)}/export`, undefined, undefined, 'text/markdown');
  return res.text();
}

/** Starts a run of a stored app (a workflow's inputs, or a chatflow's question); its events stream under the returned run. */
export function startAppRun(appId: string, req: RunRequest): Promise<RunStarted> {
  return call('POST', `/api/apps/${enc(appId)}/runs`, req);
}

/** Runs one step of an app alone with the variables it read in the app's newest whole run (409 never_ran when it has none). */
export function runStepAlone(appId: string, nodeId: string): Promise<NodeRunStarted> {
  return call('POST', `/api/apps/${enc(appId)}/nodes/${enc(nodeId)}/run`);
}

/** The built-in tools a Tool step can call, with their parameter schemas. */
export function listTools(signal?: AbortSignal): Promise<Tool[]> {
  return call('GET', '/api/tools', undefined, signal);
}

/** Recorded runs, newest first; of one app when appId is set. */
export function listRuns(appId?: string, signal?: AbortSignal): Promise<Run[]> {
  const query = appId ? `?appId=${enc(appId)}` : '';
  return call('GET', `/api/runs${query}`, undefined, signal);
}

/** Stops a live run; a run that already ended answers 409 not_running. */
export function cancelRun(runId: string): Promise<void> {
  return call('POST', `/api/runs/${enc(runId)}/cancel`);
}

export function getRun(runId: string, signal?: AbortSignal): Promise<RunDetail> {
  return call('GET', `/api/runs/${enc(runId)}`, undefined, signal);
}

/** Browser face: a run's text/event-stream after seq `after` (stored events, then live ones, ending with the run). */
/** A run's event stream, and the last seq it had stored when it opened (null: not said). */
export interface RunEventStream {
  body: ReadableStream<Uint8Array>;
  replayThrough: number | null;
}

export async function openRunEventStream(runId: string, after: number, signal?: AbortSignal): Promise<RunEventStream> {
  const res = await send('GET', `/api/runs/${enc(runId)}/events?after=${after}`, undefined, signal, 'text/event-stream');
  if (!res.body) throw new BackendError(res.status, { code: 'bad_response', message: 'The event stream has no body.' });
  const through = Number.parseInt(res.headers.get('Lexflow-Replay-Through') ?? '', 10);
  return { body: res.body, replayThrough: Number.isFinite(through) ? through : null };
}
