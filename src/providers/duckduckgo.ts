// DuckDuckGo's HTML endpoint (html.duckduckgo.com/html/): no key, a POSTed form, a results page to
// read. It guards itself with a bot check; a challenge page (often with status 202) is `blocked`,
// never "no results".
import { load, type CheerioAPI } from 'cheerio';
import { isoDate } from './dates.ts';
import { recencyFor, unsupported, withOperators, withinDates } from './operators.ts';
import { endpoint, providerError, request } from './request.ts';
import { finishResults } from './results.ts';
import { plainText } from './text.ts';
import type { ProviderCaps, SearchProvider } from './types.ts';

const caps: ProviderCaps = {
  maxK: 10, // the first page holds 10 organic results; later pages need the form's vqd token and another request
  sites: true, // site: and -site: operators in q
  excludeSites: true,
  categories: [],
  dates: 'recency', // df=d|w|m|y
  languages: false, // kl is a region (de-de), not a language of the pages
  fileTypes: ['pdf'], // filetype:pdf in q
  homepagesOnly: false,
  filteredSnippets: false,
};

/** What DuckDuckGo's challenge pages hold: the anomaly modal and its "bots use DuckDuckGo too" text. */
const CHALLENGE =
  /anomaly-modal|anomaly_modal|bots use DuckDuckGo too|challenge-form|Unfortunately, bots use/i;

/** DuckDuckGo wraps some links as //duckduckgo.com/l/?uddg=<the address>; unwrap them. */
function realAddress(href: string | undefined): string | undefined {
  if (!href) return undefined;
  try {
    const url = new URL(href, 'https://duckduckgo.com');
    if (url.hostname.endsWith('duckduckgo.com') && url.pathname === '/l/')
      return url.searchParams.get('uddg') ?? undefined;
    return url.href;
  } catch {
    return undefined;
  }
}

/** The end-of-results marker DuckDuckGo puts past the last page: a link to a Google search titled EOF. */
function isEndMarker(url: string): boolean {
  return /^https?:\/\/(?:www\.)?google\.com\/search\?/i.test(url);
}

function readResults($: CheerioAPI, now: number) {
  return $('#links .result, .serp__results .result')
    .toArray()
    .filter((element) => {
      const classes = $(element).attr('class') ?? '';
      return !/result--ad|result--no-result/.test(classes);
    })
    .map((element) => {
      const item = $(element);
      const link = item.find('a.result__a').first();
      const url = realAddress(link.attr('href'));
      // The day DuckDuckGo shows next to the address, when it shows one.
      const shownDate = item.find('.result__extras__url > span').last().text();
      return {
        title: plainText(link.html() ?? ''),
        url: url && !isEndMarker(url) ? url : undefined,
        snippet: plainText(item.find('.result__snippet').first().html() ?? ''),
        date: isoDate(shownDate.replace(/\u00a0/g, ' ').trim(), now),
      };
    });
}

export const duckduckgo: SearchProvider = {
  id: 'duckduckgo',
  name: 'DuckDuckGo',
  description: 'DuckDuckGo’s HTML results page: no key, on by default, may ask for a bot check under load.',
  caps,
  key: 'none',
  enabledByDefault: true,
  limits: {
    // One at a time: bursts from one address are what trigger its bot check.
    concurrency: 1,
    // About one search every two seconds stays clear of the check in practice.
    rate: { max: 1, perMs: 2_000 },
  },

  async search(query, ctx) {
    const now = ctx.now?.() ?? Date.now();
    const form = new URLSearchParams({ q: withOperators(query), b: '' });
    const recency = recencyFor(query, now);
    if (recency) form.set('df', recency.charAt(0));
    const answer = await request(endpoint(ctx.url, 'https://html.duckduckgo.com', '/html/'), {
      provider: duckduckgo,
      ctx,
      method: 'POST',
      body: form,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'text/html,application/xhtml+xml',
        referer: 'https://html.duckduckgo.com/',
        // The HTML endpoint serves a browser-like agent; a library's default agent is challenged at once.
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
      },
      // 202 is how it answers with a challenge; read the page to be sure what it is.
      passStatuses: [202],
      classify: (response) =>
        response.status === 403 || response.status === 418 ? { kind: 'blocked' } : undefined,
    });

    if (answer.status === 202 || CHALLENGE.test(answer.body)) {
      throw providerError(
        duckduckgo,
        ctx,
        'blocked',
        `DuckDuckGo answered with a bot check (HTTP ${answer.status}) instead of results: it rests for a while; lower its rate or put another provider first in QUARRY_PROVIDERS.`,
        { status: answer.status },
      );
    }

    const $ = load(answer.body);
    const drafts = readResults($, now);
    const noResults = $('.no-results').length > 0;
    if (drafts.length === 0 && !noResults && $('#links, .serp__results').length === 0) {
      // Not a results page at all: DuckDuckGo changed its page, or an address answered that is not DuckDuckGo.
      throw providerError(
        duckduckgo,
        ctx,
        'unavailable',
        `DuckDuckGo answered with a page that holds no results list (HTTP ${answer.status}) at ${answer.address}: its page may have changed; check QUARRY_DUCKDUCKGO_URL or put another provider first.`,
        { status: answer.status },
      );
    }
    const results = finishResults(withinDates(drafts, query), Math.min(query.k, caps.maxK));
    return { results, ignored: unsupported(query, caps, now) };
  },
};
