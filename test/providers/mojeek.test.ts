import { describe, expect, it } from 'vitest';
import { mojeek } from '../../src/providers/mojeek.ts';
import { parseQuery } from '../../src/providers/operators.ts';
import { fakeFetch, jsonAnswer } from './fake-fetch.ts';
import {
  itSaysWrittenFromDocumentation,
  failure,
  readDocumented,
  searchDocumented,
  sendsDocumentedRequest,
} from './provider-test-kit.ts';

const documented = readDocumented('mojeek');
const KEY = 'mojeek-secret-key';

describe('mojeek', () => {
  itSaysWrittenFromDocumentation(documented, "Mojeek's");

  it('sends the documented GET /search with q, t, fmt=json and api_key', async () => {
    await sendsDocumentedRequest(
      mojeek,
      documented,
      parseQuery('Ada Lovelace analytical engine', { k: 3 }),
      'KEY',
    );
  });

  it('sends one site and a date range (before is exclusive, so the day after `to`); reports what it cannot keep', async () => {
    const { answer, fake } = await searchDocumented(
      mojeek,
      documented,
      parseQuery('lovelace site:bbc.co.uk site:theguardian.com -site:reddit.com', {
        from: '2026-01-01',
        to: '2026-03-31',
      }),
      KEY,
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
    const { answer } = await searchDocumented(
      mojeek,
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
