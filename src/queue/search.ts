// The provider chain through the queues: each attempt is a job on that provider's queue (capped and
// rate-limited across all workers), rest lives in Redis, a queue that does not start the job within
// `queueWaitMs` is passed over for this call, and the run's budget is charged once per search.
import {
  searchChain,
  saturatedError,
  type AskProvider,
  type ChainAnswer,
  type ChainEntry,
} from '../providers/chain.ts';
import { SearchError, type ProviderAnswer, type SearchQuery } from '../providers/types.ts';
import { addAndWait } from './add-and-wait.ts';
import { chargeRun } from './budgets.ts';
import { JobFailedError, JobTimeoutError, QueueSaturatedError } from './errors.ts';
import { searchQueueName } from './names.ts';
import { restStateOf } from './rest-state.ts';
import { decodeSearchError, type SearchJobData } from './search-job.ts';
import type { QueueSystem } from './system.ts';

export interface SearchThroughQueuesOptions {
  /** Charge this run's search budget (once, fallbacks included). */
  runId?: string;
  /** Ask only this provider (by id). */
  provider?: string;
  signal?: AbortSignal;
}

/** Extra time the caller waits beyond the queue wait and the provider's own limit, for the job's round trip. */
const JOB_MARGIN_MS = 1_000;

/** The providers to ask, in order, with their settings: the configured order over the system's providers. */
export function queueChainEntries(system: QueueSystem, providerId?: string): ChainEntry[] {
  const known = () => [...system.providers.keys()].join(', ');
  const lookUp = (id: string, setting: string) => {
    const provider = system.providers.get(id.trim().toLowerCase());
    if (!provider)
      throw new SearchError(
        'invalid',
        `${setting} names "${id}", which is not a search provider: use one of ${known()}.`,
      );
    return provider;
  };
  const { config } = system;
  const chosen = providerId
    ? [lookUp(providerId, 'provider')]
    : config.providerOrder
      ? config.providerOrder.map((id) => lookUp(id, 'QUARRY_PROVIDERS'))
      : [...system.providers.values()].filter((provider) => provider.enabledByDefault);
  return chosen.map((provider) => {
    const settings = config.providers[provider.id] ?? {};
    const entry: ChainEntry = { provider };
    if (settings.key) entry.key = settings.key;
    if (settings.keyId) entry.keyId = settings.keyId;
    if (settings.url) entry.url = settings.url;
    return entry;
  });
}

export async function searchThroughQueues(
  system: QueueSystem,
  query: SearchQuery,
  options: SearchThroughQueuesOptions = {},
): Promise<ChainAnswer> {
  const { config } = system;
  const entries = queueChainEntries(system, options.provider);
  if (options.runId) await chargeRun(system, options.runId, 'searches');
  // One controller and one timer for the whole call (cheaper than AbortSignal.timeout/any per call).
  const controller = new AbortController();
  const deadline = setTimeout(
    () =>
      controller.abort(
        new Error(`The search took longer than ${config.toolTimeoutMs} ms (QUARRY_TOOL_TIMEOUT_MS).`),
      ),
    config.toolTimeoutMs,
  );
  const onAbort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) onAbort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const { signal } = controller;

  const ask: AskProvider = async (entry, askedQuery, context) => {
    const providerId = entry.provider.id;
    const data: SearchJobData = { provider: providerId, query: askedQuery };
    const waitMs = config.queueWaitMs + config.providerTimeoutMs + JOB_MARGIN_MS;
    try {
      return await addAndWait<ProviderAnswer>(system, searchQueueName(providerId), data, {
        timeoutMs: waitMs,
        signal: context.signal,
        startWithinMs: config.queueWaitMs,
        name: providerId,
      });
    } catch (error) {
      if (error instanceof QueueSaturatedError) throw saturatedError(providerId, error.waitedMs);
      if (error instanceof JobFailedError) throw decodeSearchError(error.failedReason, providerId);
      if (error instanceof JobTimeoutError) {
        throw new SearchError(
          'unavailable',
          `${entry.provider.name} did not answer within ${waitMs} ms (QUARRY_PROVIDER_TIMEOUT_MS + QUARRY_QUEUE_WAIT_MS).`,
          { provider: providerId },
        );
      }
      throw error;
    }
  };

  try {
    return await searchChain(
      query,
      entries,
      { fetch: globalThis.fetch, signal, timeoutMs: config.providerTimeoutMs },
      { rest: restStateOf(system), restMs: config.rest, ask },
    );
  } finally {
    clearTimeout(deadline);
    options.signal?.removeEventListener('abort', onAbort);
  }
}
