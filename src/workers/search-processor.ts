// Runs one search job: the provider named in the job, with the key from this worker's own
// configuration, after counting the request against the provider's allowances.
import { fetch as undiciFetch } from 'undici';
import {
  SearchError,
  type PageFilterAnswer,
  type PageFilterInput,
  type ProviderCtx,
} from '../providers/types.ts';
import { chargeCredits } from '../queue/credits.ts';
import { withProviderStats } from '../queue/provider-stats.ts';
import { handleJobs } from '../queue/queue-contract.ts';
import { searchQueue } from '../queue/search-queue.ts';
import type { QueueSystem } from '../queue/system.ts';

/**
 * The fetch providers get in workers: undici 7's, which in the pipeline benchmark carries about twice
 * the requests per second of the older undici bundled as Node 20's global fetch.
 */
export const providerFetch = undiciFetch as unknown as typeof fetch;

/**
 * Runs one job of a `search.<id>` queue: a search, or a page filter (read_page's question filter),
 * charged like a search. A SearchError comes back as data with the provider's id on it.
 */
export const processSearchJob = handleJobs(searchQueue, async (data, { system, signal }) => {
  const providerId = data.provider;
  try {
    if (data.kind === 'filter-page') return await filterPage(system, providerId, data.page, signal);
    const provider = system.providers.get(providerId);
    if (!provider) {
      throw new SearchError(
        'unavailable',
        `This worker does not know the search provider "${providerId}"; run workers of the same Quarry version as the server.`,
        { provider: providerId },
      );
    }
    // Timed and counted in Redis (src/queue/provider-stats.ts) for the console and /metrics.
    return await withProviderStats(system, providerId, async () => {
      await chargeCredits(system, providerId);
      return provider.search(data.query, providerContext(system, providerId, signal));
    });
  } catch (error) {
    // The chain needs to know whose failure it was, also when the provider left it out.
    if (error instanceof SearchError && error.provider === undefined) {
      throw new SearchError(error.kind, error.message, {
        provider: providerId,
        retryAt: error.retryAt,
        status: error.status,
        cause: error,
      });
    }
    throw error;
  }
});

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
async function filterPage(
  system: QueueSystem,
  providerId: string,
  page: PageFilterInput,
  signal?: AbortSignal,
): Promise<PageFilterAnswer> {
  const provider = system.providers.get(providerId);
  if (!provider?.filterPage) {
    throw new SearchError(
      'invalid',
      `This worker's search provider "${providerId}" cannot filter a page by a question; run workers of the same Quarry version as the server.`,
      { provider: providerId },
    );
  }
  await chargeCredits(system, providerId);
  return provider.filterPage(page, providerContext(system, providerId, signal));
}
