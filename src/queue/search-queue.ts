// The `search.<id>` queues' contract: one queue per provider, carrying searches and read_page's page
// filters (so the provider's limits, credits and rest hold for both). Job data holds the query and the
// provider's id, never a key: the worker takes keys from its own settings. A provider's SearchError
// comes back as data (job-result.ts) with its kind, provider, retryAt and status.
import { z } from 'zod';
import type { PageFilterAnswer, PageFilterInput, ProviderAnswer, SearchQuery } from '../providers/types.ts';
import { defineQueue, standardWorkerOptions } from './queue-contract.ts';

/**
 * The query as parseQuery makes it. Loose on purpose: a field the provider contract gains later passes
 * through to the provider instead of failing every search until this schema learns it.
 */
const searchQueryFields = z
  .object({
    text: z.string(),
    k: z.number().int().positive(),
    sites: z.array(z.string()),
    excludeSites: z.array(z.string()),
    categories: z.array(z.string()),
    from: z.string().optional(),
    to: z.string().optional(),
    recency: z.enum(['day', 'week', 'month', 'year']).optional(),
    languages: z.array(z.string()),
    fileTypes: z.array(z.enum(['html', 'pdf'])),
    homepagesOnly: z.boolean(),
    question: z.string().optional(),
  })
  .loose() satisfies z.ZodType<SearchQuery>;

/** Callers hand a `SearchQuery`; the fields are checked as above. */
const searchQuerySchema = z.custom<SearchQuery>().pipe(searchQueryFields);

const pageFilterInputSchema = z
  .object({
    url: z.string().min(1),
    question: z.string().min(1),
    k: z.number().int().positive().optional(),
  })
  .strict() satisfies z.ZodType<PageFilterInput>;

const providerId = z.string().regex(/^[a-z][a-z0-9-]*$/, 'a provider id (lowercase letters, digits, dashes)');

export const searchJobDataSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('search'), provider: providerId, query: searchQuerySchema }).strict(),
  /** A page filter on the provider's own queue, so its limits and credits hold as for a search. */
  z.object({ kind: z.literal('filter-page'), provider: providerId, page: pageFilterInputSchema }).strict(),
]);

export type SearchJobData = z.infer<typeof searchJobDataSchema>;

export const searchQueue = defineQueue({
  name: 'search',
  data: searchJobDataSchema,
  value: z.custom<ProviderAnswer | PageFilterAnswer>(),
  // One try: a search that fails falls back to the next provider at once instead of retrying.
  worker: standardWorkerOptions,
});
