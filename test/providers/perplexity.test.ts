import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../src/providers/operators.ts';
import { perplexity } from '../../src/providers/perplexity.ts';
import { SearchError } from '../../src/providers/types.ts';
import { fakeFetch, jsonAnswer, NOW } from './fake-fetch.ts';
import {
  itSaysWrittenFromDocumentation,
  readDocumented,
  searchDocumented,
  sendsDocumentedRequest,
} from './provider-test-kit.ts';

const documented = readDocumented('perplexity');
const KEY = 'pplx-secret-key';

describe('perplexity', () => {
  itSaysWrittenFromDocumentation(documented, "Perplexity's");

  it('POSTs the documented request with a Bearer key', async () => {
    const sent = await sendsDocumentedRequest(
      perplexity,
      documented,
      parseQuery('Ada Lovelace analytical engine', { k: 3 }),
      KEY,
    );
    expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(JSON.parse(sent.body)).toEqual(documented.request.body);
  });

  it('sends sites as search_domain_filter and a window as search_recency_filter; reports exclusions as not kept', async () => {
    const fake = fakeFetch(jsonAnswer(documented.response));
    const query = parseQuery('Ada Lovelace site:wikipedia.org -site:reddit.com', { recency: 'month' });
    const answer = await perplexity.search(query, { fetch: fake.fetch, key: KEY, now: () => NOW });
    expect(JSON.parse(fake.soleRequest().body)).toEqual({
      query: 'Ada Lovelace',
      max_results: 10,
      search_domain_filter: ['wikipedia.org'],
      search_recency_filter: 'month',
    });
    expect(answer.ignored).toEqual(['exclude_sites']);
  });

  it('normalises the answer: entities and line breaks in snippets, date before last_updated, PDFs marked', async () => {
    const { answer } = await searchDocumented(
      perplexity,
      documented,
      parseQuery('Ada Lovelace analytical engine'),
      KEY,
    );
    expect(answer.results).toEqual([
      {
        title: 'Ada Lovelace - Wikipedia',
        url: 'https://en.wikipedia.org/wiki/Ada_Lovelace',
        snippet:
          "Augusta Ada King, Countess of Lovelace was an English mathematician and writer, chiefly known for her work on Charles Babbage's proposed mechanical general-purpose computer, the Analytical Engine.",
        date: '2001-10-23',
      },
      {
        title: 'Ada Lovelace and the Analytical Engine',
        url: 'https://blogs.bodleian.ox.ac.uk/adalovelace/2018/07/26/ada-lovelace-and-the-analytical-engine/',
        snippet:
          'Ada Lovelace is often called the first computer programmer; her Notes on the Analytical Engine include what is recognised as the first published program.',
        date: '2024-03-05T09:30:00Z',
      },
      {
        title: 'Sketch of the Analytical Engine (PDF)',
        url: 'https://www.fourmilab.ch/babbage/sketch.pdf',
        snippet: '',
        date: '2025-01-15',
        fileType: 'pdf',
      },
    ]);
  });

  it('401 is auth naming PERPLEXITY_API_KEY', async () => {
    const fake = fakeFetch(
      jsonAnswer({ error: { message: 'Invalid API key', type: 'invalid_api_key', code: 401 } }, 401),
    );
    const error = (await perplexity
      .search(parseQuery('x'), { fetch: fake.fetch, key: KEY })
      .catch((caught: unknown) => caught)) as SearchError;
    expect(error.kind).toBe('auth');
    expect(error.message).toMatch(
      /^Perplexity Search refused the API key \(HTTP 401: Invalid API key\): check PERPLEXITY_API_KEY/,
    );
  });
});
