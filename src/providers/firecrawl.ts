// Firecrawl's search: POST /v2/search with the key as a Bearer token; web or news results, the
// operators (site:, -site:, filetype:) read in the query as a search engine reads them.
import { z } from 'zod';
import { isoDate } from './dates.ts';
import { recencyFor, unsupported, withOperators, withinDates } from './operators.ts';
import { endpoint } from './request.ts';
import { fileTypeOf, finishResults } from './results.ts';
import { plainText } from './text.ts';
import { requestJson } from './vendor-answer.ts';
import type { ProviderCaps, SearchProvider } from './types.ts';

const caps: ProviderCaps = {
  maxK: 100, // `limit` takes 1 to 100 per source
  sites: true, // site: operators in the query
  excludeSites: true, // -site:
  categories: ['news'], // sources: ["news"]
  dates: 'recency', // tbs=qdr:d|w|m|y
  languages: false,
  fileTypes: ['pdf'], // filetype:pdf in the query
  homepagesOnly: false,
  filteredSnippets: false,
};

const FirecrawlItem = z.object({
  url: z.string().nullish(),
  title: z.string().nullish(),
  description: z.string().nullish(),
  snippet: z.string().nullish(),
  date: z.string().nullish(),
});

/** What Quarry reads of a v2 answer: `data` holds one list per source asked (`web`, `news`). */
const FirecrawlAnswer = z.object({
  success: z.boolean().nullish(),
  data: z.object({
    web: z.array(FirecrawlItem).nullish(),
    news: z.array(FirecrawlItem).nullish(),
  }),
});

export const firecrawl: SearchProvider = {
  id: 'firecrawl',
  name: 'Firecrawl Search',
  description: 'Firecrawl’s web and news search: titles and descriptions, paid in Firecrawl credits.',
  caps,
  key: 'required',
  keyEnv: 'FIRECRAWL_API_KEY',
  keyUrl: 'https://www.firecrawl.dev/app/api-keys',
  enabledByDefault: false,
  limits: {
    // Firecrawl's rate-limit table gives /search on the free plan 5 requests per minute and two
    // browsers at once; paid plans allow far more. A search costs 2 credits per 10 results
    // (docs.firecrawl.dev, Search), the free plan holds 500 credits once.
    concurrency: 2,
    rate: { max: 5, perMs: 60_000 },
  },

  async search(query, ctx) {
    const now = ctx.now?.() ?? Date.now();
    const news = query.categories.includes('news');
    const body: Record<string, unknown> = {
      query: withOperators(query),
      limit: Math.min(query.k, caps.maxK),
      sources: [news ? 'news' : 'web'],
    };
    const recency = recencyFor(query, now);
    if (recency) body.tbs = `qdr:${recency.charAt(0)}`;

    const answer = await requestJson(
      endpoint(ctx.url, 'https://api.firecrawl.dev', '/v2/search'),
      FirecrawlAnswer,
      {
        provider: firecrawl,
        ctx,
        method: 'POST',
        headers: { authorization: `Bearer ${ctx.key ?? ''}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      },
    );

    const items = (news ? answer.data.news : answer.data.web) ?? [];
    const results = finishResults(
      withinDates(
        items.map((item) => ({
          title: plainText(item.title),
          url: item.url,
          snippet: plainText(item.description ?? item.snippet),
          // News results carry a day ("Jan 4, 2025") or a relative time ("3 days ago", not a date).
          date: isoDate(item.date ?? undefined, now),
          fileType: fileTypeOf(item.url),
          category: news ? 'news' : undefined,
        })),
        query,
      ),
      Math.min(query.k, caps.maxK),
    );
    return { results, ignored: unsupported(query, caps, now) };
  },
};
