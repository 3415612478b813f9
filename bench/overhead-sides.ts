// The two sides the overhead benches compare: Quarry's configuration for one fake provider, and a
// bare BullMQ queue whose processor makes the same call to the same provider with the same
// concurrency and the same retention of finished jobs, so neither side pays for more bookkeeping.
import { Queue, QueueEvents, Worker, type ConnectionOptions } from 'bullmq';
import { parseConfig, type Config } from '../src/config.ts';
import type { SearchProvider, SearchQuery } from '../src/providers/types.ts';
import { redisOptionsFromUrl } from '../src/queue/redis-options.ts';
import { providerFetch } from '../src/workers/search-processor.ts';
import { fakeProvider } from '../test/queue/fake-provider.ts';

type ProviderContext = Parameters<SearchProvider['search']>[1];

/** Quarry's configuration and provider for the fake provider at `url`, `concurrency` calls at once. */
export function overheadQuarry(options: {
  redisUrl: string;
  prefix: string;
  url: string;
  concurrency: number;
}): {
  config: Config;
  provider: SearchProvider;
  /** What the provider is called with: bare BullMQ's processor and the direct calls use it as it is. */
  providerContext: ProviderContext;
} {
  const config = parseConfig({
    redisUrl: options.redisUrl,
    prefix: options.prefix,
    logLevel: 'silent',
    providerOrder: ['fake'],
    providers: { fake: { url: options.url } },
    workerConcurrency: options.concurrency,
  });
  const provider = fakeProvider('fake', {
    concurrency: options.concurrency,
    rate: { max: 1_000_000, perMs: 1_000 },
  });
  const providerContext = { url: options.url, fetch: providerFetch, timeoutMs: config.providerTimeoutMs };
  return { config, provider, providerContext };
}

export interface BareBullmq {
  queue: Queue;
  events: QueueEvents;
  worker: Worker;
  /** Adds a search and waits for its result, as a bare BullMQ caller does. */
  search(query: SearchQuery): Promise<unknown>;
  close(): Promise<void>;
}

/** A bare BullMQ queue `bare` under `config.prefix` whose processor calls `provider` directly. */
export async function startBareBullmq(
  config: Config,
  provider: SearchProvider,
  providerContext: ProviderContext,
  concurrency: number,
): Promise<BareBullmq> {
  const connection = redisOptionsFromUrl(config.redisUrl) as ConnectionOptions;
  const { prefix } = config;
  const retention = { age: config.keepFinished.ageSeconds, count: config.keepFinished.count };
  const queue = new Queue('bare', {
    connection,
    prefix,
    defaultJobOptions: { removeOnComplete: retention, removeOnFail: retention },
  });
  const events = new QueueEvents('bare', { connection, prefix });
  // waitUntilFinished adds a 'closing' listener per waiting job.
  queue.setMaxListeners(0);
  events.setMaxListeners(0);
  const worker = new Worker(
    'bare',
    async (job) => provider.search(job.data.query as SearchQuery, providerContext),
    {
      connection,
      prefix,
      concurrency,
    },
  );
  await Promise.all([events.waitUntilReady(), worker.waitUntilReady()]);
  return {
    queue,
    events,
    worker,
    search: async (query) => (await queue.add('search', { query })).waitUntilFinished(events),
    close: async () => {
      await Promise.all([worker.close(), events.close(), queue.close()]);
    },
  };
}
