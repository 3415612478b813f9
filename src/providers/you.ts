// You.com's Search API: POST /v1/search on ydc-index.io with the key in X-API-Key; ranked web results
// (and news ones, when its classifier finds the question newsy) with query-aware snippets.
import { z } from 'zod';
import { isoDate } from './dates.ts';
import { rangeStart, unsupported } from './operators.ts';
import { endpoint } from './request.ts';
import { fileTypeOf, finishResults } from './results.ts';
import { plainText } from './text.ts';
import { requestJson } from './vendor-answer.ts';
import type { ProviderCaps, SearchProvider, SearchQuery } from './types.ts';

const caps: ProviderCaps = {
  maxK: 100, // count takes 1 to 100 per section
  sites: true, // include_domains
  excludeSites: true, // exclude_domains
  categories: [],
  dates: 'range', // freshness=day|week|month|year or YYYY-MM-DDtoYYYY-MM-DD
  languages: true, // the lang: operator, one language
  fileTypes: ['pdf'], // the filetype: operator
  homepagesOnly: false,
  filteredSnippets: false,
};

const YouItem = z.object({
  url: z.string().nullish(),
  title: z.string().nullish(),
  description: z.string().nullish(),
  snippets: z.array(z.string()).nullish(),
  thumbnail_url: z.string().nullish(),
  page_age: z.string().nullish(),
});

/** What Quarry reads of an answer: `results.web`, and `results.news` when You.com adds news. */
const YouAnswer = z.object({
  results: z.object({
    web: z.array(YouItem).nullish(),
    news: z.array(YouItem).nullish(),
  }),
});

/** You.com's `freshness`: a window by name, or a range `FROMtoTO`. */
function freshness(query: SearchQuery, now: number): string | undefined {
  if (query.recency && !query.from && !query.to) return query.recency;
  const from = rangeStart(query, now);
  if (!from && !query.to) return undefined;
  return `${from ?? '1990-01-01'}to${query.to ?? new Date(now).toISOString().slice(0, 10)}`;
}

export const you: SearchProvider = {
  id: 'you',
  name: 'You.com Search',
  description: 'You.com’s own web index: ranked results with several query-aware snippets each.',
  caps,
  key: 'required',
  keyEnv: 'YDC_API_KEY',
  keyUrl: 'https://you.com/platform',
  enabledByDefault: false,
  limits: {
    // Self-serve accounts default to 10 requests per second; a call costs $5 per 1,000 and new
    // accounts get $100 in credits (you.com/resources/you-com-web-search-api, September 2026).
    concurrency: 5,
    rate: { max: 10, perMs: 1_000 },
  },

  async search(query, ctx) {
    const now = ctx.now?.() ?? Date.now();
    const operators = [
      ...(query.languages.length === 1 ? [`lang:${query.languages[0]}`] : []),
      ...(query.fileTypes.includes('pdf') ? ['filetype:pdf'] : []),
    ];
    const body: Record<string, unknown> = {
      query: [query.text, ...operators].join(' '),
      count: Math.min(query.k, caps.maxK),
    };
    const window = freshness(query, now);
    if (window) body.freshness = window;
    if (query.sites.length) body.include_domains = query.sites;
    if (query.excludeSites.length) body.exclude_domains = query.excludeSites;

    const answer = await requestJson(endpoint(ctx.url, 'https://ydc-index.io', '/v1/search'), YouAnswer, {
      provider: you,
      ctx,
      method: 'POST',
      headers: { 'x-api-key': ctx.key ?? '', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

    const drafts = [
      ...(answer.results.web ?? []).map((item) => ({ item, category: undefined })),
      ...(answer.results.news ?? []).map((item) => ({ item, category: 'news' })),
    ].map(({ item, category }) => ({
      title: plainText(item.title),
      url: item.url,
      // The snippets are what answers the query; the description is the page's own summary.
      snippet:
        (item.snippets ?? [])
          .map((snippet) => plainText(snippet))
          .filter(Boolean)
          .join(' … ') || plainText(item.description),
      // page_age as documented has no zone, so the date rules take no date from it; one with a zone is kept.
      date: isoDate(item.page_age ?? undefined, now),
      image: item.thumbnail_url,
      fileType: fileTypeOf(item.url),
      category,
    }));
    const ignored = unsupported(query, caps, now);
    if (query.languages.length > 1) ignored.push('languages');
    return { results: finishResults(drafts, Math.min(query.k, caps.maxK)), ignored };
  },
};
