import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mojeek } from '../../src/providers/mojeek.ts';
import { parseQuery } from '../../src/providers/operators.ts';
import { SearchError } from '../../src/providers/types.ts';
import { fakeFetch, jsonAnswer, NOW, OWN_FIXTURES, readJson } from './fake-fetch.ts';

const documented = readJson<{ _source: string; request: { method: string; uri: string }; response: unknown }>(
  resolve(OWN_FIXTURES, 'mojeek-search.json'),
);
const KEY = 'mojeek-secret-key';

async function failure(promise: Promise<unknown>): Promise<SearchError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SearchError);
  return error as SearchError;
}

describe('mojeek', () => {
  it('the fixture says it was written from the documentation', () => {
    expect(documented._source).toMatch(/^Written from Mojeek's documentation, not recorded/);
  });

  it('sends the documented GET /search with q, t, fmt=json and api_key', async () => {
    const fake = fakeFetch(jsonAnswer(documented.response));
    await mojeek.search(parseQuery('Ada Lovelace analytical engine', { k: 3 }), {
      fetch: fake.fetch,
      key: 'KEY',
      now: () => NOW,
    });
    const sent = fake.soleRequest();
    expect(sent.method).toBe(documented.request.method);
    expect(sent.url.href).toBe(documented.request.uri);
  });

  it('sends one site and a date range (before is exclusive, so the day after `to`); reports what it cannot keep', async () => {
    const fake = fakeFetch(jsonAnswer(documented.response));
    const answer = await mojeek.search(
      parseQuery('lovelace site:bbc.co.uk site:theguardian.com -site:reddit.com', {
        from: '2026-01-01',
        to: '2026-03-31',
      }),
      { fetch: fake.fetch, key: KEY, now: () => NOW },
    );
    expect(Object.fromEntries(fake.soleRequest().url.searchParams)).toEqual({
      q: 'lovelace',
      t: '10',
      fmt: 'json',
      site: 'bbc.co.uk',
      since: '20260101',
      before: '20260401',
      api_key: KEY,
    });
    expect(answer.ignored).toEqual(['exclude_sites', 'sites']);
  });

  it('normalises the documented answer: plain text, PDFs marked, results without an address dropped', async () => {
    const answer = await mojeek.search(parseQuery('Ada Lovelace analytical engine'), {
      fetch: fakeFetch(jsonAnswer(documented.response)).fetch,
      key: KEY,
      now: () => NOW,
    });
    expect(answer.results).toEqual([
      {
        title: 'Ada Lovelace - Wikipedia',
        url: 'https://en.wikipedia.org/wiki/Ada_Lovelace',
        snippet:
          "Augusta Ada King, Countess of Lovelace was an English mathematician and writer, chiefly known for her work on Charles Babbage's proposed mechanical general-purpose computer, the Analytical Engine.",
      },
      {
        title: 'Sketch of the Analytical Engine',
        url: 'https://www.fourmilab.ch/babbage/sketch.pdf',
        snippet: 'Sketch of the Analytical Engine invented by Charles Babbage.',
        fileType: 'pdf',
      },
    ]);
  });

  it('an "ERROR: ..." status on HTTP 200 is a failure: a daily limit is credits, a key problem auth', async () => {
    const spent = await failure(
      mojeek.search(parseQuery('x'), {
        fetch: fakeFetch(jsonAnswer({ response: { status: 'ERROR: Daily Limit Reached' } })).fetch,
        key: KEY,
      }),
    );
    expect(spent.kind).toBe('credits');
    expect(spent.message).toBe(
      'Mojeek refused the search (ERROR: Daily Limit Reached): raise the plan or wait for the next day, or set another key in MOJEEK_API_KEY.',
    );
    const refused = await failure(
      mojeek.search(parseQuery('x'), {
        fetch: fakeFetch(jsonAnswer({ response: { status: 'ERROR: Invalid API key' } })).fetch,
        key: KEY,
      }),
    );
    expect(refused.kind).toBe('auth');
    expect(refused.message).toMatch(/check MOJEEK_API_KEY/);
  });
});
