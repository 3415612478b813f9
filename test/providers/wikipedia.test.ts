import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../src/providers/operators.ts';
import { SearchError } from '../../src/providers/types.ts';
import { wikipedia } from '../../src/providers/wikipedia.ts';
import { CORPORA, fakeFetch, jsonAnswer, NOW, OWN_FIXTURES, readJson } from './fake-fetch.ts';

const documented = readJson<{ _source: string; request: string; response: unknown }>(
  resolve(OWN_FIXTURES, 'wikipedia-search.json'),
);
// A real recorded action-API search answer with no results: no `query` key at all, only warnings.
const recordedEmpty = readJson(
  resolve(CORPORA, 'media-fixtures/wikipedia/action_generator_search_empty.json'),
);

describe('wikipedia', () => {
  it('the fixture says where it comes from', () => {
    expect(documented._source).toMatch(/Written from the MediaWiki documentation/);
  });

  it('asks the action API list=search as documented, naming itself in the User-Agent', async () => {
    const fake = fakeFetch(jsonAnswer(documented.response));
    await wikipedia.search(parseQuery('Nelson Mandela', { k: 3 }), { fetch: fake.fetch, now: () => NOW });
    const sent = fake.soleRequest();
    const expected = new URL(documented.request);
    expect(`${sent.url.origin}${sent.url.pathname}`).toBe(`${expected.origin}${expected.pathname}`);
    expect(Object.fromEntries(sent.url.searchParams)).toEqual(Object.fromEntries(expected.searchParams));
    expect(sent.headers['user-agent']).toMatch(/^Quarry\//);
  });

  it('normalises the answer: plain-text snippets, article addresses, last-edit dates', async () => {
    const fake = fakeFetch(jsonAnswer(documented.response));
    const answer = await wikipedia.search(parseQuery('Nelson Mandela', { k: 3 }), {
      fetch: fake.fetch,
      now: () => NOW,
    });
    expect(answer).toEqual({
      ignored: [],
      results: [
        {
          title: 'Nelson Mandela',
          url: 'https://en.wikipedia.org/wiki/Nelson_Mandela',
          snippet:
            'Nelson Rolihlahla Mandela (18 July 1918 – 5 December 2013) was a South African anti-apartheid activist, politician, and statesman who served as the first president of South Africa',
          date: '2018-07-23T07:59:43Z',
          language: 'en',
        },
        {
          title: 'Death of Nelson Mandela',
          url: 'https://en.wikipedia.org/wiki/Death_of_Nelson_Mandela',
          snippet:
            "On 5 December 2013, Nelson Mandela, the first President of South Africa to be elected in a fully representative democratic election's aftermath",
          date: '2018-07-19T20:27:58Z',
          language: 'en',
        },
        {
          title: 'Winnie Madikizela-Mandela',
          url: 'https://en.wikipedia.org/wiki/Winnie_Madikizela-Mandela',
          snippet: 'Winnie Madikizela-Mandela & the ANC: she was married to Nelson Mandela',
          date: '2018-07-23T07:33:10Z',
          language: 'en',
        },
      ],
    });
  });

  it('searches the language’s own Wikipedia, or the base address from settings', async () => {
    const german = fakeFetch(jsonAnswer(documented.response));
    const answer = await wikipedia.search(parseQuery('Mandela', { languages: ['de'] }), {
      fetch: german.fetch,
      now: () => NOW,
    });
    expect(german.soleRequest().url.origin).toBe('https://de.wikipedia.org');
    expect(answer.results[0]).toMatchObject({
      url: 'https://de.wikipedia.org/wiki/Nelson_Mandela',
      language: 'de',
    });

    const mirror = fakeFetch(jsonAnswer(documented.response));
    const fromMirror = await wikipedia.search(parseQuery('Mandela'), {
      fetch: mirror.fetch,
      url: 'http://127.0.0.1:8080/',
      now: () => NOW,
    });
    expect(`${mirror.soleRequest().url.origin}${mirror.soleRequest().url.pathname}`).toBe(
      'http://127.0.0.1:8080/w/api.php',
    );
    expect(fromMirror.results[0]!.url).toBe('http://127.0.0.1:8080/wiki/Nelson_Mandela');
  });

  it('reports the filters it cannot keep', async () => {
    const fake = fakeFetch(jsonAnswer(documented.response));
    const answer = await wikipedia.search(parseQuery('Mandela site:bbc.co.uk', { recency: 'week' }), {
      fetch: fake.fetch,
      now: () => NOW,
    });
    expect(answer.ignored).toEqual(['sites', 'recency']);
  });

  it('the recorded answer without results is an empty answer', async () => {
    const answer = await wikipedia.search(parseQuery('zzzz'), {
      fetch: fakeFetch(jsonAnswer(recordedEmpty)).fetch,
    });
    expect(answer.results).toEqual([]);
  });

  it('on the JSON transport a keyless API that refuses us (403) is blocked, not an auth problem', async () => {
    const fake = fakeFetch(
      jsonAnswer({ error: { code: 'blocked', info: 'Your IP address has been blocked.' } }, 403),
    );
    const error = (await wikipedia
      .search(parseQuery('x'), { fetch: fake.fetch })
      .catch((caught: unknown) => caught)) as SearchError;
    expect(error.kind).toBe('blocked');
    expect(error.message).toMatch(
      /^Wikipedia refused the search \(HTTP 403: Your IP address has been blocked\.\), probably a bot check/,
    );
  });

  it('an error object in a 200 answer is read: ratelimited is limit, others invalid', async () => {
    const limited = fakeFetch(
      jsonAnswer({ error: { code: 'ratelimited', info: "You've exceeded your rate limit." } }),
    );
    const limit = (await wikipedia
      .search(parseQuery('x'), { fetch: limited.fetch })
      .catch((caught: unknown) => caught)) as SearchError;
    expect(limit.kind).toBe('limit');
    expect(limit.message).toMatch(/^Wikipedia asked to slow down \(ratelimited: /);
    const bad = fakeFetch(
      jsonAnswer({ error: { code: 'invalidparammix', info: 'The parameters cannot be used together.' } }),
    );
    const invalid = (await wikipedia
      .search(parseQuery('x'), { fetch: bad.fetch })
      .catch((caught: unknown) => caught)) as SearchError;
    expect(invalid.kind).toBe('invalid');
  });
});
