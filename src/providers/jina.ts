// Jina's search (s.jina.ai): GET /?q= with the key as a Bearer token and `Accept: application/json`.
// `X-Respond-With: no-content` asks for titles, addresses and descriptions only, without Jina reading
// every result page (which costs far more tokens and seconds).
import { z } from 'zod';
import { isoDate } from './dates.ts';
import { unsupported } from './operators.ts';
import { endpoint } from './request.ts';
import { fileTypeOf, finishResults } from './results.ts';
import { plainText } from './text.ts';
import { requestJson } from './vendor-answer.ts';
import type { ProviderCaps, SearchProvider } from './types.ts';

const caps: ProviderCaps = {
  maxK: 20, // `num` takes up to 20
  sites: true, // `site`, repeatable
  excludeSites: false,
  categories: ['news'], // type=news
  dates: false,
  languages: true, // hl, one at a time
  fileTypes: ['pdf'], // filetype=pdf
  homepagesOnly: false,
  filteredSnippets: false,
};

/** What Quarry reads of an answer: `data` holds the results (Jina's envelope also has code and status). */
const JinaAnswer = z.object({
  data: z.array(
    z.object({
      title: z.string().nullish(),
      url: z.string().nullish(),
      description: z.string().nullish(),
      date: z.string().nullish(),
    }),
  ),
});

export const jina: SearchProvider = {
  id: 'jina',
  name: 'Jina Search',
  description: 'Jina’s web search (s.jina.ai): results as titles and descriptions, paid in Jina tokens.',
  caps,
  key: 'required',
  keyEnv: 'JINA_API_KEY',
  keyUrl: 'https://jina.ai/api-dashboard/key-manager',
  enabledByDefault: false,
  limits: {
    // Jina's rate-limit table (jina.ai, Reader API) allows s.jina.ai 40 requests per minute with a
    // standard key; a free key has two requests in flight. New keys come with 10M free tokens, and a
    // search costs at least 10,000 of them (about 1,000 searches).
    concurrency: 2,
    rate: { max: 40, perMs: 60_000 },
  },

  async search(query, ctx) {
    const now = ctx.now?.() ?? Date.now();
    const news = query.categories.includes('news');
    const address = endpoint(ctx.url, 'https://s.jina.ai', '/');
    address.searchParams.set('q', query.text);
    address.searchParams.set('num', String(Math.min(query.k, caps.maxK)));
    for (const site of query.sites) address.searchParams.append('site', site);
    if (news) address.searchParams.set('type', 'news');
    if (query.languages.length === 1) address.searchParams.set('hl', query.languages[0]!);
    if (query.fileTypes.includes('pdf')) address.searchParams.set('filetype', 'pdf');

    const answer = await requestJson(address, JinaAnswer, {
      provider: jina,
      ctx,
      headers: { authorization: `Bearer ${ctx.key ?? ''}`, 'x-respond-with': 'no-content' },
    });

    const results = finishResults(
      answer.data.map((item) => ({
        title: plainText(item.title),
        url: item.url,
        snippet: plainText(item.description),
        date: isoDate(item.date ?? undefined, now),
        fileType: fileTypeOf(item.url),
        category: news ? 'news' : undefined,
      })),
      Math.min(query.k, caps.maxK),
    );
    const ignored = unsupported(query, caps, now);
    if (query.languages.length > 1) ignored.push('languages');
    return { results, ignored };
  },
};
