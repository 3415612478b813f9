import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config.ts';
import { parseQuery } from '../../src/providers/operators.ts';
import { searxng } from '../../src/providers/searxng.ts';
import { SearchError } from '../../src/providers/types.ts';
import { fakeFetch, jsonAnswer, NOW, readJson, SEARCH_FIXTURES } from './fake-fetch.ts';

const recorded = readJson<{
  response: Record<string, unknown> & { results: Array<Record<string, unknown>> };
}>(resolve(SEARCH_FIXTURES, 'searxng/openclaw_latest_features.json'));
const INSTANCE = 'https://searx.example.org/searx/';

describe('searxng', () => {
  it('asks <address>/search with format=json, the operators in q, categories, language and time_range', async () => {
    const fake = fakeFetch(jsonAnswer(recorded.response));
    const query = parseQuery('openclaw latest features -site:reddit.com', {
      categories: ['news', 'it'],
      languages: ['en'],
      recency: 'month',
    });
    await searxng.search(query, { fetch: fake.fetch, url: INSTANCE, now: () => NOW });
    const sent = fake.soleRequest();
    expect(`${sent.url.origin}${sent.url.pathname}`).toBe('https://searx.example.org/searx/search');
    expect(Object.fromEntries(sent.url.searchParams)).toEqual({
      q: 'openclaw latest features -site:reddit.com',
      format: 'json',
      pageno: '1',
      categories: 'news,it',
      language: 'en',
      time_range: 'month',
    });
    expect(sent.headers['x-subscription-token']).toBeUndefined();
  });

  it('turns `from` into the smallest window that reaches back to it', async () => {
    const fake = fakeFetch(jsonAnswer(recorded.response));
    const answer = await searxng.search(parseQuery('openclaw', { from: '2026-11-25' }), {
      fetch: fake.fetch,
      url: INSTANCE,
      now: () => NOW,
    });
    expect(fake.soleRequest().url.searchParams.get('time_range')).toBe('week');
    expect(answer.ignored).toEqual([]);
  });

  it('normalises the recorded answer (results present although number_of_results is 0)', async () => {
    const fake = fakeFetch(jsonAnswer(recorded.response));
    const answer = await searxng.search(parseQuery('openclaw latest features'), {
      fetch: fake.fetch,
      url: INSTANCE,
      now: () => NOW,
    });
    expect(answer).toEqual({
      results: [
        {
          title: 'OpenClaw — Personal AI Assistant',
          url: 'https://openclaw.ai/',
          snippet:
            'The AI that actually does things. Clears your inbox, sends emails, manages your calendar, checks you in for flights. All from WhatsApp, Telegram, or any chat ...',
          category: 'general',
        },
      ],
      ignored: [],
    });
  });

  it('reads publishedDate by the date rules and a thumbnail', async () => {
    const result = {
      ...recorded.response.results[0],
      publishedDate: '2026-02-03T10:15:00+01:00',
      thumbnail: 'https://openclaw.ai/og.png',
    };
    const fake = fakeFetch(
      jsonAnswer({
        ...recorded.response,
        results: [result, { ...result, url: 'https://b.example/', publishedDate: '2026-02-03T10:15:00' }],
      }),
    );
    const answer = await searxng.search(parseQuery('openclaw'), {
      fetch: fake.fetch,
      url: INSTANCE,
      now: () => NOW,
    });
    expect(answer.results[0]).toMatchObject({
      date: '2026-02-03T10:15:00+01:00',
      image: 'https://openclaw.ai/og.png',
    });
    expect(answer.results[1]!.date).toBeUndefined(); // no zone: not an instant
  });

  it('no results because every engine failed is unavailable, listing the engines', async () => {
    const fake = fakeFetch(jsonAnswer({ ...recorded.response, results: [] }));
    const error = await searxng
      .search(parseQuery('openclaw'), { fetch: fake.fetch, url: INSTANCE })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SearchError);
    expect((error as SearchError).kind).toBe('unavailable');
    expect((error as SearchError).message).toMatch(
      /^SearXNG's engines did not answer \(brave: timeout, startpage: Suspended: timeout, wikidata: Suspended: timeout\)/,
    );
  });

  it('no results with every engine answering is an empty answer', async () => {
    const fake = fakeFetch(jsonAnswer({ ...recorded.response, results: [], unresponsive_engines: [] }));
    const answer = await searxng.search(parseQuery('openclaw'), { fetch: fake.fetch, url: INSTANCE });
    expect(answer.results).toEqual([]);
  });

  it('403 means the instance does not allow format=json: says which setting of the instance to change', async () => {
    const fake = fakeFetch(new Response('Forbidden', { status: 403 }));
    const error = (await searxng
      .search(parseQuery('x'), { fetch: fake.fetch, url: INSTANCE })
      .catch((caught: unknown) => caught)) as SearchError;
    expect(error.kind).toBe('auth');
    expect(error.message).toMatch(/^SearXNG refused format=json \(HTTP 403\).*search\.formats.*SEARXNG_URL/);
  });
});

describe('searxng limits', () => {
  /** Searches from this many agent sessions arrive at once (the trial that found the fault). */
  const AGENT_SESSIONS = 20;
  /** The longest a search waits on SearXNG's engines: its settings.yml default outgoing.request_timeout. */
  const ENGINE_TIMEOUT_MS = 3_000;

  /**
   * When each of `count` searches arriving together starts, under a queue's concurrency and a fixed
   * window rate limit (as BullMQ keeps them), every search taking `searchMs`.
   */
  function startTimes(
    count: number,
    concurrency: number,
    rate: { max: number; perMs: number },
    searchMs: number,
  ) {
    const starts: number[] = [];
    const running: number[] = [];
    let time = 0;
    while (starts.length < count) {
      running.splice(0, running.length, ...running.filter((end) => end > time));
      const window = Math.floor(time / rate.perMs);
      const inWindow = starts.filter((start) => Math.floor(start / rate.perMs) === window).length;
      if (running.length < concurrency && inWindow < rate.max) {
        starts.push(time);
        running.push(time + searchMs);
      } else {
        time += 1;
      }
    }
    return starts;
  }

  it("an operator's own instance takes 20 agent sessions' searches within the default queue wait", () => {
    const queueWaitMs = parseConfig({}).queueWaitMs;
    const { concurrency, rate } = searxng.limits;
    const late = startTimes(AGENT_SESSIONS, concurrency, rate, ENGINE_TIMEOUT_MS).filter(
      (start) => start > queueWaitMs,
    );
    expect(late).toEqual([]);
    // The defaults the trial hit (4 at once, 2 per second) left more than half of them waiting too long.
    const before = startTimes(AGENT_SESSIONS, 4, { max: 2, perMs: 1_000 }, ENGINE_TIMEOUT_MS);
    expect(before.filter((start) => start > queueWaitMs).length).toBeGreaterThanOrEqual(AGENT_SESSIONS / 2);
  });
});
