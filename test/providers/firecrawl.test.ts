import { describe, expect, it } from 'vitest';
import { firecrawl } from '../../src/providers/firecrawl.ts';
import { parseQuery } from '../../src/providers/operators.ts';
import { jsonAnswer } from './fake-fetch.ts';
import {
  itSaysWrittenFromDocumentation,
  readDocumented,
  searchDocumented,
  searchWith,
  sendsDocumentedRequest,
} from './provider-test-kit.ts';

const documented = readDocumented('firecrawl');
const KEY = 'fc-secret-key';

describe('firecrawl', () => {
  itSaysWrittenFromDocumentation(documented, "Firecrawl's");

  it('POSTs the documented request to /v2/search with a Bearer key', async () => {
    const sent = await sendsDocumentedRequest(
      firecrawl,
      documented,
      parseQuery('Ada Lovelace analytical engine', { k: 3 }),
      KEY,
    );
    expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(JSON.parse(sent.body)).toEqual(documented.request.body);
  });

  it('writes operators into the query, asks news as a source and a window as tbs; reads news results', async () => {
    const news = {
      success: true,
      data: {
        news: [
          {
            title: 'Ada Lovelace Day celebrates women in science',
            url: 'https://www.example-news.org/ada-lovelace-day',
            snippet: 'Events around the world mark Ada Lovelace Day.',
            date: 'Oct 14, 2026',
            position: 1,
          },
        ],
      },
    };
    const { answer, fake } = await searchWith(
      firecrawl,
      parseQuery('lovelace site:bbc.co.uk -site:reddit.com', {
        categories: ['news'],
        recency: 'month',
        languages: ['de'],
      }),
      KEY,
      jsonAnswer(news),
    );
    expect(JSON.parse(fake.soleRequest().body)).toEqual({
      query: 'lovelace site:bbc.co.uk -site:reddit.com',
      limit: 10,
      sources: ['news'],
      tbs: 'qdr:m',
    });
    expect(answer.ignored).toEqual(['languages']);
    expect(answer.results).toEqual([
      {
        title: 'Ada Lovelace Day celebrates women in science',
        url: 'https://www.example-news.org/ada-lovelace-day',
        snippet: 'Events around the world mark Ada Lovelace Day.',
        date: '2026-10-14',
        category: 'news',
      },
    ]);
  });

  it('normalises the documented web answer: plain text, PDFs marked', async () => {
    const { answer } = await searchDocumented(
      firecrawl,
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
      },
      {
        title: 'Sketch of the Analytical Engine',
        url: 'https://www.fourmilab.ch/babbage/sketch.pdf',
        snippet: 'Sketch of the Analytical Engine invented by Charles Babbage, with notes by the translator.',
        fileType: 'pdf',
      },
      {
        title: 'Ada Lovelace | Biography, Computer, & Facts | Britannica',
        url: 'https://www.britannica.com/biography/Ada-Lovelace',
        snippet: '',
      },
    ]);
  });
});
