// Wikipedia full-text search through the MediaWiki action API (list=search). No key; the base
// address can point at another language's Wikipedia or any MediaWiki (QUARRY_WIKIPEDIA_SEARCH_URL).
import { z } from 'zod';
import { isoDate } from './dates.ts';
import { unsupported } from './operators.ts';
import { endpoint, providerError } from './request.ts';
import { finishResults } from './results.ts';
import { plainText } from './text.ts';
import { malformedAnswer, requestJson } from './vendor-answer.ts';
import type { ProviderCaps, SearchProvider } from './types.ts';

const caps: ProviderCaps = {
  maxK: 100, // srlimit goes to 500; Quarry's k stops at 100
  sites: false, // it searches one wiki
  excludeSites: false,
  categories: [],
  dates: false,
  languages: true, // the language's own wiki (de.wikipedia.org), when the address is the default one
  fileTypes: [],
  homepagesOnly: false,
  filteredSnippets: false,
};

const DEFAULT_ADDRESS = 'https://en.wikipedia.org';

/** Wikimedia asks API clients to name themselves in the User-Agent. */
const USER_AGENT = 'Quarry/0.1 (search provider; https://www.mediawiki.org/wiki/API:Etiquette)';

/**
 * What Quarry reads of the action API's answer: `query.search`, or an `error` object (which it
 * answers with HTTP 200), or a bare `batchcomplete` when nothing matched; the check below says so
 * when none of them is there.
 */
const MediaWikiAnswer = z.object({
  query: z
    .object({
      search: z.array(
        z.object({
          title: z.string().nullish(),
          snippet: z.string().nullish(),
          timestamp: z.string().nullish(),
        }),
      ),
    })
    .nullish(),
  error: z.object({ code: z.string().nullish(), info: z.string().nullish() }).nullish(),
  /** Present on every complete answer; an answer that finds nothing may hold only this (and warnings). */
  batchcomplete: z.boolean().nullish(),
});

export const wikipedia: SearchProvider = {
  id: 'wikipedia',
  name: 'Wikipedia',
  description: 'Full-text search of Wikipedia articles: no key, on by default, good for things and people.',
  caps,
  key: 'none',
  url: { placeholder: DEFAULT_ADDRESS, required: false, env: 'QUARRY_WIKIPEDIA_SEARCH_URL' },
  enabledByDefault: true,
  limits: {
    // Wikimedia asks clients to make requests one after another rather than in parallel.
    concurrency: 2,
    // No fixed rate is published for reads; a few per second is well within what they tolerate.
    rate: { max: 5, perMs: 1_000 },
  },

  async search(query, ctx) {
    const now = ctx.now?.() ?? Date.now();
    const language = query.languages[0];
    const base = ctx.url ?? (language ? `https://${language}.wikipedia.org` : DEFAULT_ADDRESS);
    const address = endpoint(base, DEFAULT_ADDRESS, '/w/api.php');
    address.searchParams.set('action', 'query');
    address.searchParams.set('list', 'search');
    address.searchParams.set('srsearch', query.text);
    address.searchParams.set('srlimit', String(Math.min(query.k, caps.maxK)));
    address.searchParams.set('srprop', 'snippet|timestamp');
    address.searchParams.set('format', 'json');
    address.searchParams.set('formatversion', '2');

    const answer = await requestJson(address, MediaWikiAnswer, {
      provider: wikipedia,
      ctx,
      headers: { 'user-agent': USER_AGENT, 'api-user-agent': USER_AGENT },
    });

    if (answer.error) {
      // The action API answers HTTP 200 with an error object.
      const code = answer.error.code ?? 'error';
      const said = `${code}: ${answer.error.info ?? ''}`.trim();
      if (code === 'ratelimited' || code === 'maxlag') {
        throw providerError(
          wikipedia,
          ctx,
          'limit',
          `Wikipedia asked to slow down (${said}): lower its rate (settings file: providers.wikipedia.rateMax).`,
        );
      }
      if (code === 'readonly' || code === 'internal_api_error') {
        throw providerError(
          wikipedia,
          ctx,
          'unavailable',
          `Wikipedia cannot search right now (${said}): it rests and is asked again later.`,
        );
      }
      throw providerError(
        wikipedia,
        ctx,
        'invalid',
        `Wikipedia refused the search (${said}): change the words and search again.`,
      );
    }

    if (!answer.query && !answer.batchcomplete) {
      throw malformedAnswer(
        wikipedia,
        ctx,
        { status: 200, address: address.origin + address.pathname },
        'JSON that holds neither query.search, an error nor batchcomplete',
      );
    }

    const page = (title: string) =>
      `${base.replace(/\/+$/, '')}/wiki/${encodeURIComponent(title.replace(/ /g, '_'))}`;
    const results = finishResults(
      (answer.query?.search ?? []).map((hit) => ({
        title: plainText(hit.title),
        url: hit.title ? page(hit.title) : undefined,
        snippet: plainText(hit.snippet),
        // The last edit: the only date the search gives, and a real one.
        date: isoDate(hit.timestamp ?? undefined, now),
        language: ctx.url ? undefined : (language ?? 'en'),
      })),
      Math.min(query.k, caps.maxK),
    );
    const ignored = unsupported(query, caps, now);
    if (query.languages.length > 1 || (query.languages.length === 1 && ctx.url)) ignored.push('languages');
    return { results, ignored: [...new Set(ignored)] };
  },
};
