import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jina } from '../../src/providers/jina.ts';
import { parseQuery } from '../../src/providers/operators.ts';
import { fakeFetch, jsonAnswer, NOW, OWN_FIXTURES, readJson } from './fake-fetch.ts';

const documented = readJson<{ _source: string; request: { method: string; uri: string }; response: unknown }>(
  resolve(OWN_FIXTURES, 'jina-search.json'),
);
const KEY = 'jina_secret_key';

describe('jina', () => {
  it('the fixture says it was written from the documentation', () => {
    expect(documented._source).toMatch(/^Written from Jina's documentation, not recorded/);
  });

  it('sends the documented GET s.jina.ai/?q=&num= with a Bearer key, JSON and no page contents', async () => {
    const fake = fakeFetch(jsonAnswer(documented.response));
    await jina.search(parseQuery('Ada Lovelace analytical engine', { k: 3 }), {
      fetch: fake.fetch,
      key: KEY,
      now: () => NOW,
    });
    const sent = fake.soleRequest();
    expect(sent.method).toBe(documented.request.method);
    expect(sent.url.href).toBe(documented.request.uri);
    expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent.headers.accept).toBe('application/json');
    expect(sent.headers['x-respond-with']).toBe('no-content');
  });

  it('sends sites as repeated `site`, news as type=news, one language as hl and PDFs as filetype', async () => {
    const fake = fakeFetch(jsonAnswer(documented.response));
    const answer = await jina.search(
      parseQuery('babbage site:fourmilab.ch site:bodleian.ox.ac.uk -site:reddit.com filetype:pdf', {
        k: 50,
        categories: ['news'],
        languages: ['en'],
        from: '2026-01-01',
      }),
      { fetch: fake.fetch, key: KEY, now: () => NOW },
    );
    const sent = fake.soleRequest().url.searchParams;
    expect([...sent]).toEqual([
      ['q', 'babbage'],
      ['num', '20'],
      ['site', 'fourmilab.ch'],
      ['site', 'bodleian.ox.ac.uk'],
      ['type', 'news'],
      ['hl', 'en'],
      ['filetype', 'pdf'],
    ]);
    expect(answer.ignored).toEqual(['k', 'exclude_sites', 'from']);
    expect(answer.results.every((result) => result.category === 'news')).toBe(true);
  });

  it('normalises the documented answer: plain text, dates by the rules, PDFs marked', async () => {
    const fake = fakeFetch(jsonAnswer(documented.response));
    const answer = await jina.search(parseQuery('Ada Lovelace analytical engine'), {
      fetch: fake.fetch,
      key: KEY,
      now: () => NOW,
    });
    expect(answer.ignored).toEqual([]);
    expect(answer.results).toEqual([
      {
        title: 'Ada Lovelace - Wikipedia',
        url: 'https://en.wikipedia.org/wiki/Ada_Lovelace',
        snippet:
          "Augusta Ada King, Countess of Lovelace was an English mathematician and writer, chiefly known for her work on Charles Babbage's proposed mechanical general-purpose computer, the Analytical Engine.",
        date: '2001-10-23',
      },
      {
        title: 'Ada Lovelace and the Analytical Engine - Bodleian',
        url: 'https://blogs.bodleian.ox.ac.uk/adalovelace/2018/07/26/ada-lovelace-and-the-analytical-engine/',
        snippet:
          'Ada Lovelace is often called the first computer programmer; her Notes on the Analytical Engine include the first published program.',
      },
      {
        title: 'Sketch of the Analytical Engine',
        url: 'https://www.fourmilab.ch/babbage/sketch.pdf',
        snippet: '',
        fileType: 'pdf',
      },
    ]);
  });
});
