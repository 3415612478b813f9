// Brave Search API, web results: GET /res/v1/web/search with the key in X-Subscription-Token.
import { z } from 'zod';
import { isoDate } from './dates.ts';
import { rangeStart, unsupported, withOperators } from './operators.ts';
import { endpoint } from './request.ts';
import { finishResults } from './results.ts';
import { plainText } from './text.ts';
import { requestJson } from './vendor-answer.ts';
import type { ProviderCaps, SearchProvider, SearchQuery } from './types.ts';

const caps: ProviderCaps = {
  maxK: 20, // `count` takes at most 20
  sites: true, // site: operators in q
  excludeSites: true,
  categories: [],
  dates: 'range', // freshness=YYYY-MM-DDtoYYYY-MM-DD
  languages: true, // search_lang, one at a time
  fileTypes: ['pdf'], // filetype:pdf in q
  homepagesOnly: false,
  filteredSnippets: false,
};

/** What Quarry reads of Brave's answer. `web` is left out when nothing was found; when present it holds `results`. */
const BraveAnswer = z.object({
  web: z
    .object({
      results: z.array(
        z.object({
          title: z.string().nullish(),
          url: z.string().nullish(),
          description: z.string().nullish(),
          page_age: z.string().nullish(),
          age: z.string().nullish(),
          language: z.string().nullish(),
          thumbnail: z.object({ src: z.string().nullish() }).nullish(),
        }),
      ),
    })
    .nullish(),
});

/** Brave's `freshness`: pd/pw/pm/py for windows, `FROMtoTO` for a range. */
function freshness(query: SearchQuery, now: number): string | undefined {
  if (query.recency && !query.from && !query.to) {
    return { day: 'pd', week: 'pw', month: 'pm', year: 'py' }[query.recency];
  }
  const from = rangeStart(query, now);
  if (!from && !query.to) return undefined;
  const to = query.to ?? new Date(now).toISOString().slice(0, 10);
  return `${from ?? '1990-01-01'}to${to}`;
}

/**
 * Brave says which window ran out in its own headers: `X-RateLimit-Remaining: 0, 1000` (per second,
 * per month) and `X-RateLimit-Reset: 1, 1419704` (seconds until each window resets). A spent month is
 * credits until the month turns; a spent second is a rate limit for that second.
 */
export function rateLimitReading(
  headers: Headers,
  detail: string,
  now: number,
): { kind: 'limit' | 'credits'; retryAt?: number } {
  const numbers = (name: string) =>
    (headers.get(name) ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter((part) => /^\d+$/.test(part))
      .map(Number);
  const remaining = numbers('x-ratelimit-remaining');
  const reset = numbers('x-ratelimit-reset');
  // Without the headers, Brave's words tell the month ("quota") from the second.
  const monthSpent = remaining.length > 1 ? remaining[1] === 0 : /quota|month/i.test(detail);
  const window = monthSpent ? 1 : 0;
  const seconds = reset[window];
  return {
    kind: monthSpent ? 'credits' : 'limit',
    ...(seconds === undefined ? {} : { retryAt: now + seconds * 1_000 }),
  };
}

export const brave: SearchProvider = {
  id: 'brave',
  name: 'Brave Search',
  description: 'Brave’s independent web index: good general results, a free plan with a monthly allowance.',
  caps,
  key: 'required',
  keyEnv: 'BRAVE_API_KEY',
  keyUrl: 'https://api-dashboard.search.brave.com/app/keys',
  enabledByDefault: false,
  limits: {
    // The free plan allows 1 request per second; in-flight calls beyond one only queue at Brave.
    concurrency: 1,
    rate: { max: 1, perMs: 1_000 },
  },

  async search(query, ctx) {
    const now = ctx.now?.() ?? Date.now();
    const address = endpoint(ctx.url, 'https://api.search.brave.com', '/res/v1/web/search');
    address.searchParams.set('q', withOperators(query));
    address.searchParams.set('count', String(Math.min(query.k, caps.maxK)));
    address.searchParams.set('result_filter', 'web');
    const window = freshness(query, now);
    if (window) address.searchParams.set('freshness', window);
    if (query.languages.length === 1) address.searchParams.set('search_lang', query.languages[0]!);

    const answer = await requestJson(address, BraveAnswer, {
      provider: brave,
      ctx,
      headers: { 'x-subscription-token': ctx.key ?? '' },
      // Brave answers a malformed or unknown token with 422 SUBSCRIPTION_TOKEN_INVALID.
      classify: (response, detail) => {
        if (response.status === 422 && /token/i.test(detail)) return { kind: 'auth' };
        if (response.status === 429) return rateLimitReading(response.headers, detail, now);
        return undefined;
      },
    });

    const results = finishResults(
      (answer.web?.results ?? []).map((result) => ({
        title: plainText(result.title),
        url: result.url,
        snippet: plainText(result.description),
        // page_age comes without a zone (not an instant); `age` is a plain day when it is not "2 weeks ago".
        date: isoDate(result.page_age ?? undefined, now) ?? isoDate(result.age ?? undefined, now),
        language: result.language,
        image: result.thumbnail?.src,
      })),
      Math.min(query.k, caps.maxK),
    );
    const ignored = unsupported(query, caps, now);
    if (query.languages.length > 1) ignored.push('languages');
    return { results, ignored };
  },
};
