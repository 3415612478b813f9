// Every keyed provider maps its vendor's error answers the same way: 401/403 → auth naming its key
// variable, 402 → credits, 429 with Retry-After → limit with retryAt, 5xx → unavailable. The key
// never appears in a message, even where the vendor echoes it back.
import { describe, expect, it } from 'vitest';
import { PROVIDERS } from '../../src/providers/index.ts';
import { parseQuery } from '../../src/providers/operators.ts';
import { SearchError, type SearchProvider } from '../../src/providers/types.ts';
import { fakeFetch, jsonAnswer, NOW } from './fake-fetch.ts';

const KEY = 'vendor-secret-key-0123456789';
const query = parseQuery('error answers');
const keyed = PROVIDERS.filter((provider) => provider.key !== 'none');

async function failure(provider: SearchProvider, answer: Response): Promise<SearchError> {
  const error = await provider
    .search(query, { fetch: fakeFetch(answer).fetch, key: KEY, keyId: 'engine-id', now: () => NOW })
    .then(
      () => undefined,
      (caught: unknown) => caught,
    );
  expect(error).toBeInstanceOf(SearchError);
  return error as SearchError;
}

describe.each(keyed.map((provider) => [provider.id, provider] as const))(
  '%s error answers',
  (_id, provider) => {
    it.each([401, 403])('%s is auth and names its key variable', async (status) => {
      const error = await failure(provider, jsonAnswer({ message: `The key ${KEY} is not valid.` }, status));
      expect(error.kind).toBe('auth');
      expect(error.provider).toBe(provider.id);
      expect(error.retryAt).toBeUndefined();
      expect(error.message).toContain(provider.keyEnv!);
      expect(error.message).not.toContain(KEY);
    });

    it('402 is credits', async () => {
      const error = await failure(provider, jsonAnswer({ message: 'Payment required.' }, 402));
      expect(error.kind).toBe('credits');
      expect(error.message).toMatch(new RegExp(`^${provider.name}'s allowance is used up`));
    });

    it('429 with Retry-After is a limit until then', async () => {
      const error = await failure(
        provider,
        jsonAnswer({ message: 'Too many requests, slow down.' }, 429, { 'retry-after': '7' }),
      );
      expect(error).toMatchObject({ kind: 'limit', retryAt: NOW + 7_000 });
      expect(error.message).toMatch(new RegExp(`^${provider.name} is rate limited`));
    });

    // Marginalia says "rate limited" with 503, as its documentation has it (its own test covers that).
    const outages = provider.id === 'marginalia' ? [500, 502] : [500, 502, 503];
    it.each(outages)('%s is unavailable', async (status) => {
      const error = await failure(provider, jsonAnswer({ message: 'Internal error' }, status));
      expect(error.kind).toBe('unavailable');
      expect(error.fallsThrough).toBe(true);
    });
  },
);
