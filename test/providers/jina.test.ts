import { describe, expect, it } from 'vitest';
import { jina } from '../../src/providers/jina.ts';
import { parseQuery } from '../../src/providers/operators.ts';
import {
  itSaysWrittenFromDocumentation,
  readDocumented,
  searchDocumented,
  sendsDocumentedRequest,
} from './provider-test-kit.ts';

const documented = readDocumented('jina');
const KEY = 'jina_secret_key';

describe('jina', () => {
  itSaysWrittenFromDocumentation(documented, "Jina's");

  it('sends the documented GET s.jina.ai/?q=&num= with a Bearer key, JSON and no page contents', async () => {
    const sent = await sendsDocumentedRequest(
      jina,
      documented,
      parseQuery('Ada Lovelace analytical engine', { k: 3 }),
      KEY,
    );
    expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent.headers.accept).toBe('application/json');
    expect(sent.headers['x-respond-with']).toBe('no-content');
  });

  it('sends sites as repeated `site`, news as type=news, one language as hl and PDFs as filetype', async () => {
    const { answer, fake } = await searchDocumented(
      jina,
      documented,
      parseQuery('babbage site:fourmilab.ch site:bodleian.ox.ac.uk -site:reddit.com filetype:pdf', {
        k: 50,
        categories: ['news'],
        languages: ['en'],
        from: '2026-01-01',
      }),
      KEY,
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
    const { answer } = await searchDocumented(
      jina,
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
