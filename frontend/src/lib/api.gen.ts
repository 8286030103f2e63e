// Code generated from backend/api/dto.go by "make generate". DO NOT EDIT.

export type ProviderKind = 'ollama' | 'openai' | 'extractive';

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
}

export interface SelfTestResult {
  received: number;
  inOrder: boolean;
  transport: string;
  error: string;
}
