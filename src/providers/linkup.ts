// Linkup: a web search API for AI. POST /v1/search with the key as a Bearer token; with
// outputType=searchResults it answers ranked sources (text results and, when asked, images).
import { z } from 'zod';
import { rangeStart, unsupported } from './operators.ts';
import { endpoint, providerError, request, scrub, vendorDetail, type ClassifyAnswer } from './request.ts';
import { fileTypeOf, finishResults } from './results.ts';
import { plainText } from './text.ts';
import { readVendorJson } from './vendor-answer.ts';
import type { ProviderCaps, SearchProvider } from './types.ts';

const caps: ProviderCaps = {
  // maxResults has no documented maximum; twenty keeps one answer short.
  maxK: 20,
  sites: true, // includeDomains (up to 100)
  excludeSites: true, // excludeDomains
  categories: [],
  dates: 'range', // fromDate / toDate, YYYY-MM-DD
  languages: false,
  fileTypes: [],
  homepagesOnly: false,
  filteredSnippets: false,
};

/** What Quarry reads of a searchResults answer: `results` is always there. */
const LinkupAnswer = z.object({
  results: z.array(
    z.object({
      type: z.string().nullish(),
      name: z.string().nullish(),
      url: z.string().nullish(),
      content: z.string().nullish(),
    }),
  ),
});

/** Linkup's error answers: `{ statusCode, error: { code, message, details } }`. */
function errorCode(body: string): string | undefined {
  try {
    const code = (JSON.parse(body) as { error?: { code?: unknown } }).error?.code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Linkup's own codes, as its SDKs read them: a 429 is either spent credits (INSUFFICIENT_FUNDS_CREDITS),
 * a key's budget limit (EXCEED_BUDGET_LIMIT) or too many requests at once (TOO_MANY_REQUESTS).
 */
const classifyLinkup: ClassifyAnswer = (response) => {
  const code = errorCode(response.body);
  if (code === 'INSUFFICIENT_FUNDS_CREDITS' || code === 'EXCEED_BUDGET_LIMIT') return { kind: 'credits' };
  if (code === 'TOO_MANY_REQUESTS') return { kind: 'limit' };
  if (response.status === 429 && !code) return { kind: 'limit' };
  return undefined;
};

/** A 400 with this code is Linkup saying "nothing found" (and it charges nothing for it). */
const NO_RESULT = 'SEARCH_QUERY_NO_RESULT';

export const linkup: SearchProvider = {
  id: 'linkup',
  name: 'Linkup',
  description: 'An AI-native web index for agents: ranked sources with long extracts, paid in credits.',
  caps,
  key: 'required',
  keyEnv: 'LINKUP_API_KEY',
  keyUrl: 'https://app.linkup.so',
  enabledByDefault: false,
  limits: {
    // Linkup throttles per account without publishing figures (its errors page: 429 TOO_MANY_REQUESTS
    // for too many concurrent requests), and spends credits: a standard search costs 1, a deep one 10
    // (docs.linkup.so, Credits). A few at once stays clear of the throttle.
    concurrency: 3,
    rate: { max: 5, perMs: 1_000 },
  },

  async search(query, ctx) {
    const now = ctx.now?.() ?? Date.now();
    const body: Record<string, unknown> = {
      q: query.text,
      depth: 'standard', // one credit; "deep" searches iteratively for tens of seconds at ten
      outputType: 'searchResults',
      maxResults: Math.min(query.k, caps.maxK),
    };
    if (query.sites.length) body.includeDomains = query.sites;
    if (query.excludeSites.length) body.excludeDomains = query.excludeSites;
    const from = rangeStart(query, now);
    if (from) body.fromDate = from;
    if (query.to) body.toDate = query.to;

    const answer = await request(endpoint(ctx.url, 'https://api.linkup.so', '/v1/search'), {
      provider: linkup,
      ctx,
      method: 'POST',
      headers: {
        accept: 'application/json',
        authorization: `Bearer ${ctx.key ?? ''}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
      passStatuses: [400],
      classify: classifyLinkup,
    });
    const ignored = unsupported(query, caps, now);
    if (answer.status === 400) {
      if (errorCode(answer.body) === NO_RESULT) return { results: [], ignored };
      const detail = scrub(vendorDetail(answer.body), ctx);
      throw providerError(
        linkup,
        ctx,
        'invalid',
        `Linkup refused the search's arguments (HTTP 400${detail ? `: ${detail}` : ''}): change the words or filters and search again.`,
        { status: 400 },
      );
    }
    const read = readVendorJson(answer, LinkupAnswer, linkup, ctx);
    const results = finishResults(
      read.results
        .filter((item) => (item.type ?? 'text') === 'text')
        .map((item) => ({
          title: plainText(item.name),
          url: item.url,
          snippet: plainText(item.content),
          fileType: fileTypeOf(item.url),
        })),
      Math.min(query.k, caps.maxK),
    );
    return { results, ignored };
  },
};
