// Marginalia Search: an independent index of the small, non-commercial web. GET /search?query= on
// api2.marginalia-search.com with the key in the API-Key header; without a key of your own, the
// shared key "public" works (often rate limited, which it answers with HTTP 503).
import { z } from 'zod';
import { unsupported } from './operators.ts';
import { endpoint } from './request.ts';
import { fileTypeOf, finishResults } from './results.ts';
import { plainText } from './text.ts';
import { requestJson } from './vendor-answer.ts';
import type { ProviderCaps, SearchProvider } from './types.ts';

/** The key anyone may use, with one rate limit shared by all its users (about.marginalia-search.com/article/api). */
const PUBLIC_KEY = 'public';

const caps: ProviderCaps = {
  maxK: 100, // count takes 1 to 100
  sites: false,
  excludeSites: false,
  categories: [],
  dates: false,
  languages: false,
  fileTypes: [],
  homepagesOnly: false,
  filteredSnippets: false,
};

/** What Quarry reads of an answer: `results` is always there (next to `query` and `license`). */
const MarginaliaAnswer = z.object({
  results: z.array(
    z.object({
      url: z.string().nullish(),
      title: z.string().nullish(),
      description: z.string().nullish(),
    }),
  ),
});

export const marginalia: SearchProvider = {
  id: 'marginalia',
  name: 'Marginalia Search',
  description: 'An independent index of the small, non-commercial web: a shared public key or your own.',
  caps,
  key: 'optional',
  keyEnv: 'MARGINALIA_API_KEY',
  keyUrl: 'https://about.marginalia-search.com/article/api',
  enabledByDefault: false,
  limits: {
    // The shared public key has one rate limit for everyone; one at a time, one a second keeps Quarry
    // a polite user of it. A key of your own (free for non-commercial use, by email) has its own limit.
    concurrency: 1,
    rate: { max: 1, perMs: 1_000 },
  },

  async search(query, ctx) {
    const now = ctx.now?.() ?? Date.now();
    const address = endpoint(ctx.url, 'https://api2.marginalia-search.com', '/search');
    address.searchParams.set('query', query.text);
    address.searchParams.set('count', String(Math.min(query.k, caps.maxK)));

    const answer = await requestJson(address, MarginaliaAnswer, {
      provider: marginalia,
      ctx,
      headers: { 'api-key': ctx.key || PUBLIC_KEY },
      // Marginalia says "rate limited" with 503, not 429.
      classify: (response) =>
        response.status === 503
          ? {
              kind: 'limit',
              message: `Marginalia Search is rate limited (HTTP 503)${ctx.key ? '' : ' on the shared public key'}: ${ctx.key ? 'lower its rate (settings file: providers.marginalia.rateMax and ratePerMs)' : 'ask for a key of your own (about.marginalia-search.com/article/api) and set MARGINALIA_API_KEY'}, or put another provider first.`,
            }
          : undefined,
    });

    const results = finishResults(
      answer.results.map((item) => ({
        title: plainText(item.title),
        url: item.url,
        snippet: plainText(item.description),
        fileType: fileTypeOf(item.url),
      })),
      Math.min(query.k, caps.maxK),
    );
    return { results, ignored: unsupported(query, caps, now) };
  },
};
