// Perplexity's Search API: POST /search with the key as a Bearer token; ranked web results with
// snippets and dates, the ones behind its answer engine.
import { z } from 'zod';
import { isoDate } from './dates.ts';
import { recencyFor, unsupported, withinDates } from './operators.ts';
import { endpoint } from './request.ts';
import { fileTypeOf, finishResults } from './results.ts';
import { plainText } from './text.ts';
import { requestJson } from './vendor-answer.ts';
import type { ProviderCaps, SearchProvider } from './types.ts';

const caps: ProviderCaps = {
  maxK: 20, // max_results takes 1 to 20
  sites: true, // search_domain_filter (at most 20 domains)
  excludeSites: false,
  categories: [],
  dates: 'recency', // search_recency_filter=day|week|month|year
  languages: false,
  fileTypes: [],
  homepagesOnly: false,
  filteredSnippets: false,
};

/** search_domain_filter holds at most this many domains. */
const MAX_DOMAINS = 20;

/** What Quarry reads of a /search answer: `results` is always there, empty when nothing matched. */
const PerplexityAnswer = z.object({
  results: z.array(
    z.object({
      title: z.string().nullish(),
      url: z.string().nullish(),
      snippet: z.string().nullish(),
      date: z.string().nullish(),
      last_updated: z.string().nullish(),
    }),
  ),
});

export const perplexity: SearchProvider = {
  id: 'perplexity',
  name: 'Perplexity Search',
  description: 'The ranked web results behind Perplexity’s answers, with long snippets and dates.',
  caps,
  key: 'required',
  keyEnv: 'PERPLEXITY_API_KEY',
  keyUrl: 'https://www.perplexity.ai/settings/api',
  enabledByDefault: false,
  limits: {
    // Limits grow with the account's spending tier; a new key is the narrowest, so stay modest.
    concurrency: 3,
    rate: { max: 3, perMs: 1_000 },
  },

  async search(query, ctx) {
    const now = ctx.now?.() ?? Date.now();
    const body: Record<string, unknown> = { query: query.text, max_results: Math.min(query.k, caps.maxK) };
    if (query.sites.length) body.search_domain_filter = query.sites.slice(0, MAX_DOMAINS);
    const recency = recencyFor(query, now);
    if (recency) body.search_recency_filter = recency;

    const answer = await requestJson(
      endpoint(ctx.url, 'https://api.perplexity.ai', '/search'),
      PerplexityAnswer,
      {
        provider: perplexity,
        ctx,
        method: 'POST',
        headers: { authorization: `Bearer ${ctx.key ?? ''}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      },
    );

    const results = finishResults(
      withinDates(
        answer.results.map((result) => ({
          title: plainText(result.title),
          url: result.url,
          snippet: plainText(result.snippet),
          // `date` is the publication date; `last_updated` only a fallback, as the date rules order them.
          date: isoDate(result.date ?? undefined, now) ?? isoDate(result.last_updated ?? undefined, now),
          fileType: fileTypeOf(result.url),
        })),
        query,
      ),
      Math.min(query.k, caps.maxK),
    );
    const ignored = unsupported(query, caps, now);
    if (query.sites.length > MAX_DOMAINS) ignored.push('sites');
    return { results, ignored };
  },
};
