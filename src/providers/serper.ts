// Serper: Google results as JSON. POST /search (or /news) with the key in X-API-KEY.
import { z } from 'zod';
import { isoDate } from './dates.ts';
import { googleTimeFilter, unsupported, withOperators, withinDates } from './operators.ts';
import { endpoint } from './request.ts';
import { fileTypeOf, finishResults } from './results.ts';
import { plainText } from './text.ts';
import { requestJson } from './vendor-answer.ts';
import type { ProviderCaps, SearchProvider } from './types.ts';

const caps: ProviderCaps = {
  maxK: 100, // num goes up to 100 (more credits per call above 10)
  sites: true, // site: operators in q
  excludeSites: true,
  categories: ['news'], // the /news endpoint
  dates: 'range', // tbs=qdr:… for windows, tbs=cdr:1,cd_min,cd_max for ranges
  languages: true, // hl
  fileTypes: ['pdf'], // filetype:pdf in q
  homepagesOnly: false,
  filteredSnippets: false,
};

const SerperItem = z.object({
  title: z.string().nullish(),
  link: z.string().nullish(),
  snippet: z.string().nullish(),
  date: z.string().nullish(),
  imageUrl: z.string().nullish(),
});

/** What Quarry reads of a /search answer: `organic` is always there, empty when nothing matched. */
const SerperWebAnswer = z.object({ organic: z.array(SerperItem) });
/** A /news answer holds `news` instead. */
const SerperNewsAnswer = z.object({ news: z.array(SerperItem) });

export const serper: SearchProvider = {
  id: 'serper',
  name: 'Serper',
  description: 'Google results as JSON through serper.dev: fast, cheap, with news and dates.',
  caps,
  key: 'required',
  keyEnv: 'SERPER_API_KEY',
  keyUrl: 'https://serper.dev/api-key',
  enabledByDefault: false,
  limits: {
    // The starter plan allows 50 queries per second; stay well under it so a shared key keeps working.
    concurrency: 5,
    rate: { max: 10, perMs: 1_000 },
  },

  async search(query, ctx) {
    const now = ctx.now?.() ?? Date.now();
    const news = query.categories.includes('news');
    const body: Record<string, unknown> = { q: withOperators(query), num: Math.min(query.k, caps.maxK) };
    const tbs = googleTimeFilter(query);
    if (tbs) body.tbs = tbs;
    if (query.languages.length === 1) body.hl = query.languages[0];

    const answer = await requestJson(
      endpoint(ctx.url, 'https://google.serper.dev', news ? '/news' : '/search'),
      news ? SerperNewsAnswer : SerperWebAnswer,
      {
        provider: serper,
        ctx,
        method: 'POST',
        headers: { 'x-api-key': ctx.key ?? '', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      },
    );

    const results = finishResults(
      withinDates(
        ('news' in answer ? answer.news : answer.organic).map((item) => ({
          title: plainText(item.title),
          url: item.link,
          snippet: plainText(item.snippet),
          // "Jan 29, 2023" is a day; "3 days ago" is not a date the rules accept.
          date: isoDate(item.date ?? undefined, now),
          image: item.imageUrl,
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
