// read_page's question filter from a search provider: the first provider in the configured order that
// can filter a page (`filterPage`), has its key and is not resting is asked, as a job on its own
// `search.<id>` queue, so its concurrency, rate, credits and rest hold as for a search. A provider
// that fails rests like after a failed search (unless the failure was about this page), and the read
// falls back to the local ranking with the reason.
import { saturatedError } from '../providers/chain.ts';
import { SearchError, type PageFilterAnswer, type PageFilterInput } from '../providers/types.ts';
import { JobFailedError, JobTimeoutError, QueueSaturatedError } from './errors.ts';
import { providerQueueLimits } from './limits.ts';
import { searchQueueName } from './names.ts';
import { runJob } from './queue-contract.ts';
import { restStateOf } from './rest-state.ts';
import { systemChainEntries } from './search.ts';
import { searchQueue } from './search-queue.ts';
import type { QueueSystem } from './system.ts';

/** The provider's extracts, or why there are none (`reason` only when a provider was asked and failed). */
export type PageFilterOutcome = PageFilterFound | PageFilterMissed;

export interface PageFilterFound extends PageFilterAnswer {
  provider: string;
  providerName: string;
}

export interface PageFilterMissed {
  provider?: undefined;
  /** Why no provider's extracts: a failure, a busy queue, a resting provider; absent when none is on. */
  reason?: string;
}

/** Extra time the caller waits beyond the queue wait and the provider's own limit, for the job's round trip. */
const JOB_MARGIN_MS = 1_000;

function firstLine(message: string): string {
  return message.split('\n', 1)[0] ?? message;
}

export async function pageFilterThroughQueues(
  system: QueueSystem,
  input: PageFilterInput,
  options: { signal?: AbortSignal } = {},
): Promise<PageFilterOutcome> {
  const { config } = system;
  let entries;
  try {
    entries = systemChainEntries(system);
  } catch (error) {
    // A bad provider order fails searches loudly; a read still works with the local ranking.
    return { reason: firstLine((error as Error).message) };
  }
  const rest = restStateOf(system);
  const resting: string[] = [];
  for (const entry of entries) {
    const { provider } = entry;
    if (!provider.filterPage) continue;
    if (provider.key === 'required' && !entry.key) continue;
    const rested = await rest.get(provider.id);
    if (rested) {
      resting.push(`${provider.name} rests until ${new Date(rested.until).toISOString()}`);
      continue;
    }
    const waitMs = config.queueWaitMs + config.providerTimeoutMs + JOB_MARGIN_MS;
    try {
      const answer = (await runJob(
        system,
        searchQueue,
        { kind: 'filter-page', provider: provider.id, page: input },
        {
          queueName: searchQueueName(provider.id),
          timeoutMs: waitMs,
          signal: options.signal,
          startWithinMs: config.queueWaitMs,
          name: `${provider.id}-filter-page`,
        },
      )) as PageFilterAnswer;
      return { provider: provider.id, providerName: provider.name, ...answer };
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason ?? error;
      if (error instanceof QueueSaturatedError) {
        // Passed over, not rested, as for a search; the reason names the limit and the settings that raise it.
        const busy = saturatedError(
          provider,
          error.waitedMs,
          providerQueueLimits(system, provider.id),
          'the question filter',
        );
        return { reason: busy.message };
      }
      if (error instanceof JobTimeoutError) {
        return { reason: `${provider.name} did not answer within ${waitMs} ms` };
      }
      const failure =
        error instanceof JobFailedError
          ? new SearchError('unavailable', `${provider.name} failed: ${error.failedReason}`, {
              provider: provider.id,
            })
          : error;
      if (!(failure instanceof SearchError)) throw error;
      const reason = firstLine(failure.message);
      // A page the provider cannot read (`invalid`) says nothing about the provider: it does not rest.
      if (failure.kind !== 'invalid') {
        await rest.set(provider.id, {
          kind: failure.kind,
          reason,
          until: failure.retryAt ?? Date.now() + config.rest[failure.kind],
        });
      }
      return { reason };
    }
  }
  return resting.length > 0 ? { reason: resting.join('; ') } : {};
}
