// Every provider reads its vendor's answer through a schema: an answer that is not JSON, breaks off,
// lacks the field the results are in or holds the wrong types is an `unavailable` SearchError naming
// the provider and what was wrong (never a TypeError), and the chain asks the next provider.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { brave } from '../../src/providers/brave.ts';
import { MemoryRestState, searchChain } from '../../src/providers/chain.ts';
import { PROVIDERS } from '../../src/providers/index.ts';
import { parseQuery } from '../../src/providers/operators.ts';
import { SearchError, type ProviderCtx, type SearchProvider } from '../../src/providers/types.ts';
import { describeIssues, issuePath } from '../../src/providers/vendor-answer.ts';
import { wikipedia } from '../../src/providers/wikipedia.ts';
import { fakeFetch, htmlAnswer, jsonAnswer, OWN_FIXTURES, readJson } from './fake-fetch.ts';
import { failure } from './provider-test-kit.ts';

const query = parseQuery('malformed answers');
const PAGE = { url: 'https://example.org/page', question: 'What does the page say?' };

/** One malformed answer and what the message must say about it. */
type Case = [label: string, answer: () => Response, said: RegExp];

/** What every JSON provider must survive, plus its own "results are missing" and "wrong types" answers. */
function jsonCases(missing: [body: unknown, said: RegExp], wrongType: [body: unknown, said: RegExp]): Case[] {
  return [
    [
      'truncated JSON',
      () => new Response('{"results": [{"title": "Cut', { headers: { 'content-type': 'application/json' } }),
      /answered with JSON that breaks off or is broken \(/,
    ],
    [
      'HTML where JSON was promised',
      () => htmlAnswer('<html><body><h1>Sign in to the proxy</h1></body></html>'),
      /answered with something that is not JSON \(text\/html; charset=UTF-8, "<html><body><h1>Sign in to the proxy/,
    ],
    ['the results field missing', () => jsonAnswer(missing[0]), missing[1]],
    ['wrong types', () => jsonAnswer(wrongType[0]), wrongType[1]],
  ];
}

interface Subject {
  provider: SearchProvider;
  /** What the provider needs to be asked: a key, an address. */
  ctx: Omit<ProviderCtx, 'fetch'>;
  cases: Case[];
  /** Providers that filter pages get the same treatment for their page-filter answers. */
  pageCases?: Case[];
}

const byId = (id: string) => PROVIDERS.find((provider) => provider.id === id)!;
const keyed = { key: 'secret-key-for-tests' };

const SUBJECTS: Subject[] = [
  {
    provider: byId('duckduckgo'),
    ctx: {},
    cases: [
      ['JSON where a results page was promised', () => jsonAnswer({ results: [] }), /holds no results list/],
      ['an empty body', () => htmlAnswer(''), /holds no results list/],
      [
        'a page that is not DuckDuckGo’s',
        () => htmlAnswer('<html><body><p>It works!</p></body></html>'),
        /holds no results list \(HTTP 200\).*check QUARRY_DUCKDUCKGO_URL/,
      ],
    ],
  },
  {
    provider: byId('wikipedia'),
    ctx: {},
    cases: jsonCases(
      [{ warnings: {} }, /JSON that holds neither query\.search, an error nor batchcomplete/],
      [{ query: { search: 'Nelson Mandela' } }, /query\.search is a string, not an array/],
    ),
  },
  {
    provider: byId('searxng'),
    ctx: { url: 'http://127.0.0.1:8888' },
    cases: jsonCases(
      [{ query: 'x', number_of_results: 0 }, /lacks results/],
      [
        { results: [{ url: 'https://example.org/', title: ['a', 'list'] }] },
        /results\[0\]\.title is an array, not a string/,
      ],
    ),
  },
  {
    provider: byId('brave'),
    ctx: keyed,
    cases: jsonCases(
      [{ type: 'search', web: { type: 'search' } }, /lacks web\.results/],
      [{ web: { results: 'none' } }, /web\.results is a string, not an array/],
    ),
  },
  {
    provider: byId('google'),
    ctx: { ...keyed, keyId: 'engine-id' },
    cases: jsonCases(
      [{ items: [] }, /kind: expected "customsearch#search"/],
      [{ kind: 'customsearch#search', items: [{ link: 42 }] }, /items\[0\]\.link is a number, not a string/],
    ),
  },
  {
    provider: byId('tavily'),
    ctx: keyed,
    cases: jsonCases(
      [{ query: 'x', answer: null }, /lacks results/],
      [{ results: { url: 'https://example.org/' } }, /results is an object, not an array/],
    ),
    pageCases: jsonCases(
      [{ failed: [] }, /lacks results/],
      [
        { results: [{ url: PAGE.url, raw_content: 7 }] },
        /results\[0\]\.raw_content is a number, not a string/,
      ],
    ),
  },
  {
    provider: byId('exa'),
    ctx: keyed,
    cases: jsonCases(
      [{ requestId: 'x', resolvedSearchType: 'neural' }, /lacks results/],
      [
        { results: [{ url: 'https://example.org/', highlights: 'one' }] },
        /results\[0\]\.highlights is a string, not an array/,
      ],
    ),
    pageCases: jsonCases(
      [{ statuses: [] }, /lacks results/],
      [
        { results: [], statuses: [{ id: PAGE.url, status: 404 }] },
        /statuses\[0\]\.status is a number, not a string/,
      ],
    ),
  },
  {
    provider: byId('serper'),
    ctx: keyed,
    cases: jsonCases(
      [{ searchParameters: { q: 'x' } }, /lacks organic/],
      [
        { organic: [{ link: 'https://example.org/', date: 2023 }] },
        /organic\[0\]\.date is a number, not a string/,
      ],
    ),
  },
  {
    provider: byId('perplexity'),
    ctx: keyed,
    cases: jsonCases(
      [{ id: 'x', server_time: null }, /lacks results/],
      [{ results: [null] }, /results\[0\] is null, not an object/],
    ),
  },
  {
    provider: byId('kagi'),
    ctx: keyed,
    cases: jsonCases(
      [{ meta: { id: 'x' }, data: null }, /an envelope without data/],
      [
        { meta: { id: 'x' }, data: [{ t: '0', url: 'https://example.org/' }] },
        /data\[0\]\.t is a string, not a number/,
      ],
    ),
  },
  {
    provider: byId('jina'),
    ctx: keyed,
    cases: jsonCases(
      [{ code: 200, status: 20000 }, /lacks data/],
      [
        { code: 200, data: [{ url: 'https://example.org/', description: { text: 'x' } }] },
        /data\[0\]\.description is an object, not a string/,
      ],
    ),
  },
  {
    provider: byId('linkup'),
    ctx: keyed,
    cases: jsonCases(
      [{ answer: 'Ada Lovelace wrote the first program.', sources: [] }, /lacks results/],
      [
        { results: [{ type: 'text', name: 'x', url: 'https://example.org/', content: 3 }] },
        /results\[0\]\.content is a number, not a string/,
      ],
    ),
  },
  {
    provider: byId('serpapi'),
    ctx: keyed,
    cases: jsonCases(
      [{ organic_results: [] }, /lacks search_metadata/],
      [
        { search_metadata: { status: 'Success' }, organic_results: { link: 'https://example.org/' } },
        /organic_results is an object, not an array/,
      ],
    ),
  },
  {
    provider: byId('firecrawl'),
    ctx: keyed,
    cases: jsonCases(
      [{ success: true }, /lacks data/],
      [{ success: true, data: [{ url: 'https://example.org/' }] }, /data is an array, not an object/],
    ),
    pageCases: jsonCases(
      [{ success: true }, /lacks data/],
      [{ success: true, data: { highlights: 12 } }, /data\.highlights is none of the shapes expected/],
    ),
  },
  {
    provider: byId('mojeek'),
    ctx: keyed,
    cases: jsonCases(
      [{ status: 'OK', results: [] }, /lacks response/],
      [
        { response: { status: 'OK', results: [{ url: 'https://example.org/', desc: ['a'] }] } },
        /response\.results\[0\]\.desc is an array, not a string/,
      ],
    ),
  },
  {
    provider: byId('marginalia'),
    ctx: {},
    cases: jsonCases(
      [{ query: 'linear b', license: 'CC-BY-NC-SA 4.0' }, /lacks results/],
      [{ results: [{ url: 42, title: 'x' }] }, /results\[0\]\.url is a number, not a string/],
    ),
  },
  {
    provider: byId('you'),
    ctx: keyed,
    cases: jsonCases(
      [{ hits: [], latency: 1 }, /lacks results/],
      [
        { results: { web: [{ url: 'https://example.org/', snippets: 'one' }] } },
        /results\.web\[0\]\.snippets is a string, not an array/,
      ],
    ),
  },
];

function expectTeaching(error: SearchError, provider: SearchProvider, said: RegExp): void {
  expect(error.kind).toBe('unavailable');
  expect(error.provider).toBe(provider.id);
  expect(error.fallsThrough).toBe(true);
  const first = error.message.split('\n', 1)[0]!;
  expect(first.startsWith(`${provider.name} answered with `)).toBe(true);
  expect(first).toMatch(said);
  expect(first).not.toContain(keyed.key);
}

describe('malformed vendor answers', () => {
  it('every provider in the registry has its malformed answers here', () => {
    expect(SUBJECTS.map((subject) => subject.provider.id).sort()).toEqual(
      PROVIDERS.map((provider) => provider.id).sort(),
    );
    for (const subject of SUBJECTS) {
      expect(subject.cases.length, subject.provider.id).toBeGreaterThanOrEqual(3);
      if (subject.provider.filterPage)
        expect(subject.pageCases?.length, subject.provider.id).toBeGreaterThanOrEqual(3);
    }
  });

  describe.each(SUBJECTS.map((subject) => [subject.provider.id, subject] as const))('%s', (_id, subject) => {
    it.each(subject.cases)(
      'search: %s is unavailable, saying what was wrong',
      async (_label, answer, said) => {
        const error = await failure(
          subject.provider.search(query, { ...subject.ctx, fetch: fakeFetch(answer).fetch }),
        );
        expectTeaching(error, subject.provider, said);
      },
    );

    if (subject.pageCases) {
      it.each(subject.pageCases)(
        'filterPage: %s is unavailable, saying what was wrong',
        async (_label, answer, said) => {
          const error = await failure(
            subject.provider.filterPage!(PAGE, { ...subject.ctx, fetch: fakeFetch(answer).fetch }),
          );
          expectTeaching(error, subject.provider, said);
        },
      );
    }
  });

  it('a vendor’s own API blames the vendor or a proxy; an instance the operator runs names its address', async () => {
    const vendor = await failure(
      brave.search(query, { ...keyed, fetch: fakeFetch(jsonAnswer({ web: {} })).fetch }),
    );
    expect(vendor.message).toBe(
      "Brave Search answered with JSON in an unexpected shape (lacks web.results) at https://api.search.brave.com/res/v1/web/search; this is Brave Search's fault or a proxy's: nothing to change in Quarry's settings unless QUARRY_BRAVE_URL points at something else.",
    );
    const instance = await failure(
      byId('searxng').search(query, { url: 'http://127.0.0.1:8888', fetch: fakeFetch(jsonAnswer({})).fetch }),
    );
    expect(instance.message).toMatch(
      /^SearXNG answered with JSON in an unexpected shape \(lacks results\) at http:\/\/127\.0\.0\.1:8888\/search; check that SEARXNG_URL points at a working SearXNG instance/,
    );
  });

  it('the next provider answers after one that answered nonsense', async () => {
    const documented = readJson<{ response: unknown }>(resolve(OWN_FIXTURES, 'wikipedia-search.json'));
    const fake = fakeFetch(jsonAnswer({ web: { results: 'not a list' } }), jsonAnswer(documented.response));
    const rest = new MemoryRestState();
    const answer = await searchChain(
      query,
      [{ provider: brave, ...keyed }, { provider: wikipedia }],
      { fetch: fake.fetch },
      {
        rest,
        restMs: { auth: 1, credits: 1, limit: 1, blocked: 1, unavailable: 30_000 },
      },
    );
    expect(answer.provider).toBe('wikipedia');
    expect(answer.results.length).toBeGreaterThan(0);
    expect(answer.skipped).toEqual([
      expect.objectContaining({
        provider: 'brave',
        kind: 'unavailable',
        reason: expect.stringMatching(
          /^Brave Search answered with JSON in an unexpected shape \(web\.results is a string, not an array\)/,
        ),
      }),
    ]);
    expect(fake.requests.map((sent) => sent.url.hostname)).toEqual([
      'api.search.brave.com',
      'en.wikipedia.org',
    ]);
    expect((await rest.get('brave'))?.kind).toBe('unavailable');
  });
});

describe('describeIssues', () => {
  it('reads paths the way a person writes them and keeps to the first three problems', () => {
    expect(issuePath(['web', 'results', 0, 'url'])).toBe('web.results[0].url');
    expect(issuePath([])).toBe('the answer');
    const issues = [1, 2, 3, 4, 5].map((index) => ({
      code: 'invalid_type' as const,
      expected: 'string' as const,
      path: ['results', index, 'url'],
      message: 'Invalid input: expected string, received number',
      input: index,
    }));
    expect(describeIssues(issues)).toBe(
      'results[1].url is a number, not a string; results[2].url is a number, not a string; results[3].url is a number, not a string; and 2 more',
    );
  });
});
