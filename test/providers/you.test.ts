import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../src/providers/operators.ts';
import { you } from '../../src/providers/you.ts';
import { jsonAnswer, NOW } from './fake-fetch.ts';
import {
  itSaysWrittenFromDocumentation,
  readDocumented,
  searchDocumented,
  searchWith,
  sendsDocumentedRequest,
} from './provider-test-kit.ts';

const documented = readDocumented('you');
const KEY = 'ydc-secret-key';

describe('you', () => {
  itSaysWrittenFromDocumentation(documented, "You.com's");

  it('POSTs the documented request to ydc-index.io/v1/search with X-API-Key', async () => {
    const sent = await sendsDocumentedRequest(
      you,
      documented,
      parseQuery('Ada Lovelace analytical engine', { k: 3 }),
      KEY,
    );
    expect(sent.headers['x-api-key']).toBe(KEY);
    expect(JSON.parse(sent.body)).toEqual(documented.request.body);
  });

  it('sends domains, a range or a window as freshness, and one language and PDFs as operators', async () => {
    const { fake } = await searchWith(
      you,
      parseQuery('lovelace site:wikipedia.org -site:reddit.com filetype:pdf', {
        from: '2026-01-01',
        to: '2026-06-30',
        languages: ['en'],
      }),
      KEY,
      jsonAnswer(documented.response),
      jsonAnswer(documented.response),
    );
    expect(JSON.parse(fake.requests[0]!.body)).toEqual({
      query: 'lovelace lang:en filetype:pdf',
      count: 10,
      freshness: '2026-01-01to2026-06-30',
      include_domains: ['wikipedia.org'],
      exclude_domains: ['reddit.com'],
    });
    const answer = await you.search(parseQuery('lovelace', { recency: 'week', languages: ['en', 'de'] }), {
      fetch: fake.fetch,
      key: KEY,
      now: () => NOW,
    });
    expect(JSON.parse(fake.requests[1]!.body)).toEqual({ query: 'lovelace', count: 10, freshness: 'week' });
    expect(answer.ignored).toEqual(['languages']);
  });

  it('normalises the documented answer: snippets over the description, no day from a page_age without its zone, thumbnails, news marked', async () => {
    const { answer } = await searchDocumented(
      you,
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
          "Augusta Ada King, Countess of Lovelace was an English mathematician and writer, chiefly known for her work on Charles Babbage's proposed mechanical general-purpose computer, the Analytical Engine. … She was the first to recognise that the machine had applications beyond pure calculation.",
        image:
          'https://upload.wikimedia.org/wikipedia/commons/thumb/a/a4/Ada_Lovelace_portrait.jpg/220px-Ada_Lovelace_portrait.jpg',
      },
      {
        title: 'Sketch of the Analytical Engine',
        url: 'https://www.fourmilab.ch/babbage/sketch.pdf',
        snippet: 'Sketch of the Analytical Engine invented by Charles Babbage, with notes by the translator.',
        fileType: 'pdf',
      },
      {
        title: 'Ada Lovelace Day: celebrating women in science & technology',
        url: 'https://www.bbc.co.uk/news/articles/ada-lovelace-day',
        snippet: 'Events around the world mark the day named after the first computer programmer.',
        category: 'news',
      },
    ]);
  });

  it('a page_age with its zone is a date', async () => {
    const { answer } = await searchWith(
      you,
      parseQuery('x'),
      KEY,
      jsonAnswer({
        results: { web: [{ url: 'https://example.org/', title: 'x', page_age: '2026-10-14T08:00:00Z' }] },
      }),
    );
    expect(answer.results[0]!.date).toBe('2026-10-14T08:00:00Z');
  });
});
