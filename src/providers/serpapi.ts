// SerpApi: Google's results page as JSON. GET /search.json?engine=google with the key in `api_key`
// (the only way SerpApi takes it; request.ts keeps `api_key=` out of every message).
import { z } from 'zod';
import { isoDate } from './dates.ts';
import { googleTimeFilter, unsupported, withOperators, withinDates } from './operators.ts';
import { endpoint, type ClassifyAnswer } from './request.ts';
import { fileTypeOf, finishResults } from './results.ts';
import { plainText } from './text.ts';
import { requestJson } from './vendor-answer.ts';
import type { ProviderCaps, SearchProvider } from './types.ts';

const caps: ProviderCaps = {
  // Google shows ten organic results per page and no longer honours a larger `num`.
  maxK: 10,
  sites: true, // site: operators in q
  excludeSites: true,
  categories: ['news'], // tbm=nws, answered in news_results
  dates: 'range', // tbs=qdr:… for windows, tbs=cdr:1,cd_min,cd_max for ranges
  languages: true, // hl
  fileTypes: ['pdf'], // filetype:pdf in q
  homepagesOnly: false,
  filteredSnippets: false,
};

const SerpApiItem = z.object({
  title: z.string().nullish(),
  link: z.string().nullish(),
  snippet: z.string().nullish(),
  date: z.string().nullish(),
  thumbnail: z.string().nullish(),
});

/**
 * What Quarry reads of an answer. A search Google found nothing for is HTTP 200 with `error` ("Google
 * hasn't returned any results for this query.") and no result list; `search_metadata.status` says the
 * search itself ran.
 */
const SerpApiAnswer = z.object({
  search_metadata: z.object({ status: z.string().nullish() }),
  organic_results: z.array(SerpApiItem).nullish(),
  news_results: z.array(SerpApiItem).nullish(),
  error: z.string().nullish(),
});

/** SerpApi answers a spent plan with 429 "Your account has run out of searches."; a 429 about throughput is a rate limit. */
const classifySerpApi: ClassifyAnswer = (response, detail) => {
  if (response.status === 429 && /run out of searches|searches? (?:per|this) month|plan/i.test(detail)) {
    return { kind: 'credits' };
  }
  return undefined;
};

export const serpapi: SearchProvider = {
  id: 'serpapi',
  name: 'SerpApi',
  description: 'Google results as JSON through serpapi.com: organic and news results with dates.',
  caps,
  key: 'required',
  keyEnv: 'SERPAPI_API_KEY',
  keyUrl: 'https://serpapi.com/manage-api-key',
  enabledByDefault: false,
  limits: {
    // SerpApi's plans cap throughput per hour at a share of the monthly searches (the free plan's are
    // a few hundred a month: serpapi.com/pricing); each search takes a few seconds, so two at once and
    // one a second is what a small plan can spend without hitting its hourly cap in a burst.
    concurrency: 2,
    rate: { max: 1, perMs: 1_000 },
  },

  async search(query, ctx) {
    const now = ctx.now?.() ?? Date.now();
    const news = query.categories.includes('news');
    const address = endpoint(ctx.url, 'https://serpapi.com', '/search.json');
    address.searchParams.set('engine', 'google');
    address.searchParams.set('q', withOperators(query));
    if (news) address.searchParams.set('tbm', 'nws');
    const tbs = googleTimeFilter(query);
    if (tbs) address.searchParams.set('tbs', tbs);
    if (query.languages.length === 1) address.searchParams.set('hl', query.languages[0]!);
    address.searchParams.set('api_key', ctx.key ?? '');

    const answer = await requestJson(address, SerpApiAnswer, {
      provider: serpapi,
      ctx,
      classify: classifySerpApi,
    });

    const items = (news ? answer.news_results : answer.organic_results) ?? [];
    const results = finishResults(
      withinDates(
        items.map((item) => ({
          title: plainText(item.title),
          url: item.link,
          snippet: plainText(item.snippet),
          // "Mar 4, 2024" is a day; "3 days ago" is not a date the rules accept.
          date: isoDate(item.date ?? undefined, now),
          image: item.thumbnail,
          fileType: fileTypeOf(item.link),
          category: news ? 'news' : undefined,
        })),
        query,
      ),
      Math.min(query.k, caps.maxK),
    );
    const ignored = unsupported(query, caps, now);
    if (query.languages.length > 1) ignored.push('languages');
    return { results, ignored };
  },
};
