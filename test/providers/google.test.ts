import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATE_META_TAGS } from '../../src/providers/dates.ts';
import { google, metatagDate } from '../../src/providers/google.ts';
import { parseQuery } from '../../src/providers/operators.ts';
import { SearchError } from '../../src/providers/types.ts';
import { fakeFetch, jsonAnswer, NOW, readJson, SEARCH_FIXTURES } from './fake-fetch.ts';

type Item = Record<string, unknown> & { pagemap?: Record<string, unknown> };
const recorded = readJson<{ response: { items: Item[] } & Record<string, unknown> }>(
  resolve(SEARCH_FIXTURES, 'google-cse/query_test.json'),
);
const KEY = 'AIza-google-secret-key';
const ENGINE = '078d31564976d494b';

describe('google', () => {
  it('sends key, cx, q with site operators, num, dateRestrict, lr and fileType', async () => {
    const fake = fakeFetch(jsonAnswer(recorded.response));
    const query = parseQuery('hello world site:google.com filetype:pdf', {
      k: 30,
      recency: 'week',
      languages: ['de'],
    });
    const answer = await google.search(query, { fetch: fake.fetch, key: KEY, keyId: ENGINE, now: () => NOW });
    const sent = fake.soleRequest();
    expect(`${sent.url.origin}${sent.url.pathname}`).toBe('https://www.googleapis.com/customsearch/v1');
    expect(Object.fromEntries(sent.url.searchParams)).toEqual({
      key: KEY,
      cx: ENGINE,
      q: 'hello world site:google.com',
      num: '10',
      dateRestrict: 'w1',
      lr: 'lang_de',
      fileType: 'pdf',
    });
    expect(answer.ignored).toEqual(['k']);
  });

  it('maps each recency to d1/w1/m1/y1 and sends no dateRestrict for any time', async () => {
    for (const [recency, restrict] of [
      ['day', 'd1'],
      ['week', 'w1'],
      ['month', 'm1'],
      ['year', 'y1'],
    ] as const) {
      const fake = fakeFetch(jsonAnswer(recorded.response));
      await google.search(parseQuery('x', { recency }), {
        fetch: fake.fetch,
        key: KEY,
        keyId: ENGINE,
        now: () => NOW,
      });
      expect(fake.soleRequest().url.searchParams.get('dateRestrict')).toBe(restrict);
    }
    const fake = fakeFetch(jsonAnswer(recorded.response));
    await google.search(parseQuery('x', { recency: 'any' }), {
      fetch: fake.fetch,
      key: KEY,
      keyId: ENGINE,
      now: () => NOW,
    });
    expect(fake.soleRequest().url.searchParams.has('dateRestrict')).toBe(false);
  });

  it('normalises the recorded answer: title, link, snippet (its leading day read as the date), thumbnail', async () => {
    const fake = fakeFetch(jsonAnswer(recorded.response));
    const answer = await google.search(parseQuery('hello world'), {
      fetch: fake.fetch,
      key: KEY,
      keyId: ENGINE,
      now: () => NOW,
    });
    expect(answer.results).toHaveLength(10);
    expect(answer.results[0]).toEqual({
      title: 'The World of Hello World - Google My Maps',
      url: 'https://www.google.com/mymaps/viewer?mid=1j9wMaiQ12jiqpEFD1HgZ3QPuPDk&hl=en',
      snippet:
        'A map of programming languages and rough locations in the world where they were created. Colors correspond to four major epochs: blue ...',
      date: '2015-06-25',
      image:
        'https://encrypted-tbn2.gstatic.com/images?q=tbn:ANd9GcQT_AF07o3HWTg9CJU1rCLmfsPxLi3FCw_oGEJ1iaM9p8lVVoKSODtO7RRB',
    });
    expect(answer.results[2]).toEqual({
      title: 'Hello World Shopping',
      url: 'https://www.google.com/mymaps/viewer?mid=zHQsrThy9kNg.k0nhcDgmvBfs&hl=it',
      snippet:
        'Realizzato con Google My Maps. Nessun risultato. Cerca in questa mappa. Sposta mappa in. Dalla tua mappa. mostra tutto sulla mappa. Da Google ...',
    });
    expect(answer.results.map((result) => result.date ?? null)).toEqual([
      '2015-06-25',
      '2019-02-28',
      null,
      null,
      null,
      null,
      null,
      '2015-06-16',
      null,
      null,
    ]);
  });

  it('reads the date from pagemap.metatags in the order of the date rules', async () => {
    const item = structuredClone(recorded.response.items[6]!);
    item.pagemap = {
      metatags: [
        {
          'og:updated_time': '2024-05-05T10:00:00+00:00',
          'article:modified_time': '2024-04-04',
          'dc.date': '2024/03/03',
          date: '09/20/2024', // ambiguous: skipped, the next tag in order is used
          pubdate: 'Feb 2, 2024',
          'og:title': 'About',
        },
      ],
    };
    const fake = fakeFetch(jsonAnswer({ ...recorded.response, items: [item] }));
    const answer = await google.search(parseQuery('maps'), {
      fetch: fake.fetch,
      key: KEY,
      keyId: ENGINE,
      now: () => NOW,
    });
    expect(answer.results[0]!.date).toBe('2024-02-02');
  });

  it.each([
    [
      { 'article:published_time': '2026-09-20T10:15:00+02:00', datepublished: '2026-01-01' },
      '2026-09-20T10:15:00+02:00',
    ],
    [{ datePublished: '2026-01-01', 'og:published_time': '2026-02-02' }, '2026-01-01'],
    [{ 'og:published_time': 'not a date', pubdate: '2026-03-03' }, '2026-03-03'],
    [
      { 'Article:Modified_Time': '2026-04-04T08:00:00Z', 'og:updated_time': '2026-05-05' },
      '2026-04-04T08:00:00Z',
    ],
    [{ 'og:updated_time': '2026-05-05T10:00:00' }, undefined],
    [{ date: '2026' }, undefined],
  ])('metatagDate(%j) is %s', (tags, expected) => {
    expect(metatagDate([tags], NOW)).toBe(expected);
  });

  it('names its tags in the order of the rules', () => {
    expect(DATE_META_TAGS).toEqual([
      'article:published_time',
      'datepublished',
      'og:published_time',
      'pubdate',
      'date',
      'dc.date',
      'article:modified_time',
      'og:updated_time',
    ]);
  });

  it('marks PDFs from their MIME type', async () => {
    const item = {
      ...recorded.response.items[0]!,
      link: 'https://example.org/paper',
      mime: 'application/pdf',
      fileFormat: 'PDF/Adobe Acrobat',
    };
    const fake = fakeFetch(jsonAnswer({ ...recorded.response, items: [item] }));
    const answer = await google.search(parseQuery('paper'), { fetch: fake.fetch, key: KEY, keyId: ENGINE });
    expect(answer.results[0]!.fileType).toBe('pdf');
  });

  it('an answer without items is empty, not an error', async () => {
    const { items: _items, ...withoutItems } = recorded.response;
    const answer = await google.search(parseQuery('zzzz'), {
      fetch: fakeFetch(jsonAnswer(withoutItems)).fetch,
      key: KEY,
      keyId: ENGINE,
    });
    expect(answer.results).toEqual([]);
  });

  it("reads Google's error reasons: a bad key (400) is auth, a daily quota credits; the key is never shown", async () => {
    const badKey = {
      error: {
        code: 400,
        message: 'API key not valid. Please pass a valid API key.',
        status: 'INVALID_ARGUMENT',
      },
    };
    const auth = (await google
      .search(parseQuery('x'), { fetch: fakeFetch(jsonAnswer(badKey, 400)).fetch, key: KEY, keyId: ENGINE })
      .catch((caught: unknown) => caught)) as SearchError;
    expect(auth.kind).toBe('auth');
    expect(auth.message).toMatch(
      /^Google Custom Search refused the API key \(HTTP 400: API key not valid\..*GOOGLE_API_KEY/,
    );
    expect(auth.message).not.toContain(KEY);

    const daily = {
      error: {
        code: 429,
        message:
          "Quota exceeded for quota metric 'Queries' and limit 'Queries per day' of service 'customsearch.googleapis.com'.",
      },
    };
    const credits = (await google
      .search(parseQuery('x'), { fetch: fakeFetch(jsonAnswer(daily, 429)).fetch, key: KEY, keyId: ENGINE })
      .catch((caught: unknown) => caught)) as SearchError;
    expect(credits.kind).toBe('credits');

    const perMinute = {
      error: {
        code: 429,
        message: "Quota exceeded for quota metric 'Queries' and limit 'Queries per minute'.",
      },
    };
    const limit = (await google
      .search(parseQuery('x'), {
        fetch: fakeFetch(jsonAnswer(perMinute, 429)).fetch,
        key: KEY,
        keyId: ENGINE,
      })
      .catch((caught: unknown) => caught)) as SearchError;
    expect(limit.kind).toBe('limit');
  });
});
