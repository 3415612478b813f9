import { describe, expect, it } from 'vitest';
import {
  MemoryRestState,
  NoProviderError,
  saturatedError,
  searchChain,
  type ChainEntry,
  type ChainOptions,
  type FallthroughKind,
} from '../../src/providers/chain.ts';
import { duckduckgo } from '../../src/providers/duckduckgo.ts';
import { parseQuery } from '../../src/providers/operators.ts';
import { searxng } from '../../src/providers/searxng.ts';
import { wikipedia } from '../../src/providers/wikipedia.ts';
import { SearchError, type ProviderAnswer, type SearchProvider } from '../../src/providers/types.ts';
import { fakeFetch, htmlAnswer, jsonAnswer, OWN_FIXTURES, readJson, readText } from './fake-fetch.ts';
import { resolve } from 'node:path';

const REST_MS: Record<FallthroughKind, number> = {
  auth: 3_600_000,
  credits: 3_600_000,
  limit: 60_000,
  blocked: 900_000,
  unavailable: 30_000,
};

/** A clock the test moves by hand. */
function clock(start = Date.parse('2026-11-30T12:00:00Z')) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

/** A provider whose answers the test scripts; it counts how often it was asked. */
function scripted(id: string, ...outcomes: Array<ProviderAnswer | SearchError | Error>) {
  let calls = 0;
  const provider: SearchProvider & { calls: () => number } = {
    id,
    name: `Engine ${id.toUpperCase()}`,
    description: 'a scripted engine for chain tests',
    caps: {
      maxK: 10,
      sites: true,
      excludeSites: true,
      categories: [],
      dates: false,
      languages: false,
      fileTypes: [],
      homepagesOnly: false,
      filteredSnippets: false,
    },
    key: 'none',
    enabledByDefault: true,
    limits: { concurrency: 1, rate: { max: 1, perMs: 1_000 } },
    async search() {
      const outcome = outcomes[Math.min(calls, outcomes.length - 1)]!;
      calls += 1;
      if (outcome instanceof Error) throw outcome;
      return outcome;
    },
    calls: () => calls,
  };
  return provider;
}

const answer = (url: string): ProviderAnswer => ({
  results: [{ title: url, url, snippet: '' }],
  ignored: [],
});
const fail = (kind: SearchError['kind'], message: string, retryAt?: number) =>
  new SearchError(kind, message, { retryAt });
const query = parseQuery('cats');
const noFetch = (() => Promise.reject(new Error('no network in this test'))) as typeof fetch;

function setup() {
  const time = clock();
  const rest = new MemoryRestState(time.now);
  const options: ChainOptions = { rest, restMs: REST_MS, now: time.now };
  const run = (entries: ChainEntry[]) => searchChain(query, entries, { fetch: noFetch }, options);
  return { time, rest, run };
}

describe('searchChain', () => {
  it('the first provider that is on answers; the rest are not asked', async () => {
    const { run } = setup();
    const first = scripted('a', answer('https://a.example/'));
    const second = scripted('b', answer('https://b.example/'));
    const result = await run([{ provider: first }, { provider: second }]);
    expect(result).toEqual({
      provider: 'a',
      providerName: 'Engine A',
      results: [{ title: 'https://a.example/', url: 'https://a.example/', snippet: '' }],
      ignored: [],
      skipped: [],
    });
    expect(second.calls()).toBe(0);
  });

  it('an empty result list is an answer, not a reason to ask the next', async () => {
    const { run } = setup();
    const second = scripted('b', answer('https://b.example/'));
    const result = await run([
      { provider: scripted('a', { results: [], ignored: ['sites'] }) },
      { provider: second },
    ]);
    expect(result).toMatchObject({ provider: 'a', results: [], ignored: ['sites'] });
    expect(second.calls()).toBe(0);
  });

  it.each(['auth', 'credits', 'limit', 'blocked', 'unavailable'] as const)(
    'a %s failure passes the search on and rests the provider for its default time',
    async (kind) => {
      const { run, rest, time } = setup();
      const result = await run([
        { provider: scripted('a', fail(kind, `Engine A failed (${kind}): fix SETTING_A.\nmore detail`)) },
        { provider: scripted('b', answer('https://b.example/')) },
      ]);
      expect(result.provider).toBe('b');
      expect(result.skipped).toEqual([
        {
          provider: 'a',
          kind,
          reason: `Engine A failed (${kind}): fix SETTING_A.`,
          retryAt: time.now() + REST_MS[kind],
        },
      ]);
      expect(await rest.get('a')).toEqual({
        kind,
        reason: `Engine A failed (${kind}): fix SETTING_A.`,
        until: time.now() + REST_MS[kind],
      });
    },
  );

  it("a provider's own retryAt wins over the default rest", async () => {
    const { run, rest, time } = setup();
    const retryAt = time.now() + 5_000;
    await run([
      { provider: scripted('a', fail('limit', 'Engine A is rate limited', retryAt)) },
      { provider: scripted('b', answer('https://b.example/')) },
    ]);
    expect((await rest.get('a'))?.until).toBe(retryAt);
  });

  it('a resting provider is passed over without being asked, and asked again once its rest is over', async () => {
    const { run, time } = setup();
    const first = scripted(
      'a',
      fail('limit', 'Engine A is rate limited', time.now() + 60_000),
      answer('https://a.example/'),
    );
    const second = scripted('b', answer('https://b.example/'));
    const entries = [{ provider: first }, { provider: second }];

    await run(entries); // a fails and rests for a minute
    time.advance(30_000);
    const during = await run(entries);
    expect(first.calls()).toBe(1);
    expect(during.provider).toBe('b');
    expect(during.skipped).toEqual([
      {
        provider: 'a',
        kind: 'resting',
        reason: 'resting until 2026-11-30T12:01:00.000Z after: Engine A is rate limited',
        retryAt: Date.parse('2026-11-30T12:01:00Z'),
      },
    ]);

    time.advance(30_000); // exactly at retryAt: awake
    const after = await run(entries);
    expect(first.calls()).toBe(2);
    expect(after).toMatchObject({ provider: 'a', skipped: [] });
  });

  it('invalid goes back to the caller: the next provider is not asked and nothing rests', async () => {
    const { run, rest } = setup();
    const second = scripted('b', answer('https://b.example/'));
    const invalid = fail('invalid', 'k is 500: ask for 1 to 100 results.');
    await expect(run([{ provider: scripted('a', invalid) }, { provider: second }])).rejects.toBe(invalid);
    expect(second.calls()).toBe(0);
    expect(await rest.get('a')).toBeUndefined();
  });

  it('a programming error (not a SearchError) is not hidden behind a fallback', async () => {
    const { run } = setup();
    const second = scripted('b', answer('https://b.example/'));
    await expect(
      run([{ provider: scripted('a', new TypeError('x is undefined')) }, { provider: second }]),
    ).rejects.toThrow(TypeError);
    expect(second.calls()).toBe(0);
  });

  it('a provider missing its key or address is skipped as not configured, and does not rest', async () => {
    const { run, rest } = setup();
    const keyed = {
      ...scripted('keyed', answer('https://k.example/')),
      key: 'required' as const,
      keyEnv: 'KEYED_API_KEY',
      keyUrl: 'https://k.example/keys',
    };
    const engineId = {
      ...scripted('google-like', answer('https://g.example/')),
      key: 'required' as const,
      keyEnv: 'G_KEY',
      keyIdEnv: 'G_ENGINE_ID',
    };
    const hosted = {
      ...scripted('hosted', answer('https://h.example/')),
      url: { placeholder: 'http://127.0.0.1:8888', required: true, env: 'HOSTED_URL' },
    };
    const result = await run([
      { provider: keyed },
      { provider: engineId, key: 'k' },
      { provider: hosted },
      { provider: scripted('b', answer('https://b.example/')) },
    ]);
    expect(result.provider).toBe('b');
    expect(result.skipped).toEqual([
      {
        provider: 'keyed',
        kind: 'not-configured',
        reason:
          'Engine KEYED needs an API key: set KEYED_API_KEY or add it in Settings → Search (get one at https://k.example/keys).',
      },
      {
        provider: 'google-like',
        kind: 'not-configured',
        reason:
          'Engine GOOGLE-LIKE needs a second credential next to its key: set G_ENGINE_ID or add it in Settings → Search.',
      },
      {
        provider: 'hosted',
        kind: 'not-configured',
        reason:
          'Engine HOSTED needs the address of your instance: set HOSTED_URL (such as http://127.0.0.1:8888) or add it in Settings → Search.',
      },
    ]);
    expect(keyed.calls()).toBe(0);
    expect(await rest.get('keyed')).toBeUndefined();
  });

  it('a saturated queue passes the provider over for this search without resting it', async () => {
    const { run, rest } = setup();
    const result = await run([
      { provider: scripted('a', saturatedError('a', 5_000)) },
      { provider: scripted('b', answer('https://b.example/')) },
    ]);
    expect(result.skipped).toEqual([
      {
        provider: 'a',
        kind: 'saturated',
        reason:
          'a is busy: this search waited 5000 ms (QUARRY_QUEUE_WAIT_MS) behind its limit of calls at once and rate without starting. Raise QUARRY_A_CONCURRENCY or QUARRY_A_RATE (settings file: providers.a.concurrency, rateMax, ratePerMs; or Settings → Search) if a can take more, or let searches wait longer with QUARRY_QUEUE_WAIT_MS.',
      },
    ]);
    expect(await rest.get('a')).toBeUndefined();
  });

  it('the saturation message names the limit that was reached and the settings that raise it, not a key or an address', () => {
    const withLimits = saturatedError(searxng, 5_000, { concurrency: 4, rateMax: 2, ratePerMs: 1_000 });
    expect(withLimits.message).toBe(
      'SearXNG is busy: this search waited 5000 ms (QUARRY_QUEUE_WAIT_MS) behind its limit of 4 calls at once and 2 per 1 s without starting. Raise QUARRY_SEARXNG_CONCURRENCY or QUARRY_SEARXNG_RATE (settings file: providers.searxng.concurrency, rateMax, ratePerMs; or Settings → Search) if SearXNG can take more, or let searches wait longer with QUARRY_QUEUE_WAIT_MS.',
    );
    expect(withLimits).toMatchObject({ kind: 'unavailable', provider: 'searxng' });
    // Without the queue's settings, the provider's written defaults are the limit shown.
    expect(saturatedError(wikipedia, 250).message).toMatch(
      /^Wikipedia is busy: this search waited 250 ms \(QUARRY_QUEUE_WAIT_MS\) behind its limit of 2 calls at once and 5 per 1 s without starting\. Raise QUARRY_WIKIPEDIA_CONCURRENCY or QUARRY_WIKIPEDIA_RATE/,
    );
    expect(
      saturatedError({ ...wikipedia, id: 'my-engine' }, 1, {
        concurrency: 1,
        rateMax: 100,
        ratePerMs: 60_000,
      }).message,
    ).toMatch(
      /behind its limit of 1 calls at once and 100 per 1 min without starting\. Raise QUARRY_MY_ENGINE_CONCURRENCY or QUARRY_MY_ENGINE_RATE/,
    );
    for (const error of [withLimits, saturatedError('a', 1)]) {
      expect(error.message).not.toMatch(/key|address|_URL/i);
    }
  });

  it('when every provider was busy, the summary says so instead of asking to fix one', async () => {
    const { run, rest } = setup();
    const error = await run([
      { provider: scripted('a', saturatedError('a', 5_000)) },
      { provider: scripted('b', saturatedError('b', 5_000)) },
    ]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NoProviderError);
    expect((error as NoProviderError).message.split('\n')[0]).toBe(
      'Every search provider was busy (2 tried): nothing is wrong with their keys or addresses; raise the limits named below or QUARRY_QUEUE_WAIT_MS.',
    );
    expect(await rest.get('a')).toBeUndefined();
  });

  it('when none can answer, the error lists each provider with its reason and what to fix', async () => {
    const { run, time } = setup();
    const keyed = {
      ...scripted('brave-like', answer('https://x.example/')),
      name: 'Brave-like',
      key: 'required' as const,
      keyEnv: 'BRAVE_LIKE_KEY',
    };
    const error = await run([
      {
        provider: scripted(
          'a',
          fail(
            'blocked',
            'Engine A answered with a bot check: put another provider first in QUARRY_PROVIDERS.',
          ),
        ),
      },
      { provider: keyed },
      {
        provider: scripted(
          'c',
          fail('credits', "Engine C's allowance is used up: set another key in C_KEY.", time.now() + 1_000),
        ),
      },
    ]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NoProviderError);
    const noProvider = error as NoProviderError;
    expect(noProvider.kind).toBe('unavailable');
    expect(noProvider.message).toBe(
      [
        'No search provider could answer (3 tried): fix one of them in Settings → Search.',
        '- a: Engine A answered with a bot check: put another provider first in QUARRY_PROVIDERS.',
        '- brave-like: Brave-like needs an API key: set BRAVE_LIKE_KEY or add it in Settings → Search.',
        "- c: Engine C's allowance is used up: set another key in C_KEY.",
      ].join('\n'),
    );
    expect(noProvider.retryAt).toBe(time.now() + 1_000); // the soonest any of them wakes
    expect(noProvider.skipped.map((skipped) => skipped.kind)).toEqual([
      'blocked',
      'not-configured',
      'credits',
    ]);
  });

  it('with no providers on, the error says how to turn some on', async () => {
    const { run } = setup();
    const error = (await run([]).catch((caught: unknown) => caught)) as NoProviderError;
    expect(error.message).toBe(
      'No search provider is on: list some in QUARRY_PROVIDERS or turn them on in Settings → Search.',
    );
  });

  it("stops when the caller's signal is aborted", async () => {
    const { rest, time } = setup();
    const controller = new AbortController();
    controller.abort(new Error('tool call cancelled'));
    const first = scripted('a', answer('https://a.example/'));
    await expect(
      searchChain(
        query,
        [{ provider: first }],
        { fetch: noFetch, signal: controller.signal },
        { rest, restMs: REST_MS, now: time.now },
      ),
    ).rejects.toThrow('tool call cancelled');
    expect(first.calls()).toBe(0);
  });

  it('passes each entry its key, engine id, address and the clock through ctx', async () => {
    const { rest, time } = setup();
    const seen: unknown[] = [];
    const provider = scripted('a', answer('https://a.example/'));
    await searchChain(
      query,
      [{ provider, key: 'k1', keyId: 'id1', url: 'http://127.0.0.1:1' }],
      { fetch: noFetch, timeoutMs: 1234 },
      {
        rest,
        restMs: REST_MS,
        now: time.now,
        ask: (entry, askedQuery, ctx) => {
          seen.push({
            id: entry.provider.id,
            text: askedQuery.text,
            key: ctx.key,
            keyId: ctx.keyId,
            url: ctx.url,
            timeoutMs: ctx.timeoutMs,
            now: ctx.now?.(),
          });
          return entry.provider.search(askedQuery, ctx);
        },
      },
    );
    expect(seen).toEqual([
      {
        id: 'a',
        text: 'cats',
        key: 'k1',
        keyId: 'id1',
        url: 'http://127.0.0.1:1',
        timeoutMs: 1234,
        now: time.now(),
      },
    ]);
  });

  it('with real providers: DuckDuckGo’s bot check passes the search to Wikipedia', async () => {
    const { rest, time } = setup();
    const challenge = readText(resolve(OWN_FIXTURES, 'duckduckgo-challenge.html'));
    const documented = readJson<{ response: unknown }>(resolve(OWN_FIXTURES, 'wikipedia-search.json'));
    const fake = fakeFetch(htmlAnswer(challenge, 202), jsonAnswer(documented.response));
    const result = await searchChain(
      parseQuery('Nelson Mandela', { k: 3 }),
      [{ provider: duckduckgo }, { provider: wikipedia }],
      { fetch: fake.fetch },
      { rest, restMs: REST_MS, now: time.now },
    );
    expect(fake.requests.map((request) => request.url.hostname)).toEqual([
      'html.duckduckgo.com',
      'en.wikipedia.org',
    ]);
    expect(result.provider).toBe('wikipedia');
    expect(result.results).toHaveLength(3);
    expect(result.skipped).toMatchObject([
      { provider: 'duckduckgo', kind: 'blocked', retryAt: time.now() + REST_MS.blocked },
    ]);
    expect(result.skipped[0]!.reason).toMatch(/^DuckDuckGo answered with a bot check \(HTTP 202\)/);
  });
});
