// SearXNG: a metasearch engine the user runs (or picks a public instance of). No key; its address is
// required. Asks `/search?format=json`, which the instance must allow (search.formats in settings.yml).
import { z } from 'zod';
import { isoDate } from './dates.ts';
import { recencyFor, unsupported, withOperators, withinDates } from './operators.ts';
import { endpoint, providerError } from './request.ts';
import { finishResults } from './results.ts';
import { plainText } from './text.ts';
import { requestJson } from './vendor-answer.ts';
import type { ProviderCaps, SearchProvider } from './types.ts';

/** SearXNG's own category names; Quarry's ids are the same words. */
const CATEGORIES = [
  'general',
  'news',
  'images',
  'videos',
  'science',
  'it',
  'files',
  'music',
  'social media',
  'map',
];

const caps: ProviderCaps = {
  // One page holds what its engines return together, usually 10 to 30 results; asking more pages multiplies engine calls.
  maxK: 20,
  sites: true, // written as site: operators; the engines behind it read them
  excludeSites: true,
  categories: CATEGORIES,
  dates: 'recency', // time_range=day|week|month|year
  languages: true,
  fileTypes: ['pdf'], // filetype:pdf in the text
  homepagesOnly: false,
  filteredSnippets: false,
};

/** What Quarry reads of `/search?format=json`: `results` is always there, empty when nothing matched. */
const SearxngAnswer = z.object({
  results: z.array(
    z.object({
      url: z.string().nullish(),
      title: z.string().nullish(),
      content: z.string().nullish(),
      publishedDate: z.string().nullish(),
      pubdate: z.string().nullish(),
      category: z.string().nullish(),
      thumbnail: z.string().nullish(),
      img_src: z.string().nullish(),
    }),
  ),
  unresponsive_engines: z.array(z.array(z.string())).nullish(),
});

export const searxng: SearchProvider = {
  id: 'searxng',
  name: 'SearXNG',
  description: 'A metasearch engine you run yourself (or a public instance): no key, many engines at once.',
  caps,
  key: 'none',
  url: { placeholder: 'http://127.0.0.1:8888', required: true, env: 'SEARXNG_URL' },
  enabledByDefault: false, // it needs an address from the user
  limits: {
    // The operator runs the instance for Quarry: its own limiter is off in the settings.yml SearXNG
    // ships (server.limiter: false), so nothing at the instance caps one client. Each search waits
    // on its engines for up to outgoing.request_timeout (3 s by default); 16 in flight is what a
    // small instance serves at once (searxng-docker's uwsgi.ini: one worker per CPU, 4 threads each)
    // and lets 20 agent sessions' searches all start within the default queue wait. Lower it when the engines
    // behind the instance start answering with CAPTCHAs; raise it for a bigger instance.
    concurrency: 16,
    // A per-second ceiling only so a runaway agent cannot flood the engines behind the instance.
    rate: { max: 20, perMs: 1_000 },
  },

  async search(query, ctx) {
    const now = ctx.now?.() ?? Date.now();
    const address = endpoint(ctx.url, 'http://127.0.0.1:8888', '/search');
    address.searchParams.set('q', withOperators(query));
    address.searchParams.set('format', 'json');
    address.searchParams.set('pageno', '1');
    const categories = query.categories.filter((category) => CATEGORIES.includes(category));
    if (categories.length) address.searchParams.set('categories', categories.join(','));
    if (query.languages.length === 1) address.searchParams.set('language', query.languages[0]!);
    const recency = recencyFor(query, now);
    if (recency) address.searchParams.set('time_range', recency);

    const answer = await requestJson(address, SearxngAnswer, {
      provider: searxng,
      ctx,
      classify: (response) =>
        response.status === 403
          ? {
              kind: 'auth',
              message: `SearXNG refused format=json (HTTP 403) at ${response.address}: allow json under search.formats in the instance's settings.yml, or set SEARXNG_URL to an instance that does.`,
            }
          : undefined,
    });

    const raw = answer.results ?? [];
    const unresponsive = (answer.unresponsive_engines ?? []).map((entry) => entry.join(': '));
    if (raw.length === 0 && unresponsive.length > 0) {
      // Nothing found because nothing answered is an outage, not "no results".
      throw providerError(
        searxng,
        ctx,
        'unavailable',
        `SearXNG's engines did not answer (${unresponsive.join(', ')}): enable other engines in the instance's settings.yml or try again later.`,
      );
    }

    const results = finishResults(
      withinDates(
        raw.map((result) => ({
          title: plainText(result.title),
          url: result.url,
          snippet: plainText(result.content),
          date: isoDate(result.publishedDate ?? result.pubdate ?? undefined, now),
          category: result.category,
          image: result.thumbnail || result.img_src,
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
