import { describe, expect, it } from 'vitest';
import { endpoint, request, retryAfter, scrub, vendorDetail } from '../../src/providers/request.ts';
import type { SearchProvider } from '../../src/providers/types.ts';
import { fakeFetch, jsonAnswer, NOW } from './fake-fetch.ts';
import { failure } from './provider-test-kit.ts';

describe('retryAfter', () => {
  it.each([
    ['seconds', '30', NOW + 30_000],
    ['zero seconds', '0', NOW],
    ['fractional seconds round up', '1.2', NOW + 1_200],
    ['an HTTP date', 'Mon, 30 Nov 2026 12:05:00 GMT', Date.parse('2026-11-30T12:05:00Z')],
    ['an HTTP date in the past means now', 'Mon, 30 Nov 2026 11:00:00 GMT', NOW],
    ['more than a day is capped at a day', '999999', NOW + 86_400_000],
    ['absent', null, undefined],
    ['empty', '', undefined],
    ['unreadable', 'soon', undefined],
    ['negative', '-5', undefined],
  ])('%s (%j)', (_name, value, expected) => {
    expect(retryAfter(value, NOW)).toBe(expected);
  });
});

describe('scrub and vendorDetail keep keys out and messages short', () => {
  it('removes the key wherever it appears, and key-like URL parameters', () => {
    expect(scrub('bad key abcd1234 in ?key=abcd1234&q=x and &api_key=zzz', { key: 'abcd1234' })).toBe(
      'bad key *** in ?key=***&q=x and &api_key=***',
    );
  });

  it.each([
    ['a JSON message', '{"message":"Not enough credits"}', 'Not enough credits'],
    ['a nested error', '{"error":{"code":400,"message":"API key not valid."}}', 'API key not valid.'],
    [
      'a detail object',
      '{"detail":{"error":"Unauthorized: missing or invalid API key."}}',
      'Unauthorized: missing or invalid API key.',
    ],
    ['JSON without words', '{}', ''],
    ['an HTML error page', '<html><body><h1>502 Bad Gateway</h1></body></html>', ''],
    ['plain text', '  Too many\nrequests ', 'Too many requests'],
  ])('%s', (_name, body, expected) => {
    expect(vendorDetail(body)).toBe(expected);
  });

  it('shortens a long vendor text to one readable line', () => {
    expect(vendorDetail('x'.repeat(500))).toHaveLength(200);
  });
});

describe('request', () => {
  const provider: Pick<SearchProvider, 'id' | 'name' | 'key' | 'keyEnv' | 'keyUrl' | 'url'> = {
    id: 'example',
    name: 'Example',
    key: 'required',
    keyEnv: 'EXAMPLE_API_KEY',
    keyUrl: 'https://example.com/keys',
  };

  it('never shows the query string of the address (a key may be in it)', async () => {
    const fake = fakeFetch(jsonAnswer({}, 503));
    const error = await failure(
      request('https://api.example.com/search?key=secret-value&q=x', {
        provider,
        ctx: { fetch: fake.fetch, key: 'secret-value' },
      }),
    );
    expect(error.message).toMatch(
      /^Example is unavailable \(HTTP 503\) at https:\/\/api.example.com\/search:/,
    );
    expect(error.message).not.toContain('secret-value');
  });

  it('an auth failure without a key says to set one', async () => {
    const fake = fakeFetch(jsonAnswer({ message: 'missing key' }, 401));
    const error = await failure(
      request('https://api.example.com/search', { provider, ctx: { fetch: fake.fetch } }),
    );
    expect(error.message).toBe(
      'Example needs an API key (HTTP 401: missing key): set EXAMPLE_API_KEY or add it in Settings → Search (keys: https://example.com/keys).',
    );
  });

  it('passes statuses the provider reads itself', async () => {
    const fake = fakeFetch(new Response('challenge', { status: 202 }));
    const answer = await request('https://example.com/', {
      provider,
      ctx: { fetch: fake.fetch },
      passStatuses: [202],
    });
    expect(answer).toMatchObject({ status: 202, body: 'challenge', address: 'https://example.com/' });
  });

  it('endpoint joins a base address (with or without a path or trailing slash) and the API path', () => {
    expect(endpoint(undefined, 'https://api.example.com', '/v1/search').href).toBe(
      'https://api.example.com/v1/search',
    );
    expect(endpoint('http://127.0.0.1:8080/proxy/', 'https://api.example.com', '/v1/search').href).toBe(
      'http://127.0.0.1:8080/proxy/v1/search',
    );
  });
});
