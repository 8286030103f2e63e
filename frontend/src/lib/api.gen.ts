// Code generated from the DTOs of backend/api by "make generate". DO NOT EDIT.

export type ProviderKind = 'ollama' | 'openai' | 'extractive';
export type DocumentStatus = 'queued' | 'parsing' | 'indexing' | 'ready' | 'failed' | 'deleting';
export type RunStatus = 'running' | 'succeeded' | 'failed' | 'cancelled' | 'interrupted';
export type MessageStatus = 'streaming' | 'done' | 'interrupted' | 'failed';
export type GenerationStatus = 'success' | 'partial' | 'failed' | 'no_evidence';

export interface ErrorBody {
  code: string;
  message: string;
  field?: string;
}

export interface SystemInfo {
  version: string;
  commit: string;
  goVersion: string;
  os: string;
  arch: string;
  face: 'desktop' | 'serve';
  dataDir: string;
  databasePath: string;
  schemaVersion: number;
}

export interface Provider {
  id: string;
  name: string;
  kind: ProviderKind;
  baseUrl: string;
  hasApiKey: boolean;
  apiKeyHint: string;
  defaultModel: string;
  builtIn: boolean;
  lastCheckedAt: string | null;
  lastStatus: string;
  createdAt: string;
  updatedAt: string;
}

export interface ProviderInput {
  name: string;
  kind: ProviderKind;
  baseUrl: string;
  apiKey?: string | null;
  defaultModel: string;
}

export interface Model {
  name: string;
  size: number;
  family: string;
  parameterSize: string;
  quantization: string;
  modifiedAt: string | null;
}

export interface ProviderTest {
  ok: boolean;
  latencyMs: number;
  models: Model[];
  error: ErrorBody | null;
  suggestedBaseUrl?: string;
}

export interface TryRequest {
  model: string;
  prompt: string;
}

export interface StreamRef {
  topic: string;
}

export interface Event {
  seq: number;
  topic: string;
  type: string;
  time: string;
  data: unknown;
}

export interface Delta {
  kind: string;
  text: string;
}

export interface TryDone {
  model: string;
  promptTokens: number;
  completionTokens: number;
  firstTokenMs: number;
  latencyMs: number;
}

export interface Settings {
  defaultProviderId: string;
  defaultModel: string;
}

export interface DefaultModel {
  providerId: string;
  providerName: string;
  model: string;
  builtIn: boolean;
  note?: string;
}

export interface EventCheckRequest {
  count: number;
}

export interface EventCheckTick {
  n: number;
  count: number;
}

export interface SelfTest {
  enabled: boolean;
  count: number;
  dropCollection: string;
}

export interface SelfTestResult {
  received: number;
  inOrder: boolean;
  transport: string;
  error: string;
  dropped: string[];
  dropError: string;
}

export interface SelfTestStage {
  stage: string;
}

export interface Collection {
  id: string;
  name: string;
  description: string;
  ocrLanguage: string;
  documents: number;
  chunks: number;
  createdAt: string;
  updatedAt: string;
}

export interface CollectionInput {
  name: string;
  description: string;
  ocrLanguage: string;
}

export interface OCRLanguages {
  installed: boolean;
  languages: string[];
  installCommand: string;
}

export interface Document {
  id: string;
  collectionId: string;
  name: string;
  title: string;
  renamed: boolean;
  format: string;
  language: string;
  size: number;
  pages: number;
  chunks: number;
  status: DocumentStatus;
  percent: number;
  error: string;
  createdAt: string;
  updatedAt: string;
  duplicateOf: string;
}

export interface DocumentTitle {
  title: string;
}

export interface UploadResult {
  part: number;
  name: string;
  document: Document | null;
  duplicate: boolean;
  error: ErrorBody | null;
}

export interface LocalPaths {
  paths: string[];
}

export interface LocalFile {
  path: string;
  name: string;
  rel: string;
  size: number;
}

export interface LocalProblem {
  path: string;
  message: string;
}

export interface LocalFileList {
  files: LocalFile[];
  hidden: number;
  problems: LocalProblem[];
}

export interface IngestProgress {
  documentId: string;
  collectionId: string;
  name: string;
  status: DocumentStatus;
  percent: number;
  error: string;
}

export interface Unit {
  start: number;
  end: number;
  headingPath: string[];
  number?: string;
  follows?: boolean;
}

export interface DocRef {
  id: string;
  name: string;
}

export interface Locator {
  docId: string;
  docName: string;
  docTitle?: string;
  pageStart: number;
  pageEnd: number;
  headingPath: string[];
  start: number;
  end: number;
  ocr?: boolean;
  units?: Unit[];
}

export interface Chunk {
  id: string;
  docId: string;
  collectionId: string;
  ordinal: number;
  text: string;
  language: string;
  locator: Locator;
}

export interface SearchRequest {
  query: string;
  collectionIds: string[];
  documentIds: string[];
  topK: number;
}

export interface SearchHit {
  rank: number;
  score: number;
  snippet: string;
  chunk: Chunk;
  alsoIn: DocRef[];
}

export interface SearchResponse {
  hits: SearchHit[];
  tookMs: number;
}

export interface PageSpan {
  page: number;
  start: number;
  end: number;
  ocr: boolean;
}

export interface DocumentSource {
  document: Document;
  text: string;
  chunks: Chunk[];
  pages: PageSpan[];
}

export interface HighlightBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface PageHighlight {
  page: number;
  pageCount: number;
  width: number;
  height: number;
  boxes: HighlightBox[];
  ocr: boolean;
}

export interface App {
  id: string;
  name: string;
  mode: 'chatflow' | 'workflow';
  description: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface AppImport {
  dsl: string;
  name: string;
  defaultModel: string;
  modelMap: Record<string, string>;
  collection: string;
  datasetMap: Record<string, string>;
  dryRun: boolean;
}

export interface NodeRunStarted {
  runId: string;
  topic: string;
  sourceRunId: string;
  sourceStartedAt: string;
  missing: string[];
}

export interface Tool {
  name: string;
  description: string;
  parameters: { type?: string; properties?: Record<string, { type?: string; description?: string; enum?: unknown[] }>; required?: string[] };
}

export interface NodeImport {
  nodeId: string;
  title: string;
  sourceType: string;
  outcome: 'mapped' | 'changed' | 'attention' | 'unsupported';
  details: string[];
}

export interface ModelMapping {
  from: string;
  to: string;
  why: string;
  nodeIds: string[];
}

export interface DatasetMapping {
  from: string;
  to: string;
  collection: string;
  nodeIds: string[];
}

export interface ImportReport {
  source: string;
  sourceVersion: string;
  nodes: NodeImport[];
  models: ModelMapping[];
  datasets: DatasetMapping[];
  notes: string[];
  runnable: boolean;
}

export interface AppImported {
  app: App;
  report: ImportReport;
}

export interface AppTemplate {
  id: string;
  name: string;
  mode: 'chatflow' | 'workflow';
  description: string;
}

export interface AppCreate {
  mode: 'chatflow' | 'workflow';
  template: string;
  name: string;
  description: string;
}

export interface AppRename {
  name: string;
  description: string;
}

export interface AppDocument {
  app: App;
  dsl: string;
  problems: CompileProblem[];
  outputs: NodeOutputs[];
  sys: VariableDecl[];
}

export interface NodeOutputs {
  nodeId: string;
  outputs: VariableDecl[];
}

export interface VariableDecl {
  name: string;
  type: string;
}

export interface AppSave {
  dsl: string;
  baseVersion: number;
}

export interface AppHosts {
  hosts: string[];
}

export interface DSLCheck {
  dsl: string;
}

export interface Validation {
  valid: boolean;
  problems: CompileProblem[];
}

export interface CompileProblem {
  kind: string;
  code: string;
  message: string;
  detail: string;
  field: string;
  nodeId: string;
  nodeIds: string[];
  edgeId: string;
  edgeIndex: number;
}

export interface RunRequest {
  inputs: Record<string, unknown>;
  query: string;
  conversationId: string;
}

export interface RunStarted {
  runId: string;
  topic: string;
}

export interface Run {
  id: string;
  appId: string;
  appName: string;
  mode: string;
  status: RunStatus;
  query: string;
  inputs: Record<string, unknown>;
  outputs: Record<string, unknown>;
  error: string;
  conversationId: string;
  messageId: string;
  promptTokens: number;
  completionTokens: number;
  startedAt: string;
  finishedAt: string | null;
  elapsedMs: number;
  singleNodeId: string;
  sourceRunId: string;
}

export interface NodeExecution {
  id: string;
  nodeId: string;
  nodeType: string;
  title: string;
  position: number;
  predecessorNodeId: string;
  status: string;
  inputs: Record<string, unknown>;
  processData: Record<string, unknown>;
  outputs: Record<string, unknown>;
  error: string;
  retries: number;
  promptTokens: number;
  completionTokens: number;
  isVirtual: boolean;
  parentNodeId: string;
  round: number | null;
  startedAt: string;
  finishedAt: string | null;
  elapsedMs: number;
  generationDetail: GenerationDetail | null;
  variables: Record<string, unknown> | null;
}

export interface GenerationDetail {
  reasoningContent: string[];
  toolCalls: { name: string; arguments: unknown; result: string }[];
  sequence: ({ type: 'content'; start: number; end: number } | { type: 'reasoning' | 'tool_call'; index: number })[];
}

export interface RunDetail {
  run: Run;
  nodes: NodeExecution[];
  dsl: string;
}

export interface Conversation {
  id: string;
  appId: string;
  title: string;
  settings: TurnSettings;
  preview: boolean;
  messageCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface ConversationInput {
  title: string;
  appId: string;
  preview?: boolean;
}

export interface TurnSettings {
  collectionIds: string[];
  documentIds: string[];
  providerId: string;
  model: string;
}

export interface SendMessage {
  query: string;
  settings: TurnSettings;
  mentionIds?: string[];
  turnKey: string;
}

export interface Scope {
  collections: Named[];
  documents: Named[];
}

export interface Named {
  id: string;
  name: string;
}

export interface RegenerateRequest {
  settings: TurnSettings | null;
}

export interface Quote {
  text: string;
  verified: boolean;
  start: number;
  end: number;
}

export interface Citation {
  marker: number;
  nodeId: string;
  rank: number;
  score: number;
  quotes: Quote[];
  excerpt: string;
  locator: Locator;
}

export interface Claim {
  text: string;
  start: number;
  end: number;
  markers: number[];
  verdict: 'cited' | 'uncited' | 'quote_failed';
}

export interface Check {
  name: string;
  passed: boolean;
  detail: string;
}

export interface GenerationSummary {
  id: string;
  status: GenerationStatus;
  refused: boolean;
  modelProvider: string;
  modelName: string;
}

export interface Message {
  id: string;
  conversationId: string;
  seq: number;
  role: 'human' | 'ai' | 'tool' | 'system';
  content: string;
  status: MessageStatus;
  error: string;
  runId: string;
  isAskUser: boolean;
  scope: Scope | null;
  citations: Citation[];
  claims: Claim[];
  generation: GenerationSummary | null;
  generationDetail: GenerationDetail | null;
  timeline: TimelineNode[];
  createdAt: string;
}

export interface TimelineNode {
  nodeId: string;
  nodeType: string;
  title: string;
  status: string;
  error: string;
  isVirtual: boolean;
  parentNodeId: string;
  startedAt: string;
  finishedAt: string | null;
  elapsedMs: number;
  promptTokens: number;
  completionTokens: number;
  checks: Check[];
  timingMs: StepTiming | null;
  extraction: Extraction | null;
  notes: string[];
}

export interface StepTiming {
  prompt: number;
  llm: number;
  postprocess: number;
  total: number;
}

export interface Extraction {
  source: string;
  prompt: string;
  text: string;
}

export interface Turn {
  human: Message;
  ai: Message;
  runId: string;
}

export interface Timing {
  prompt: number;
  llm: number;
  postprocess: number;
  total: number;
}

export interface PromptMessage {
  role: string;
  content: string;
}

export interface OutputFormat {
  format: 'schema' | 'json' | 'prose' | '';
  rejected: OutputRejection[];
  remembered: boolean;
}

export interface OutputRejection {
  format: 'schema' | 'json' | 'prose';
  error: string;
}

export interface GenerationAudit {
  id: string;
  messageId: string;
  runId: string;
  nodeId: string;
  replayOf: string;
  traceId: string;
  requestId: string;
  promptName: string;
  promptVersion: string;
  modelProvider: string;
  modelName: string;
  providerSnapshot: Record<string, unknown>;
  messages: PromptMessage[];
  query: string;
  retrievalParameters: Record<string, unknown>;
  hits: SearchHit[];
  outputRaw: string;
  outputReasoning: string;
  answer: string;
  refused: boolean;
  citations: Citation[];
  claims: Claim[];
  checks: Check[];
  status: GenerationStatus;
  error: string;
  timing: Timing;
  promptTokens: number;
  completionTokens: number;
  createdAt: string;
  output: OutputFormat;
}

export interface GenerationAuditView {
  record: GenerationAudit;
  replays: GenerationAudit[];
}

export interface ReplayRequest {
  providerId: string;
  model: string;
}
