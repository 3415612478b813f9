// Kagi Search API (v0, in beta): GET /api/v0/search?q=&limit= with `Authorization: Bot <token>`.
// Every answer comes in Kagi's envelope: `meta`, `data` (search objects: t=0 a result, t=1 related
// searches) and, when something went wrong, `error: [{ code, msg }]`.
import { z } from 'zod';
import { isoDate } from './dates.ts';
import { unsupported, withOperators } from './operators.ts';
import { endpoint, type ClassifyAnswer } from './request.ts';
import { fileTypeOf, finishResults } from './results.ts';
import { plainText } from './text.ts';
import { malformedAnswer, requestJson } from './vendor-answer.ts';
import type { ProviderCaps, SearchErrorKind, SearchProvider } from './types.ts';

const DEFAULT_ADDRESS = 'https://kagi.com';

const caps: ProviderCaps = {
  // `limit` has no documented maximum; a Kagi results page holds about ten, and twenty keeps one answer short.
  maxK: 20,
  sites: true, // site: operators in q, as on kagi.com
  excludeSites: true, // -site:
  categories: [],
  dates: false, // the v0 API takes no date filter
  languages: false,
  fileTypes: ['pdf'], // filetype:pdf in q
  homepagesOnly: false,
  filteredSnippets: false,
};

const KagiAnswer = z.object({
  /** Null on an error answer; an array of search objects otherwise. */
  data: z
    .array(
      z.object({
        t: z.number(),
        url: z.string().nullish(),
        title: z.string().nullish(),
        snippet: z.string().nullish(),
        published: z.string().nullish(),
        thumbnail: z.object({ url: z.string().nullish() }).nullish(),
      }),
    )
    .nullish(),
  error: z.array(z.object({ code: z.number().nullish(), msg: z.string().nullish() })).nullish(),
});

/** Kagi's own error codes (help.kagi.com/kagi/api/intro/response-format.html) → failure kinds. */
const ERROR_KINDS: Record<number, SearchErrorKind> = {
  0: 'unavailable', // internal error
  1: 'invalid', // malformed request
  2: 'auth', // unauthorized
  100: 'credits', // no billing information
  101: 'credits', // insufficient credit
};

/** Reads the error code Kagi puts in its envelope, whatever the HTTP status. */
const classifyKagi: ClassifyAnswer = (response) => {
  try {
    const code = (JSON.parse(response.body) as { error?: Array<{ code?: unknown }> }).error?.[0]?.code;
    const kind = typeof code === 'number' ? ERROR_KINDS[code] : undefined;
    // A 429 stays a rate limit whatever the code says; its Retry-After is read as for every provider.
    return kind && response.status !== 429 ? { kind } : undefined;
  } catch {
    return undefined;
  }
};

/** Kagi proxies thumbnails through its own host and gives their address relative to it. */
function thumbnailAddress(value: string | null | undefined, base: string): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value, base).href;
  } catch {
    return undefined;
  }
}

export const kagi: SearchProvider = {
  id: 'kagi',
  name: 'Kagi Search',
  description: 'Kagi’s ad-free premium results (API in beta, for Kagi members): paid per search.',
  caps,
  key: 'required',
  keyEnv: 'KAGI_API_KEY',
  keyUrl: 'https://kagi.com/settings?p=api',
  enabledByDefault: false,
  limits: {
    // Kagi publishes no rate limit for the beta API; every search is billed (2.5¢ each, $25 per 1,000
    // queries: help.kagi.com/kagi/api/search.html), so a couple at once keeps a runaway agent cheap.
    concurrency: 2,
    rate: { max: 2, perMs: 1_000 },
  },

  async search(query, ctx) {
    const now = ctx.now?.() ?? Date.now();
    const address = endpoint(ctx.url, DEFAULT_ADDRESS, '/api/v0/search');
    address.searchParams.set('q', withOperators(query));
    address.searchParams.set('limit', String(Math.min(query.k, caps.maxK)));

    const answer = await requestJson(address, KagiAnswer, {
      provider: kagi,
      ctx,
      headers: { authorization: `Bot ${ctx.key ?? ''}` },
      classify: classifyKagi,
    });
    if (!answer.data) {
      throw malformedAnswer(
        kagi,
        ctx,
        { status: 200, address: `${address.origin}${address.pathname}` },
        `an envelope without data${answer.error?.[0]?.msg ? ` (${plainText(answer.error[0].msg)})` : ''}`,
      );
    }

    const results = finishResults(
      answer.data
        .filter((item) => item.t === 0)
        .map((item) => ({
          title: plainText(item.title),
          url: item.url,
          snippet: plainText(item.snippet),
          date: isoDate(item.published ?? undefined, now),
          image: thumbnailAddress(item.thumbnail?.url, ctx.url || DEFAULT_ADDRESS),
          fileType: fileTypeOf(item.url),
        })),
      Math.min(query.k, caps.maxK),
    );
    return { results, ignored: unsupported(query, caps, now) };
  },
};
