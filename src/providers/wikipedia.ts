// Wikipedia full-text search through the MediaWiki action API (list=search). No key; the base
// address can point at another language's Wikipedia or any MediaWiki (QUARRY_WIKIPEDIA_SEARCH_URL).
import { isoDate } from './dates.ts';
import { unsupported } from './operators.ts';
import { endpoint, providerError, requestJson } from './request.ts';
import { finishResults } from './results.ts';
import { plainText } from './text.ts';
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

interface MediaWikiAnswer {
  query?: { search?: Array<{ title?: string | null; snippet?: string | null; timestamp?: string | null }> };
  error?: { code?: string; info?: string };
}

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

    const answer = (await requestJson(address, {
      provider: wikipedia,
      ctx,
      headers: { 'user-agent': USER_AGENT, 'api-user-agent': USER_AGENT },
    })) as MediaWikiAnswer;

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
