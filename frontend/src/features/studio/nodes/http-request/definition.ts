import { Globe } from 'lucide-react';
import { errorCollector, isRecord, listOf, recordOf, textOf, type Config } from '../config';
import type { NodeKind } from '../kind';

export const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head'].map((m) => ({ value: m, label: m.toUpperCase() }));

export const BODY_TYPES = [
  { value: 'none', label: 'None' },
  { value: 'json', label: 'JSON' },
  { value: 'raw-text', label: 'Text' },
  { value: 'x-www-form-urlencoded', label: 'Form (URL-encoded)' },
  { value: 'form-data', label: 'Form (multipart)' },
];

export const AUTH_TYPES = [
  { value: 'no-auth', label: 'None' },
  { value: 'bearer', label: 'API key as Bearer token' },
  { value: 'basic', label: 'API key as Basic credentials' },
  { value: 'custom', label: 'API key in a header of its own' },
];

export interface BodyItem extends Config {
  key: string;
  type: string;
  value: string;
}

/** The body's items: Dify's list form, or its older single text. */
export function bodyItems(c: Config): BodyItem[] {
  const body = recordOf(c, 'body');
  if (typeof body.data === 'string') return [{ key: '', type: 'text', value: body.data }];
  return listOf<BodyItem>(body, 'data');
}

/** A JSON or text body is one keyless item; a form's items are "key:value" lines. */
export function bodyText(c: Config): string {
  const items = bodyItems(c);
  const type = textOf(recordOf(c, 'body'), 'type');
  if (type === 'json' || type === 'raw-text') return items.map((i) => i.value).join('');
  return items.map((i) => `${i.key}:${i.value}`).join('\n');
}

export function bodyOf(type: string, text: string): Config {
  if (type === 'none' || type === '') return { type: 'none', data: [] };
  if (type === 'json' || type === 'raw-text') return { type, data: [{ key: '', type: 'text', value: text }] };
  const data = text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => {
      const at = l.indexOf(':');
      return at < 0 ? { key: l.trim(), type: 'text', value: '' } : { key: l.slice(0, at).trim(), type: 'text', value: l.slice(at + 1).trim() };
    });
  return { type, data };
}

/** The authorization as one choice: no-auth, or how the API key is sent. */
export function authOf(c: Config): string {
  const auth = recordOf(c, 'authorization');
  if (textOf(auth, 'type') !== 'api-key') return 'no-auth';
  return textOf(isRecord(auth.config) ? auth.config : {}, 'type') || 'bearer';
}

/**
 * The host a URL reaches, when it can be known before the run (no reference
 * in the scheme or host), lower-case; '' otherwise.
 */
export function hostOf(url: string): string {
  const m = /^\s*https?:\/\/([^/?#]*)/i.exec(url);
  if (!m || m[1]!.includes('{{')) return '';
  try {
    return new URL(url.trim()).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  } catch {
    return '';
  }
}

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

export function validateHTTP(c: Config) {
  const { errors, check } = errorCollector();
  const url = textOf(c, 'url').trim();
  check('url', url !== '', 'Enter the address to call.');
  check('url', url === '' || /^(https?:\/\/|\{\{)/i.test(url), 'Start the address with http:// or https://.');
  const body = recordOf(c, 'body');
  check('body.type', textOf(body, 'type') !== 'binary', 'Sending a file is not supported yet: send text or JSON.');
  if (textOf(body, 'type') === 'json') {
    const text = bodyText(c);
    // References are filled in at run time; check the rest is JSON.
    check('body.data', text.trim() === '' || isJSONWithRefs(text), 'The body is not valid JSON.');
  }
  if (authOf(c) !== 'no-auth') check('authorization', textOf(recordOf(recordOf(c, 'authorization'), 'config'), 'api_key') !== '', 'Enter the API key.');
  return errors;
}

function isJSONWithRefs(text: string): boolean {
  try {
    JSON.parse(text.replace(/\{\{#[^#]*#\}\}/g, '0'));
    return true;
  } catch {
    return false;
  }
}

export const httpKind: NodeKind = {
  type: 'http-request',
  label: 'HTTP request',
  description: 'Calls a web address the app is allowed to reach.',
  icon: Globe,
  tone: 'indigo',
  family: 'step',
  group: 'Transform',
  defaults: () => ({
    title: 'HTTP request',
    method: 'get',
    url: '',
    headers: '',
    params: '',
    body: { type: 'none', data: [] },
    authorization: { type: 'no-auth', config: null },
    timeout: { connect: 10, read: 60, write: 20 },
  }),
  fields: { method: 'Method', url: 'URL', headers: 'Headers', params: 'Query parameters', 'body.type': 'Body', 'body.data': 'Body', authorization: 'Authorization' },
  validate: validateHTTP,
};
