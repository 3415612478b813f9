// Firecrawl's search: POST /v2/search with the key as a Bearer token; web or news results, the
// operators (site:, -site:, filetype:) read in the query as a search engine reads them. Its scrape
// with the highlights format filters one page to a question for read_page.
import { z } from 'zod';
import { isoDate } from './dates.ts';
import { recencyFor, unsupported, withOperators, withinDates } from './operators.ts';
import { endpoint, providerError } from './request.ts';
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

/**
 * A /v2/scrape answer with the highlights format: the page's own sentences that match the query, in
 * `data.highlights` (one Markdown text whose passages are separated by blank lines, or a list of them),
 * and the page's own status in `data.metadata.statusCode`.
 */
const FirecrawlScrapeAnswer = z.object({
  success: z.boolean().nullish(),
  data: z.object({
    highlights: z.union([z.string(), z.array(z.string())]).nullish(),
    metadata: z.object({ statusCode: z.number().nullish(), error: z.string().nullish() }).nullish(),
  }),
});

/** A page answered with this status or above could not be read: Firecrawl's highlights of it say nothing. */
const FIRST_FAILED_STATUS = 400;

/** Markdown marks that are layout, not words: headings, list bullets, emphasis. */
function plainPassage(markdown: string): string {
  return plainText(
    markdown
      .replace(/^\s{0,3}#{1,6}\s+/gm, '')
      .replace(/^\s*[-*+]\s+/gm, '')
      .replace(/(\*\*|__)(.*?)\1/g, '$2'),
  );
}

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
    // (docs.firecrawl.dev, Search) and a page filter (one /scrape) 1 credit; the free plan holds 500
    // credits once.
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

  async filterPage(input, ctx) {
    const answer = await requestJson(
      endpoint(ctx.url, 'https://api.firecrawl.dev', '/v2/scrape'),
      FirecrawlScrapeAnswer,
      {
        provider: firecrawl,
        ctx,
        method: 'POST',
        headers: { authorization: `Bearer ${ctx.key ?? ''}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          url: input.url,
          formats: [{ type: 'highlights', query: input.question }],
          onlyMainContent: true,
        }),
      },
    );
    const status = answer.data.metadata?.statusCode;
    if (status && status >= FIRST_FAILED_STATUS) {
      const said = answer.data.metadata?.error ? `, ${plainText(answer.data.metadata.error)}` : '';
      throw providerError(
        firecrawl,
        ctx,
        'invalid',
        `Firecrawl could not read ${input.url} (the page answered HTTP ${status}${said}): the page is read and ranked here instead.`,
      );
    }
    const highlights = answer.data.highlights ?? [];
    const passages = typeof highlights === 'string' ? highlights.split(/\n\s*\n/) : highlights;
    const snippets = passages.map(plainPassage).filter(Boolean);
    return { snippets: input.k ? snippets.slice(0, input.k) : snippets, method: 'firecrawl-highlights' };
  },
};
