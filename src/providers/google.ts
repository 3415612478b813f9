// Google Custom Search JSON API: GET /customsearch/v1 with `key` (API key) and `cx` (the engine id).
import { z } from 'zod';
import { DATE_META_TAGS, isoDate } from './dates.ts';
import { recencyFor, unsupported, withOperators, withinDates } from './operators.ts';
import { endpoint } from './request.ts';
import { fileTypeOf, finishResults } from './results.ts';
import { plainText } from './text.ts';
import { requestJson } from './vendor-answer.ts';
import type { ProviderCaps, SearchProvider } from './types.ts';

const caps: ProviderCaps = {
  maxK: 10, // `num` takes 1 to 10
  sites: true, // site: operators in q (siteSearch holds only one site)
  excludeSites: true,
  categories: [],
  dates: 'recency', // dateRestrict=d1|w1|m1|y1
  languages: true, // lr=lang_xx
  fileTypes: ['pdf'], // fileType=pdf
  homepagesOnly: false,
  filteredSnippets: false,
};

const DATE_RESTRICT = { day: 'd1', week: 'w1', month: 'm1', year: 'y1' } as const;

/** Google starts many snippets with the page's day: "Jun 25, 2015 ... text". */
const SNIPPET_DAY = /^([A-Z][a-z]{2} \d{1,2}, \d{4}) \.\.\. /;

/** What Quarry reads of an answer. `items` is left out when nothing matched; `kind` marks a real answer. */
const GoogleAnswer = z.object({
  kind: z.literal('customsearch#search'),
  items: z
    .array(
      z.object({
        title: z.string().nullish(),
        link: z.string().nullish(),
        snippet: z.string().nullish(),
        mime: z.string().nullish(),
        fileFormat: z.string().nullish(),
        pagemap: z
          .object({
            metatags: z.array(z.record(z.string(), z.unknown())).nullish(),
            cse_thumbnail: z.array(z.object({ src: z.string().nullish() })).nullish(),
          })
          .nullish(),
      }),
    )
    .nullish(),
});

/** The first meta tag, in the rules' order, that holds a real date. Tag names compare without case. */
export function metatagDate(
  metatags: ReadonlyArray<Record<string, unknown>> | null | undefined,
  now: number,
): string | undefined {
  for (const tag of DATE_META_TAGS) {
    for (const tags of metatags ?? []) {
      for (const [name, value] of Object.entries(tags)) {
        if (name.toLowerCase() !== tag) continue;
        const date = isoDate(value, now);
        if (date) return date;
      }
    }
  }
  return undefined;
}

/** Reads Google's error reasons: a refused key comes back as 400 "API key not valid", quotas as 403/429. */
function classifyGoogle(status: number, detail: string) {
  if (
    /API key not valid|keyInvalid|API_KEY_INVALID|has not been used in project|accessNotConfigured|PERMISSION_DENIED|is disabled/i.test(
      detail,
    )
  ) {
    return { kind: 'auth' as const };
  }
  if (/per day|dailyLimit|daily limit|billing/i.test(detail)) return { kind: 'credits' as const };
  if (status === 403 && /quota|rateLimit/i.test(detail)) return { kind: 'limit' as const };
  return undefined;
}

export const google: SearchProvider = {
  id: 'google',
  name: 'Google Custom Search',
  description: 'Google results through a Programmable Search Engine: an API key and the engine id (cx).',
  caps,
  key: 'required',
  keyEnv: 'GOOGLE_API_KEY',
  keyIdEnv: 'GOOGLE_CSE_ID',
  keyUrl: 'https://developers.google.com/custom-search/v1/overview',
  enabledByDefault: false,
  limits: {
    // The API's default quota is 100 queries per minute per project; a few in flight keep latency low.
    concurrency: 4,
    rate: { max: 100, perMs: 60_000 },
  },

  async search(query, ctx) {
    const now = ctx.now?.() ?? Date.now();
    const address = endpoint(ctx.url, 'https://www.googleapis.com', '/customsearch/v1');
    address.searchParams.set('key', ctx.key ?? '');
    address.searchParams.set('cx', ctx.keyId ?? '');
    // fileType=pdf is a parameter here, so the text keeps only the site operators.
    address.searchParams.set('q', withOperators({ ...query, fileTypes: [] }));
    address.searchParams.set('num', String(Math.min(query.k, caps.maxK)));
    const recency = recencyFor(query, now);
    if (recency) address.searchParams.set('dateRestrict', DATE_RESTRICT[recency]);
    if (query.languages.length === 1) address.searchParams.set('lr', `lang_${query.languages[0]}`);
    if (query.fileTypes.length === 1 && query.fileTypes[0] === 'pdf')
      address.searchParams.set('fileType', 'pdf');

    const answer = await requestJson(address, GoogleAnswer, {
      provider: google,
      ctx,
      classify: (response, detail) => classifyGoogle(response.status, detail),
    });

    const results = finishResults(
      withinDates(
        (answer.items ?? []).map((item) => {
          const text = plainText(item.snippet);
          const snippetDay = SNIPPET_DAY.exec(text);
          return {
            title: plainText(item.title),
            url: item.link,
            snippet: snippetDay ? text.slice(snippetDay[0].length) : text,
            date:
              metatagDate(item.pagemap?.metatags, now) ??
              (snippetDay ? isoDate(snippetDay[1], now) : undefined),
            fileType: fileTypeOf(item.link, item.mime),
            image: item.pagemap?.cse_thumbnail?.[0]?.src,
          };
        }),
        query,
      ),
      Math.min(query.k, caps.maxK),
    );
    const ignored = unsupported(query, caps, now);
    if (query.languages.length > 1) ignored.push('languages');
    return { results, ignored };
  },
};
