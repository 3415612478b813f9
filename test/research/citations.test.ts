// The citation check on its own: answers as agents write them, against tool events as a run's stream
// keeps them (web_search results and read_page pages with their session numbers).
import { describe, expect, it } from 'vitest';
import { addressKey, checkCitations, pagesFromEvents, parseAnswer } from '../../src/research/citations.ts';

const events = [
  {
    type: 'tool',
    data: {
      tool: 'web_search',
      ok: true,
      provider: 'brave',
      results: [
        { n: 1, title: 'QUIC', url: 'https://www.rfc-editor.org/rfc/rfc9000.html', date: '2021-05-27' },
        { n: 2, title: 'HTTP/3', url: 'https://en.wikipedia.org/wiki/HTTP/3' },
      ],
    },
  },
  {
    type: 'tool',
    data: { tool: 'read_page', ok: true, page: { n: 2, url: 'https://en.wikipedia.org/wiki/HTTP/3' } },
  },
  { type: 'tool', data: { tool: 'web_search', ok: false, error: 'limit' } },
];

describe('checking citations', () => {
  it('normalises addresses by scheme, www., default port, fragment and trailing slash, keeping the query', () => {
    expect(addressKey('http://www.Example.com:80/a/#part')).toBe(addressKey('https://example.com/a'));
    expect(addressKey('https://example.com/a?id=1')).not.toBe(addressKey('https://example.com/a?id=2'));
  });

  it('marks read, seen and not seen, and flags a wrong number, a missing line and an uncited one', () => {
    const answer = [
      'QUIC streams are independent [1], HTTP/3 maps onto them [2, 3] and more [5].',
      '',
      '**Sources:**',
      '1. [RFC 9000](http://rfc-editor.org/rfc/rfc9000.html/)',
      '2. [HTTP/3](https://en.wikipedia.org/wiki/HTTP/3#Overview)',
      '3. [A blog](https://blog.example/quic)',
      '4) [Also HTTP/3](https://en.wikipedia.org/wiki/HTTP/3) — the same page under another number',
    ].join('\n');
    const check = checkCitations(answer, pagesFromEvents(events));
    expect(check.cited).toEqual([1, 2, 3, 5]);
    expect(check.sources.map((source) => [source.n, source.mark])).toEqual([
      [1, 'seen'],
      [2, 'read'],
      [3, 'not-seen'],
      [4, 'read'],
    ]);
    expect(check.flags.map((flag) => `${flag.kind} ${flag.n}`)).toEqual([
      'not-seen 3',
      'number-mismatch 4',
      'source-not-cited 4',
      'cited-without-source 5',
    ]);
  });

  it('reads a Sources list with plain addresses, and a link text is not a citation', () => {
    const parsed = parseAnswer(
      'See [the spec](https://a.example/) and [1].\n\nReferences:\n[1] The spec — https://a.example/',
    );
    expect(parsed.cited).toEqual([1]);
    expect(parsed.sources).toEqual([{ n: 1, title: 'The spec', url: 'https://a.example/' }]);
    expect(parsed.body).toBe('See [the spec](https://a.example/) and [1].');
  });
});
