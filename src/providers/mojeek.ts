// Mojeek Search API: GET /search with api_key and fmt=json on Mojeek's own host. Mojeek crawls its
// own index. An answer is always `{ response: { status, head, results } }`; a refused request is
// HTTP 200 with a status of "ERROR: <what>" (a spent daily allowance says "ERROR: Daily Limit Reached").
import { z } from 'zod';
import { rangeStart, unsupported } from './operators.ts';
import { endpoint, providerError } from './request.ts';
import { fileTypeOf, finishResults } from './results.ts';
import { plainText } from './text.ts';
import { requestJson } from './vendor-answer.ts';
import type { ProviderCaps, SearchErrorKind, SearchProvider } from './types.ts';

const caps: ProviderCaps = {
  // `t` (results per page) defaults to 10; Mojeek documents no maximum, twenty keeps one answer short.
  maxK: 20,
  sites: true, // `site`, one site
  excludeSites: false,
  categories: [],
  dates: 'range', // since / before, YYYYMMDD
  languages: false, // lb only prefers a language, it does not keep to it
  fileTypes: [],
  homepagesOnly: false,
  filteredSnippets: false,
};

/** What Quarry reads of an answer; `results` is left out when the status is an error. */
const MojeekAnswer = z.object({
  response: z.object({
    status: z.string(),
    results: z
      .array(
        z.object({
          url: z.string().nullish(),
          title: z.string().nullish(),
          desc: z.string().nullish(),
        }),
      )
      .nullish(),
  }),
});

/** Mojeek's "ERROR: ..." statuses as failure kinds. */
function statusKind(status: string): SearchErrorKind {
  if (/limit|quota|credit/i.test(status)) return 'credits';
  if (/key|auth|denied|unauthori[sz]ed|forbidden/i.test(status)) return 'auth';
  return 'invalid';
}

/** `before` excludes its day; Quarry's `to` includes it. */
function dayAfter(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

export const mojeek: SearchProvider = {
  id: 'mojeek',
  name: 'Mojeek',
  description: 'Mojeek’s own independent web index, no tracking: a key from Mojeek’s API plans.',
  caps,
  key: 'required',
  keyEnv: 'MOJEEK_API_KEY',
  keyUrl: 'https://www.mojeek.com/services/search/web-search-api/',
  enabledByDefault: false,
  limits: {
    // Mojeek meters keys per day (its answers say "Daily Limit Reached") and publishes no per-second
    // limit; two at once and two a second keep a small plan's day from going in a burst.
    concurrency: 2,
    rate: { max: 2, perMs: 1_000 },
  },

  async search(query, ctx) {
    const now = ctx.now?.() ?? Date.now();
    const address = endpoint(ctx.url, 'https://www.mojeek.com', '/search');
    address.searchParams.set('q', query.text);
    address.searchParams.set('t', String(Math.min(query.k, caps.maxK)));
    address.searchParams.set('fmt', 'json');
    if (query.sites.length) address.searchParams.set('site', query.sites[0]!);
    const from = rangeStart(query, now);
    if (from) address.searchParams.set('since', from.replace(/-/g, ''));
    if (query.to) address.searchParams.set('before', dayAfter(query.to).replace(/-/g, ''));
    address.searchParams.set('api_key', ctx.key ?? '');

    const answer = await requestJson(address, MojeekAnswer, { provider: mojeek, ctx });
    const { status } = answer.response;
    if (status !== 'OK') {
      const kind = statusKind(status);
      const said = plainText(status);
      const change =
        kind === 'credits'
          ? 'raise the plan or wait for the next day, or set another key in MOJEEK_API_KEY'
          : kind === 'auth'
            ? 'check MOJEEK_API_KEY or the key in Settings → Search'
            : 'change the words or filters and search again';
      throw providerError(mojeek, ctx, kind, `Mojeek refused the search (${said}): ${change}.`);
    }

    const results = finishResults(
      (answer.response.results ?? []).map((item) => ({
        title: plainText(item.title),
        url: item.url,
        snippet: plainText(item.desc),
        fileType: fileTypeOf(item.url),
      })),
      Math.min(query.k, caps.maxK),
    );
    const ignored = unsupported(query, caps, now);
    if (query.sites.length > 1) ignored.push('sites');
    return { results, ignored };
  },
};
