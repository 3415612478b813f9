import { describe, expect, it } from 'vitest';
import { marginalia } from '../../src/providers/marginalia.ts';
import { parseQuery } from '../../src/providers/operators.ts';
import { SearchError } from '../../src/providers/types.ts';
import { fakeFetch } from './fake-fetch.ts';
import {
  itSaysWrittenFromDocumentation,
  readDocumented,
  searchDocumented,
  sendsDocumentedRequest,
} from './provider-test-kit.ts';

const documented = readDocumented('marginalia');

describe('marginalia', () => {
  itSaysWrittenFromDocumentation(documented, "Marginalia's");

  it('sends the documented GET /search?query=&count= with the shared public key when none is set', async () => {
    const sent = await sendsDocumentedRequest(
      marginalia,
      documented,
      parseQuery('linear b', { k: 3 }),
      undefined,
    );
    expect(sent.headers['api-key']).toBe('public');
  });

  it('uses a key of its own when one is set, and reports every filter it cannot keep', async () => {
    const { answer, fake } = await searchDocumented(
      marginalia,
      documented,
      parseQuery('linear b site:example.org filetype:pdf', { recency: 'year', languages: ['en'] }),
      'my-own-key',
    );
    expect(fake.soleRequest().headers['api-key']).toBe('my-own-key');
    expect(fake.soleRequest().url.searchParams.get('query')).toBe('linear b');
    expect(answer.ignored).toEqual(['sites', 'recency', 'languages', 'file_types']);
  });

  it('normalises the documented answer: plain text, PDFs marked, a repeated address once', async () => {
    const { answer } = await searchDocumented(marginalia, documented, parseQuery('linear b'), undefined);
    expect(answer.results).toEqual([
      {
        title: 'Linear B',
        url: 'https://www.ancient-scripts.com/linearb.html',
        snippet:
          'Linear B is a syllabic script that was used for writing Mycenaean Greek, the earliest attested form of Greek.',
      },
      {
        title: 'Evidence for Greek Dialect in the Mycenaean Archives',
        url: 'https://www.example-classics.org/papers/ventris-1953.pdf',
        snippet: "Ventris and Chadwick's paper on the decipherment.",
        fileType: 'pdf',
      },
    ]);
  });

  it('503 is how Marginalia says "rate limited": limit, pointing at a key of your own', async () => {
    const shared = (await marginalia
      .search(parseQuery('x'), {
        fetch: fakeFetch(new Response('Rate limit exceeded', { status: 503 })).fetch,
      })
      .catch((caught: unknown) => caught)) as SearchError;
    expect(shared).toBeInstanceOf(SearchError);
    expect(shared.kind).toBe('limit');
    expect(shared.message).toMatch(
      /on the shared public key: ask for a key of your own .* MARGINALIA_API_KEY/,
    );
    const own = (await marginalia
      .search(parseQuery('x'), {
        fetch: fakeFetch(new Response('', { status: 503 })).fetch,
        key: 'my-own-key',
      })
      .catch((caught: unknown) => caught)) as SearchError;
    expect(own.message).toMatch(/^Marginalia Search is rate limited \(HTTP 503\): lower its rate/);
  });
});
