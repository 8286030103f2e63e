import { describe, expect, it } from 'vitest';
import { authOf, bodyOf, bodyText, hostOf, httpKind, isLoopback, validateHTTP } from './definition';

describe('http request', () => {
  it('asks for a URL when new', () => expect(Object.keys(validateHTTP(httpKind.defaults()))).toEqual(['url']));
  it('knows the host when the URL names it', () => {
    expect(hostOf('https://API.example.org/v1?q={{#s.q#}}')).toBe('api.example.org');
    expect(hostOf('http://127.0.0.1:8080/x')).toBe('127.0.0.1');
    expect(hostOf('{{#start.url#}}')).toBe('');
    expect(hostOf('https://{{#env.host#}}/x')).toBe('');
    expect(isLoopback('127.0.0.1') && isLoopback('localhost') && !isLoopback('10.0.0.1')).toBe(true);
  });
  it('reads both of Dify’s body forms and writes the list form', () => {
    expect(bodyText({ body: { type: 'json', data: '{"a": 1}' } })).toBe('{"a": 1}');
    const form = bodyOf('x-www-form-urlencoded', 'a:1\nb: two words\n');
    expect(form).toEqual({ type: 'x-www-form-urlencoded', data: [{ key: 'a', type: 'text', value: '1' }, { key: 'b', type: 'text', value: 'two words' }] });
    expect(bodyText({ body: form })).toBe('a:1\nb:two words');
  });
  it('checks the JSON body around references', () => {
    const base = { url: 'https://x.org', body: bodyOf('json', '{"q": {{#s.q#}}}') };
    expect(validateHTTP(base)).toEqual({});
    expect(Object.keys(validateHTTP({ ...base, body: bodyOf('json', '{"q": ') }))).toEqual(['body.data']);
  });
  it('reads the authorization as one choice', () => {
    expect(authOf({ authorization: { type: 'api-key', config: { type: 'custom', api_key: 'k', header: 'X-Key' } } })).toBe('custom');
    expect(authOf({ authorization: { type: 'no-auth', config: null } })).toBe('no-auth');
  });
});
