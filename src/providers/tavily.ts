// Tavily: a search API made for agents. POST /search, key as a Bearer token.
import { z } from 'zod';
import { isoDate } from './dates.ts';
import { rangeStart, unsupported } from './operators.ts';
import { endpoint, providerError } from './request.ts';
import { finishResults } from './results.ts';
import { plainText } from './text.ts';
import { requestJson } from './vendor-answer.ts';
import type { ProviderCaps, SearchProvider } from './types.ts';

/** An /extract answer: the pages it read in `results`, the ones it could not in `failed_results`. */
const TavilyExtractAnswer = z.object({
  results: z.array(z.object({ url: z.string().nullish(), raw_content: z.string().nullish() })),
  failed_results: z.array(z.object({ url: z.string().nullish(), error: z.string().nullish() })).nullish(),
});

/** Chunks asked for one page: enough to cover an answer spread over a few places. */
const PAGE_CHUNKS = 3;

const caps: ProviderCaps = {
  maxK: 20, // max_results takes 0 to 20
  sites: true, // include_domains
  excludeSites: true, // exclude_domains
  categories: ['news', 'finance'], // topic
  dates: 'range', // start_date / end_date
  languages: false,
  fileTypes: [],
  homepagesOnly: false,
  filteredSnippets: false,
};

/** What Quarry reads of a /search answer: `results` is always there, empty when nothing matched. */
const TavilyAnswer = z.object({
  results: z.array(
    z.object({
      title: z.string().nullish(),
      url: z.string().nullish(),
      content: z.string().nullish(),
      published_date: z.string().nullish(),
    }),
  ),
});

export const tavily: SearchProvider = {
  id: 'tavily',
  name: 'Tavily',
  description: 'A search API made for AI agents: relevant extracts per result, a monthly free allowance.',
  caps,
  key: 'required',
  keyEnv: 'TAVILY_API_KEY',
  keyUrl: 'https://app.tavily.com/home',
  enabledByDefault: false,
  limits: {
    // Development keys allow 100 requests per minute; a handful in flight is enough to reach that.
    concurrency: 5,
    rate: { max: 100, perMs: 60_000 },
  },

  async search(query, ctx) {
    const now = ctx.now?.() ?? Date.now();
    const topic = query.categories.find((category) => caps.categories.includes(category)) ?? 'general';
    const body: Record<string, unknown> = {
      query: query.text,
      search_depth: 'basic', // one credit per search; "advanced" costs two
      topic,
      max_results: Math.min(query.k, caps.maxK),
    };
    if (query.sites.length) body.include_domains = query.sites;
    if (query.excludeSites.length) body.exclude_domains = query.excludeSites;
    const from = rangeStart(query, now);
    if (from) body.start_date = from;
    if (query.to) body.end_date = query.to;

    const answer = await requestJson(endpoint(ctx.url, 'https://api.tavily.com', '/search'), TavilyAnswer, {
      provider: tavily,
      ctx,
      method: 'POST',
      headers: { authorization: `Bearer ${ctx.key ?? ''}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      // 432: the plan's allowance is used up; 433: the pay-as-you-go limit is reached.
      classify: (response) =>
        response.status === 432 || response.status === 433 ? { kind: 'credits' } : undefined,
    });

    const results = finishResults(
      (answer.results ?? []).map((result) => ({
        title: plainText(result.title),
        url: result.url,
        snippet: plainText(result.content),
        date: isoDate(result.published_date ?? undefined, now),
        category: topic === 'general' ? undefined : topic,
      })),
      Math.min(query.k, caps.maxK),
    );
    const ignored = unsupported(query, caps, now);
    if (query.categories.length > 1) ignored.push('categories');
    return { results, ignored: [...new Set(ignored)] };
  },

  async filterPage(input, ctx) {
    // Extract with a query reranks the page's chunks and returns the best ones (1 to 5, up to 500 characters each).
    const chunks = Math.min(Math.max(input.k ?? PAGE_CHUNKS, 1), 5);
    const answer = await requestJson(
      endpoint(ctx.url, 'https://api.tavily.com', '/extract'),
      TavilyExtractAnswer,
      {
        provider: tavily,
        ctx,
        method: 'POST',
        headers: { authorization: `Bearer ${ctx.key ?? ''}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          urls: [input.url],
          query: input.question,
          chunks_per_source: chunks,
          extract_depth: 'basic', // one credit per five pages; "advanced" costs twice that
        }),
        classify: (response) =>
          response.status === 432 || response.status === 433 ? { kind: 'credits' } : undefined,
      },
    );
    const result = answer.results?.find((entry) => entry.url === input.url) ?? answer.results?.[0];
    if (!result) {
      const failed = answer.failed_results?.[0]?.error;
      throw providerError(
        tavily,
        ctx,
        'invalid',
        `Tavily could not extract ${input.url}${failed ? ` (${plainText(failed)})` : ''}: the page is read and ranked here instead.`,
      );
    }
    // The chunks come back in one text, separated by "[...]".
    const snippets = (result.raw_content ?? '')
      .split(/\s*\[\.\.\.\]\s*/)
      .map((chunk) => plainText(chunk))
      .filter(Boolean);
    return { snippets, method: 'tavily-extract' };
  },
};
