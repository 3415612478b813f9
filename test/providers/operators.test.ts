import { describe, expect, it } from 'vitest';
import {
  normaliseSite,
  parseQuery,
  rangeStart,
  recencyFor,
  recencyStart,
  unsupported,
  withinDates,
  withOperators,
  type QueryExtras,
} from '../../src/providers/operators.ts';
import { SearchError, type ProviderCaps, type SearchQuery } from '../../src/providers/types.ts';

const NOW = Date.parse('2026-11-30T12:00:00Z');

describe('parseQuery reads operators out of the words', () => {
  const cases: Array<[string, Partial<SearchQuery>]> = [
    ['plain words', { text: 'plain words', sites: [], excludeSites: [], fileTypes: [] }],
    ['rust async site:docs.rs', { text: 'rust async', sites: ['docs.rs'] }],
    ['site:https://Example.COM/docs/ guide', { text: 'guide', sites: ['example.com/docs'] }],
    ['SITE:example.org news', { text: 'news', sites: ['example.org'] }],
    [
      'python -site:w3schools.com -site:geeksforgeeks.org',
      { text: 'python', excludeSites: ['w3schools.com', 'geeksforgeeks.org'] },
    ],
    ['annual report filetype:pdf', { text: 'annual report', fileTypes: ['pdf'] }],
    ['annual report filetype:PDF ext:htm', { text: 'annual report', fileTypes: ['pdf', 'html'] }],
    ['climate (site:a.org OR site:b.org)', { text: 'climate', sites: ['a.org', 'b.org'] }],
    ['climate (cats OR dogs)', { text: 'climate (cats OR dogs)', sites: [] }],
    ['climate site:a.org OR site:b.org', { text: 'climate', sites: ['a.org', 'b.org'] }],
    ['"site:example.com is a phrase"', { text: '"site:example.com is a phrase"', sites: [] }],
    ['"exact phrase" site:example.com more', { text: '"exact phrase" more', sites: ['example.com'] }],
    ['  many   spaces  site:a.org  ', { text: 'many spaces', sites: ['a.org'] }],
    ['cats site:a.org site:a.org', { text: 'cats', sites: ['a.org'] }],
    ['website:not-an-operator cats', { text: 'website:not-an-operator cats' }],
  ];
  it.each(cases)('%j', (words, expected) => {
    expect(parseQuery(words)).toMatchObject(expected);
  });

  it('joins operators with the filters from arguments, without repeats', () => {
    const query = parseQuery('cats site:a.org filetype:pdf', {
      sites: ['a.org', 'https://b.org/'],
      excludeSites: ['c.org'],
      fileTypes: ['pdf', 'html'],
      languages: ['EN', 'de'],
      categories: ['News'],
      from: '2026-01-01',
      to: '2026-02-01',
      recency: 'week',
      k: 25,
      homepagesOnly: true,
      question: '  who won?  ',
    });
    expect(query).toEqual({
      text: 'cats',
      k: 25,
      sites: ['a.org', 'b.org'],
      excludeSites: ['c.org'],
      categories: ['news'],
      from: '2026-01-01',
      to: '2026-02-01',
      recency: 'week',
      languages: ['en', 'de'],
      fileTypes: ['pdf', 'html'],
      homepagesOnly: true,
      question: 'who won?',
    });
  });

  it('defaults: k 10, no filters, no question; "any" recency is none', () => {
    expect(parseQuery('cats', { recency: 'any', question: '  ' })).toEqual({
      text: 'cats',
      k: 10,
      sites: [],
      excludeSites: [],
      categories: [],
      languages: [],
      fileTypes: [],
      homepagesOnly: false,
    });
  });

  const bad: Array<[string, string, QueryExtras, RegExp]> = [
    ['k 0', 'cats', { k: 0 }, /^k is 0: ask for 1 to 100 results\.$/],
    ['k 101', 'cats', { k: 101 }, /^k is 101: ask for 1 to 100 results\.$/],
    ['k 2.5', 'cats', { k: 2.5 }, /^k is 2\.5/],
    ['k NaN', 'cats', { k: Number.NaN }, /^k is NaN/],
    ['no words', '   ', {}, /^The search has no words/],
    ['only operators', 'site:a.org filetype:pdf', {}, /^The search has only operators and no words/],
    ['an empty site', 'cats site:', {}, /^"site:" has no value/],
    ['a site that is no host', 'cats site:not_a_host', {}, /^"site:not_a_host" does not name a site/],
    [
      'an unknown file type',
      'cats filetype:docx',
      {},
      /^"filetype:docx" "docx" is not a file type|is not a file type Quarry can keep to: use pdf or html/,
    ],
    ['a negated file type', 'cats -filetype:pdf', {}, /cannot leave out a file type/],
    ['a bad from', 'cats', { from: '2026-13-01' }, /^from "2026-13-01" is not a day: write it as YYYY-MM-DD/],
    ['a US-style to', 'cats', { to: '09/20/2026' }, /^to "09\/20\/2026" is not a day/],
    [
      'from after to',
      'cats',
      { from: '2026-02-01', to: '2026-01-01' },
      /^from \(2026-02-01\) is after to \(2026-01-01\)/,
    ],
    [
      'an unknown recency',
      'cats',
      { recency: 'fortnight' },
      /^recency "fortnight" is not a window Quarry knows/,
    ],
    ['a three-letter language', 'cats', { languages: ['eng'] }, /^language "eng" is not an ISO 639-1 code/],
    ['a bad site argument', 'cats', { sites: ['http://'] }, /^sites holds "http:\/\/", which is not a site/],
    ['a bad file type argument', 'cats', { fileTypes: ['exe'] }, /^file_types "exe" is not a file type/],
  ];
  it.each(bad)('rejects %s as invalid, saying what to change', (_name, words, extras, message) => {
    let caught: unknown;
    try {
      parseQuery(words, extras);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SearchError);
    expect((caught as SearchError).kind).toBe('invalid');
    expect((caught as SearchError).message).toMatch(message);
  });
});

describe('normaliseSite', () => {
  it.each([
    ['example.com', 'example.com'],
    ['EXAMPLE.com/Docs/', 'example.com/Docs'],
    ['https://www.example.com', 'www.example.com'],
    ['localhost', 'localhost'],
    ['sub.domain.co.uk/path/to', 'sub.domain.co.uk/path/to'],
    ['nodot', undefined],
    ['-bad.com', undefined],
    ['exa mple.com', undefined],
    ['', undefined],
  ])('%j → %j', (site, expected) => {
    expect(normaliseSite(site)).toBe(expected);
  });
});

describe('withOperators writes sites and PDFs back for engines that read them in the text', () => {
  it.each([
    ['cats', {}, 'cats'],
    ['cats', { sites: ['a.org'] }, 'cats site:a.org'],
    ['cats', { sites: ['a.org', 'b.org'] }, 'cats (site:a.org OR site:b.org)'],
    ['cats', { excludeSites: ['c.org', 'd.org'] }, 'cats -site:c.org -site:d.org'],
    ['cats', { fileTypes: ['pdf'] }, 'cats filetype:pdf'],
    ['cats', { fileTypes: ['html'] }, 'cats'],
    ['cats', { fileTypes: ['pdf', 'html'] }, 'cats'],
    ['cats site:a.org -site:b.org filetype:pdf', {}, 'cats site:a.org -site:b.org filetype:pdf'],
  ] as Array<[string, QueryExtras, string]>)('%j with %j → %j', (words, extras, expected) => {
    expect(withOperators(parseQuery(words, extras))).toBe(expected);
  });

  it('round-trips: parsing what it wrote gives the same query', () => {
    const query = parseQuery('cats -site:c.org filetype:pdf', { sites: ['a.org', 'b.org'] });
    const again = parseQuery(withOperators(query));
    expect(again).toEqual(query);
  });
});

describe('dates for engines that take windows or ranges', () => {
  it.each([
    [{ recency: 'week' }, 'week'],
    [{ from: '2026-11-30' }, 'day'],
    [{ from: '2026-11-29' }, 'week'], // 36 hours back: a day's window would cut some off
    [{ from: '2026-11-25' }, 'week'],
    [{ from: '2026-11-01' }, 'month'],
    [{ from: '2026-01-01' }, 'year'],
    [{ from: '2024-01-01' }, undefined],
    [{}, undefined],
  ] as const)('recencyFor(%j) is %s', (query, expected) => {
    expect(recencyFor(query, NOW)).toBe(expected);
  });

  it.each([
    ['day', '2026-11-29'],
    ['week', '2026-11-23'],
    ['month', '2026-10-30'],
    ['year', '2025-11-29'],
  ] as const)('recencyStart(%s) is %s', (recency, day) => {
    expect(recencyStart(recency, NOW)).toBe(day);
  });

  it.each([
    [{ from: '2026-01-01' }, '2026-01-01'],
    [{ recency: 'week' }, '2026-11-23'],
    [{ recency: 'week', from: '2026-11-27' }, '2026-11-27'],
    [{ recency: 'week', from: '2026-01-01' }, '2026-11-23'],
    [{}, undefined],
  ] as const)('rangeStart(%j) is %s', (query, expected) => {
    expect(rangeStart(query, NOW)).toBe(expected);
  });

  it('withinDates drops results dated outside the range and keeps undated ones', () => {
    const results = [
      { date: '2026-01-01' },
      { date: '2026-02-15T23:00:00-05:00' },
      {},
      { date: '2026-03-01' },
    ];
    expect(withinDates(results, { from: '2026-02-01', to: '2026-02-28' })).toEqual([
      { date: '2026-02-15T23:00:00-05:00' },
      {},
    ]);
    expect(withinDates(results, {})).toBe(results);
  });
});

describe('unsupported lists the filters a provider could not keep', () => {
  const nothing: ProviderCaps = {
    maxK: 10,
    sites: false,
    excludeSites: false,
    categories: [],
    dates: false,
    languages: false,
    fileTypes: [],
    homepagesOnly: false,
    filteredSnippets: false,
  };
  const everything: ProviderCaps = {
    maxK: 100,
    sites: true,
    excludeSites: true,
    categories: ['news'],
    dates: 'range',
    languages: true,
    fileTypes: ['pdf', 'html'],
    homepagesOnly: true,
    filteredSnippets: true,
  };
  const full = parseQuery('cats -site:c.org', {
    k: 50,
    sites: ['a.org'],
    categories: ['news'],
    from: '2026-01-01',
    to: '2026-02-01',
    recency: 'year',
    languages: ['en'],
    fileTypes: ['pdf'],
    homepagesOnly: true,
    question: 'why?',
  });

  it.each([
    ['a plain search, no abilities', parseQuery('cats'), nothing, []],
    [
      'every filter, no abilities',
      full,
      nothing,
      [
        'k',
        'sites',
        'exclude_sites',
        'categories',
        'from',
        'to',
        'recency',
        'languages',
        'file_types',
        'homepages_only',
        'question',
      ],
    ],
    ['every filter, every ability', full, everything, []],
    [
      'an unknown category',
      parseQuery('cats', { categories: ['news', 'videos'] }),
      everything,
      ['categories'],
    ],
    ['k at the maximum', parseQuery('cats', { k: 10 }), nothing, []],
    [
      'recency engine: from within a year, to in the past',
      parseQuery('cats', { from: '2026-06-01', to: '2026-07-01' }),
      { ...nothing, dates: 'recency' },
      ['to'],
    ],
    [
      'recency engine: from older than a year',
      parseQuery('cats', { from: '2020-01-01' }),
      { ...nothing, dates: 'recency' },
      ['from'],
    ],
    [
      'recency engine: to today',
      parseQuery('cats', { to: '2026-11-30', recency: 'week' }),
      { ...nothing, dates: 'recency' },
      [],
    ],
    [
      'html asked of a pdf-only engine',
      parseQuery('cats', { fileTypes: ['html'] }),
      { ...nothing, fileTypes: ['pdf'] },
      ['file_types'],
    ],
  ] as Array<[string, SearchQuery, ProviderCaps, string[]]>)('%s', (_name, query, caps, expected) => {
    expect(unsupported(query, caps, NOW)).toEqual(expected);
  });
});
