// Exa: a neural search API. POST /search with the key in x-api-key; highlights as snippets, which
// can be focused on a question.
import { z } from 'zod';
import { isoDate } from './dates.ts';
import { rangeStart, unsupported } from './operators.ts';
import { endpoint, providerError } from './request.ts';
import { fileTypeOf, finishResults } from './results.ts';
import { plainText } from './text.ts';
import { requestJson } from './vendor-answer.ts';
import type { ProviderCaps, SearchProvider, SearchQuery } from './types.ts';

/** Quarry's category ids → Exa's. */
const CATEGORY_NAMES: Record<string, string> = {
  news: 'news',
  science: 'research paper',
  company: 'company',
  github: 'github',
  pdf: 'pdf',
  'financial report': 'financial report',
  'personal site': 'personal site',
};

const caps: ProviderCaps = {
  maxK: 100, // numResults goes up to 100
  sites: true, // includeDomains
  excludeSites: true, // excludeDomains
  categories: Object.keys(CATEGORY_NAMES),
  dates: 'range', // startPublishedDate / endPublishedDate
  languages: false,
  fileTypes: ['pdf'], // category "pdf"
  homepagesOnly: false,
  filteredSnippets: true, // highlights.query
};

const ExaResult = z.object({
  title: z.string().nullish(),
  url: z.string().nullish(),
  publishedDate: z.string().nullish(),
  image: z.string().nullish(),
  highlights: z.array(z.string()).nullish(),
  summary: z.string().nullish(),
  text: z.string().nullish(),
});

/** What Quarry reads of a /search answer: `results` is always there, empty when nothing matched. */
const ExaAnswer = z.object({ results: z.array(ExaResult) });

/** A /contents answer: the pages in `results`, and per page whether Exa could read it in `statuses`. */
const ExaContentsAnswer = z.object({
  results: z.array(ExaResult),
  statuses: z
    .array(
      z.object({
        id: z.string().nullish(),
        status: z.string().nullish(),
        error: z.object({ tag: z.string().nullish(), httpStatusCode: z.number().nullish() }).nullish(),
      }),
    )
    .nullish(),
});

/** Highlights asked for one page: enough to cover an answer spread over a few places. */
const PAGE_HIGHLIGHTS = 3;
/** Sentences per highlight: a passage's worth, so it can be matched back to the page's paragraphs. */
const HIGHLIGHT_SENTENCES = 3;

/** How long a snippet from full text may be when an answer holds no highlights. */
const TEXT_SNIPPET_LENGTH = 300;

function exaCategory(query: SearchQuery): string | undefined {
  const category = query.categories.find((id) => CATEGORY_NAMES[id]);
  if (category) return CATEGORY_NAMES[category];
  return query.fileTypes.length === 1 && query.fileTypes[0] === 'pdf' ? 'pdf' : undefined;
}

export const exa: SearchProvider = {
  id: 'exa',
  name: 'Exa',
  description: 'Neural web search: finds pages by meaning, with highlights that can answer a question.',
  caps,
  key: 'required',
  keyEnv: 'EXA_API_KEY',
  keyUrl: 'https://dashboard.exa.ai/api-keys',
  enabledByDefault: false,
  limits: {
    // Exa's default limit for /search is 5 requests per second.
    concurrency: 5,
    rate: { max: 5, perMs: 1_000 },
  },

  async search(query, ctx) {
    const now = ctx.now?.() ?? Date.now();
    const category = exaCategory(query);
    const body: Record<string, unknown> = {
      query: query.text,
      type: 'auto',
      numResults: Math.min(query.k, caps.maxK),
      contents: { highlights: query.question ? { query: query.question } : true },
    };
    if (category) body.category = category;
    if (query.sites.length) body.includeDomains = query.sites;
    if (query.excludeSites.length) body.excludeDomains = query.excludeSites;
    const from = rangeStart(query, now);
    if (from) body.startPublishedDate = `${from}T00:00:00.000Z`;
    if (query.to) body.endPublishedDate = `${query.to}T23:59:59.999Z`;

    const answer = await requestJson(endpoint(ctx.url, 'https://api.exa.ai', '/search'), ExaAnswer, {
      provider: exa,
      ctx,
      method: 'POST',
      headers: { 'x-api-key': ctx.key ?? '', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

    const results = finishResults(
      (answer.results ?? []).map((result) => {
        const highlights = (result.highlights ?? []).map((highlight) =>
          plainText(highlight.replace(/\n\.\.\.\n/g, ' … ')),
        );
        const fallback = plainText(result.summary) || plainText(result.text).slice(0, TEXT_SNIPPET_LENGTH);
        return {
          title: plainText(result.title),
          url: result.url,
          snippet: highlights.filter(Boolean).join(' … ') || fallback,
          date: isoDate(result.publishedDate ?? undefined, now),
          image: result.image,
          fileType: category === 'pdf' ? 'pdf' : fileTypeOf(result.url),
          category:
            category && category !== 'pdf'
              ? query.categories.find((id) => CATEGORY_NAMES[id] === category)
              : undefined,
        };
      }),
      Math.min(query.k, caps.maxK),
    );
    const ignored = unsupported(query, caps, now);
    // Exa keeps to one category per search, and a PDF filter is that category too: the first named wins.
    const categoriesKnown = query.categories.filter((id) => CATEGORY_NAMES[id]).length;
    if (categoriesKnown > 1) ignored.push('categories');
    if (categoriesKnown >= 1 && category !== 'pdf' && query.fileTypes.includes('pdf'))
      ignored.push('file_types');
    return { results, ignored: [...new Set(ignored)] };
  },

  async filterPage(input, ctx) {
    const k = Math.min(Math.max(input.k ?? PAGE_HIGHLIGHTS, 1), 10);
    const answer = await requestJson(
      endpoint(ctx.url, 'https://api.exa.ai', '/contents'),
      ExaContentsAnswer,
      {
        provider: exa,
        ctx,
        method: 'POST',
        headers: { 'x-api-key': ctx.key ?? '', 'content-type': 'application/json' },
        body: JSON.stringify({
          urls: [input.url],
          highlights: { query: input.question, numSentences: HIGHLIGHT_SENTENCES, highlightsPerUrl: k },
        }),
      },
    );
    // Exa answers 200 for a page it could not fetch and says so in `statuses`.
    const status = answer.statuses?.find((entry) => entry.id === input.url) ?? answer.statuses?.[0];
    if (status && status.status !== 'success') {
      const tag = status.error?.tag ?? 'an unnamed error';
      const code = status.error?.httpStatusCode ? `, HTTP ${status.error.httpStatusCode}` : '';
      throw providerError(
        exa,
        ctx,
        'invalid',
        `Exa could not read ${input.url} (${tag}${code}): the page is read and ranked here instead.`,
      );
    }
    const result = answer.results?.find((entry) => entry.url === input.url) ?? answer.results?.[0];
    // One highlight can join several extracts with "\n...\n"; each is a snippet of its own.
    const snippets = (result?.highlights ?? [])
      .flatMap((highlight) => highlight.split(/\n\s*\.\.\.\s*\n/))
      .map((snippet) => plainText(snippet))
      .filter(Boolean);
    return { snippets, method: 'exa-highlights' };
  },
};
