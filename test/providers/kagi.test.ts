import { describe, expect, it } from 'vitest';
import { kagi } from '../../src/providers/kagi.ts';
import { parseQuery } from '../../src/providers/operators.ts';
import { fakeFetch, jsonAnswer } from './fake-fetch.ts';
import {
  itSaysWrittenFromDocumentation,
  failure,
  readDocumented,
  searchDocumented,
  sendsDocumentedRequest,
} from './provider-test-kit.ts';

const documented = readDocumented('kagi');
const KEY = 'kagi-secret-token';

describe('kagi', () => {
  itSaysWrittenFromDocumentation(documented, "Kagi's");

  it('sends the documented GET /api/v0/search with q, limit and the Bot token', async () => {
    const sent = await sendsDocumentedRequest(
      kagi,
      documented,
      parseQuery('Ada Lovelace analytical engine', { k: 3 }),
      KEY,
    );
    expect(sent.headers.authorization).toBe(`Bot ${KEY}`);
    expect(sent.headers.accept).toBe('application/json');
  });

  it('writes sites, exclusions and PDFs back as operators; reports the dates it cannot keep', async () => {
    const { answer, fake } = await searchDocumented(
      kagi,
      documented,
      parseQuery('babbage site:fourmilab.ch -site:reddit.com filetype:pdf', { k: 50, recency: 'week' }),
      KEY,
    );
    expect(Object.fromEntries(fake.soleRequest().url.searchParams)).toEqual({
      q: 'babbage site:fourmilab.ch -site:reddit.com filetype:pdf',
      limit: '20',
    });
    expect(answer.ignored).toEqual(['k', 'recency']);
  });

  it('normalises the documented answer: results only (not related searches), plain text, dates, thumbnails on kagi.com, PDFs', async () => {
    const { answer } = await searchDocumented(
      kagi,
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
        date: '2001-10-23T00:00:00Z',
        image: 'https://kagi.com/proxy/Ada_Lovelace_portrait.jpg?c=abc123',
      },
      {
        title: 'Sketch of the Analytical Engine',
        url: 'https://www.fourmilab.ch/babbage/sketch.pdf',
        snippet:
          'Sketch of the Analytical Engine invented by Charles Babbage, by L. F. Menabrea, with notes upon the memoir by the translator, Ada Augusta, Countess of Lovelace.',
        fileType: 'pdf',
      },
      {
        title: 'Ada Lovelace | Biography, Computer, & Facts | Britannica',
        url: 'https://www.britannica.com/biography/Ada-Lovelace',
        snippet:
          'Ada Lovelace, English mathematician, an associate of Charles Babbage, for whose prototype of a digital computer she created a program.',
      },
    ]);
  });

  it.each([
    [2, 'auth', /^Kagi Search refused the API key \(HTTP 401: Kagi said no\): check KAGI_API_KEY/],
    [101, 'credits', /^Kagi Search's allowance is used up \(HTTP 401: Kagi said no\)/],
    [100, 'credits', /^Kagi Search's allowance is used up/],
    [1, 'invalid', /^Kagi Search refused the search's arguments/],
  ] as const)("reads Kagi's error code %s in the envelope as %s", async (code, kind, said) => {
    const body = { meta: { id: 'x' }, data: null, error: [{ code, msg: 'Kagi said no', ref: null }] };
    const error = await failure(
      kagi.search(parseQuery('x'), {
        fetch: fakeFetch(jsonAnswer(body, code === 1 ? 400 : 401)).fetch,
        key: KEY,
      }),
    );
    expect(error.kind).toBe(kind);
    expect(error.message).toMatch(said);
  });
});
