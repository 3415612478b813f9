// Runs one search job: the provider named in the job, with the key from this worker's own
// configuration, after counting the request against the provider's allowances.
import type { Job } from 'bullmq';
import { fetch as undiciFetch } from 'undici';
import {
  SearchError,
  type PageFilterAnswer,
  type ProviderAnswer,
  type ProviderCtx,
} from '../providers/types.ts';
import { chargeCredits } from '../queue/credits.ts';
import { encodeSearchError, type PageFilterJobData, type SearchJobData } from '../queue/search-job.ts';
import type { QueueSystem } from '../queue/system.ts';

/**
 * The fetch providers get in workers: undici 7's, which in the pipeline benchmark carries about twice
 * the requests per second of the older undici bundled as Node 20's global fetch.
 */
export const providerFetch = undiciFetch as unknown as typeof fetch;

export async function processSearchJob(
  job: Job,
  system: QueueSystem,
  signal?: AbortSignal,
): Promise<ProviderAnswer | PageFilterAnswer> {
  const data = job.data as SearchJobData | PageFilterJobData;
  if (data.kind === 'filter-page') return processPageFilterJob(data, system, signal);
  const { provider: providerId, query } = data;
  try {
    const provider = system.providers.get(providerId);
    if (!provider) {
      throw new SearchError(
        'unavailable',
        `This worker does not know the search provider "${providerId}"; run workers of the same Quarry version as the server.`,
        { provider: providerId },
      );
    }
    await chargeCredits(system, providerId);
    return await provider.search(query, providerContext(system, providerId, signal));
  } catch (error) {
    // The caller rebuilds the SearchError (kind, retryAt) from the failure text; other errors stay as they are.
    if (error instanceof SearchError) throw new Error(encodeSearchError(error), { cause: error });
    throw error;
  }
}

/** The provider's key and address come from this worker's own settings, never from job data. */
function providerContext(system: QueueSystem, providerId: string, signal?: AbortSignal): ProviderCtx {
  const settings = system.config.providers[providerId] ?? {};
  return {
    key: settings.key,
    keyId: settings.keyId,
    url: settings.url,
    signal,
    fetch: providerFetch,
    timeoutMs: system.config.providerTimeoutMs,
  };
}

/** A provider's extracts of one page for a question (read_page's question filter), charged like a search. */
async function processPageFilterJob(
  data: PageFilterJobData,
  system: QueueSystem,
  signal?: AbortSignal,
): Promise<PageFilterAnswer> {
  const providerId = data.provider;
  try {
    const provider = system.providers.get(providerId);
    if (!provider?.filterPage) {
      throw new SearchError(
        'invalid',
        `This worker's search provider "${providerId}" cannot filter a page by a question; run workers of the same Quarry version as the server.`,
        { provider: providerId },
      );
    }
    await chargeCredits(system, providerId);
    return await provider.filterPage(data.page, providerContext(system, providerId, signal));
  } catch (error) {
    if (error instanceof SearchError) throw new Error(encodeSearchError(error), { cause: error });
    throw error;
  }
}
