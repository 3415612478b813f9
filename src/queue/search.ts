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
import { chainEntries, UnknownProviderError } from '../providers/index.ts';
import { chargeRun } from './budgets.ts';
import type { Config } from '../config.ts';
import { JobAbortedError, JobFailedError, JobTimeoutError, QueueSaturatedError } from './errors.ts';
import { providerQueueLimits } from './limits.ts';
import { searchQueueName } from './names.ts';
import { runJob } from './queue-contract.ts';
import { restStateOf } from './rest-state.ts';
import { searchQueue } from './search-queue.ts';
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

/** The entries worked out for a configuration (it is replaced, never changed, when settings change). */
const entriesByConfig = new WeakMap<Config, { providers: QueueSystem['providers']; entries: ChainEntry[] }>();

/**
 * The providers to ask, in order, with their keys and addresses: the tested `chainEntries` (which
 * refuses unknown and repeated ids) over the system's providers, without those switched off (not in
 * the order, or `enabled: false`): those have no workers (src/workers/start-workers.ts). A provider the
 * caller named that does not exist or is switched off is the caller's to change (`invalid`), with
 * where an operator switches it on. The whole order is worked out once per configuration (it reads
 * each provider's variables from the environment) and shared: do not change the array.
 */
export function systemChainEntries(system: QueueSystem, providerId?: string): ChainEntry[] {
  const { config } = system;
  if (!providerId) {
    const known = entriesByConfig.get(config);
    if (known?.providers === system.providers) return known.entries;
  }
  try {
    const providers = [...system.providers.values()];
    const listed = chainEntries(config, { providers });
    const on = listed.filter((entry) => config.providers[entry.provider.id]?.enabled !== false);
    if (!providerId) {
      entriesByConfig.set(config, { providers: system.providers, entries: on });
      return on;
    }
    const [named] = chainEntries(config, { providers, provider: providerId });
    const entry = on.find((candidate) => candidate.provider.id === named!.provider.id);
    if (!entry) {
      throw switchedOffError(named!.provider, {
        listed: listed.some((candidate) => candidate.provider.id === named!.provider.id),
        disabled: config.providers[named!.provider.id]?.enabled === false,
        onIds: on.map((candidate) => candidate.provider.id),
      });
    }
    return [entry];
  } catch (error) {
    if (providerId && error instanceof UnknownProviderError) throw new SearchError('invalid', error.message);
    throw error;
  }
}

/** A named provider that is switched off: no worker asks it, so the search is refused with the way to switch it on. */
function switchedOffError(
  { id, name }: { id: string; name: string },
  state: { listed: boolean; disabled: boolean; onIds: string[] },
): SearchError {
  const how = [
    ...(state.listed
      ? []
      : [
          `\`npx quarry settings set providerOrder ${[...state.onIds, id].join(',')}\` (or QUARRY_PROVIDERS)`,
        ]),
    ...(state.disabled ? [`\`npx quarry settings set providers.${id}.enabled true\``] : []),
  ].join(' and ');
  return new SearchError(
    'invalid',
    `${name} is switched off on this server, so no worker asks it: leave provider out to let the chain choose, or an operator switches ${id} on in the console (Settings → Search) or with ${how}.`,
    { provider: id },
  );
}

export async function searchThroughQueues(
  system: QueueSystem,
  query: SearchQuery,
  options: SearchThroughQueuesOptions = {},
): Promise<ChainAnswer> {
  const { config } = system;
  const entries = systemChainEntries(system, options.provider);
  if (options.runId) await chargeRun(system, options.runId, 'searches');
  // The whole call's limit is a deadline each provider's job waits within (no controller or timer of
  // its own per call): the job that would outlast it is given up at the deadline, as the caller's.
  const deadline = Date.now() + config.toolTimeoutMs;
  return searchChain(
    query,
    entries,
    { fetch: globalThis.fetch, signal: options.signal, timeoutMs: config.providerTimeoutMs },
    // Bound, not a closure: no function made (and named, under tsx) per search.
    {
      rest: restStateOf(system),
      restMs: config.rest,
      ask: askThroughQueue.bind(undefined, system, deadline, config.toolTimeoutMs),
    },
  );
}

function pastDeadline(limitMs: number): Error {
  return new Error(`The search took longer than ${limitMs} ms (QUARRY_TOOL_TIMEOUT_MS).`);
}

/** The chain's `ask`: one job on the provider's queue, waiting at most until the call's deadline. */
async function askThroughQueue(
  system: QueueSystem,
  deadline: number,
  limitMs: number,
  ...[entry, askedQuery, context]: Parameters<AskProvider>
): Promise<ProviderAnswer> {
  const { config } = system;
  const providerId = entry.provider.id;
  const waitMs = config.queueWaitMs + config.providerTimeoutMs + JOB_MARGIN_MS;
  const leftMs = deadline - Date.now();
  const queueName = searchQueueName(providerId);
  if (leftMs <= 0) throw new JobAbortedError(queueName, '(not added)', pastDeadline(limitMs));
  const timeoutMs = Math.min(waitMs, leftMs);
  try {
    return (await runJob(
      system,
      searchQueue,
      { kind: 'search', provider: providerId, query: askedQuery },
      {
        queueName,
        timeoutMs,
        signal: context.signal,
        startWithinMs: config.queueWaitMs,
        name: providerId,
      },
    )) as ProviderAnswer;
  } catch (error) {
    if (error instanceof QueueSaturatedError) {
      // The limits the queue has now (the live settings over the provider's defaults), so the message
      // names the numbers that were reached and the settings that raise them.
      throw saturatedError(entry.provider, error.waitedMs, providerQueueLimits(system, providerId));
    }
    if (error instanceof JobFailedError) {
      // An unexpected failure in the worker: the provider could not answer; the chain moves on.
      throw new SearchError('unavailable', `${entry.provider.name} failed: ${error.failedReason}`, {
        provider: providerId,
      });
    }
    if (error instanceof JobTimeoutError) {
      // The whole call's deadline, not the provider's: the caller's limit, as an abort would be.
      if (timeoutMs < waitMs) throw new JobAbortedError(queueName, error.jobId, pastDeadline(limitMs));
      throw new SearchError(
        'unavailable',
        `${entry.provider.name} did not answer within ${waitMs} ms (QUARRY_PROVIDER_TIMEOUT_MS + QUARRY_QUEUE_WAIT_MS).`,
        { provider: providerId },
      );
    }
    throw error;
  }
}
