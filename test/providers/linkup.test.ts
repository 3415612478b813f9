import { describe, expect, it } from 'vitest';
import { linkup } from '../../src/providers/linkup.ts';
import { parseQuery } from '../../src/providers/operators.ts';
import { fakeFetch, jsonAnswer, NOW } from './fake-fetch.ts';
import {
  itSaysWrittenFromDocumentation,
  failure,
  readDocumented,
  searchDocumented,
  searchWith,
  sendsDocumentedRequest,
} from './provider-test-kit.ts';

const documented = readDocumented('linkup');
const KEY = 'linkup-secret-key';

/** Linkup's error envelope, as its errors page documents it. */
const linkupError = (statusCode: number, code: string, message: string) =>
  jsonAnswer({ statusCode, error: { code, message, details: [] } }, statusCode);

describe('linkup', () => {
  itSaysWrittenFromDocumentation(documented, "Linkup's");

  it('POSTs the documented request with a Bearer key', async () => {
    const sent = await sendsDocumentedRequest(
      linkup,
      documented,
      parseQuery('Ada Lovelace analytical engine', { k: 3 }),
      KEY,
    );
    expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent.headers['content-type']).toBe('application/json');
    expect(JSON.parse(sent.body)).toEqual(documented.request.body);
  });

  it('sends domains and a date range; a recency window becomes its first day', async () => {
    const { fake } = await searchWith(
      linkup,
      parseQuery('lovelace site:wikipedia.org -site:reddit.com', { from: '2026-01-01', to: '2026-06-30' }),
      KEY,
      jsonAnswer(documented.response),
      jsonAnswer(documented.response),
    );
    expect(JSON.parse(fake.requests[0]!.body)).toEqual({
      q: 'lovelace',
      depth: 'standard',
      outputType: 'searchResults',
      maxResults: 10,
      includeDomains: ['wikipedia.org'],
      excludeDomains: ['reddit.com'],
      fromDate: '2026-01-01',
      toDate: '2026-06-30',
    });
    await linkup.search(parseQuery('lovelace', { recency: 'week' }), {
      fetch: fake.fetch,
      key: KEY,
      now: () => NOW,
    });
    expect(JSON.parse(fake.requests[1]!.body).fromDate).toBe('2026-11-23');
  });

  it('normalises the documented answer: text results only, plain text, PDFs marked', async () => {
    const { answer } = await searchDocumented(
      linkup,
      documented,
      parseQuery('Ada Lovelace analytical engine'),
      KEY,
    );
    expect(answer.ignored).toEqual([]);
    expect(answer.results).toEqual([
      {
        title: 'Ada Lovelace - Wikipedia',
        url: 'https://en.wikipedia.org/wiki/Ada_Lovelace',
        snippet:
          "Augusta Ada King, Countess of Lovelace (née Byron; 10 December 1815 – 27 November 1852) was an English mathematician and writer, chiefly known for her work on Charles Babbage's proposed mechanical general-purpose computer, the Analytical Engine.",
      },
      {
        title: 'Sketch of the Analytical Engine',
        url: 'https://www.fourmilab.ch/babbage/sketch.pdf',
        snippet:
          'Sketch of the Analytical Engine invented by Charles Babbage, by L. F. Menabrea, with notes upon the memoir by the translator, Ada Augusta, Countess of Lovelace.',
        fileType: 'pdf',
      },
    ]);
  });

  it('400 SEARCH_QUERY_NO_RESULT is an empty answer; any other 400 is invalid with Linkup’s words', async () => {
    const empty = await linkup.search(parseQuery('zzzz'), {
      fetch: fakeFetch(linkupError(400, 'SEARCH_QUERY_NO_RESULT', 'The query did not yield any result'))
        .fetch,
      key: KEY,
    });
    expect(empty.results).toEqual([]);
    const refused = await failure(
      linkup.search(parseQuery('x'), {
        fetch: fakeFetch(linkupError(400, 'VALIDATION_ERROR', 'Validation failed')).fetch,
        key: KEY,
      }),
    );
    expect(refused.kind).toBe('invalid');
    expect(refused.message).toBe(
      "Linkup refused the search's arguments (HTTP 400: Validation failed): change the words or filters and search again.",
    );
  });

  it("reads Linkup's 429 codes: spent credits and a budget limit are credits, too many requests is a limit", async () => {
    const credits = await failure(
      linkup.search(parseQuery('x'), {
        fetch: fakeFetch(linkupError(429, 'INSUFFICIENT_FUNDS_CREDITS', 'You have run out of credits')).fetch,
        key: KEY,
      }),
    );
    expect(credits.kind).toBe('credits');
    expect(credits.message).toMatch(/^Linkup's allowance is used up .*LINKUP_API_KEY/);
    const budget = await failure(
      linkup.search(parseQuery('x'), {
        fetch: fakeFetch(linkupError(429, 'EXCEED_BUDGET_LIMIT', 'Budget limit reached')).fetch,
        key: KEY,
      }),
    );
    expect(budget.kind).toBe('credits');
    const limit = await failure(
      linkup.search(parseQuery('x'), {
        fetch: fakeFetch(
          new Response(
            JSON.stringify({ statusCode: 429, error: { code: 'TOO_MANY_REQUESTS', message: 'Slow down' } }),
            {
              status: 429,
              headers: { 'content-type': 'application/json', 'retry-after': '3' },
            },
          ),
        ).fetch,
        key: KEY,
        now: () => NOW,
      }),
    );
    expect(limit).toMatchObject({ kind: 'limit', retryAt: NOW + 3_000 });
  });
});
