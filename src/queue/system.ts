// The queue system: one shared Redis connection, the queues by name (created on first use), a
// QueueEvents-backed waiter per queue, and everything closed in one call. Every key, BullMQ's and our
// own, lives under the configured hash-tagged prefix.
import { Queue } from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';
import type { Config } from '../config.ts';
import { PROVIDERS } from '../providers/index.ts';
import type { SearchProvider } from '../providers/types.ts';
import { JobWaiter } from './job-waiter.ts';
import { createLogger, type Logger } from './logger.ts';
import { stateKey } from './names.ts';
import { redisOptionsFromUrl } from './redis-options.ts';

export interface QueueSystem {
  /** The configuration in use now: with a live source (the settings store), it follows every change. */
  readonly config: Config;
  /** The hash-tagged prefix of every key (BullMQ's `prefix` option and our own keys). */
  readonly prefix: string;
  /** The shared, non-blocking connection: queues, our own keys and Lua scripts. */
  readonly connection: Redis;
  /** Options for opening further connections (blocking clients: workers, queue events, subscribers). */
  readonly connectionOptions: RedisOptions;
  readonly logger: Logger;
  /** The search providers this system knows, by id (workers look a job's provider up here). */
  readonly providers: ReadonlyMap<string, SearchProvider>;
  /** The queue with this name, created on first use. */
  queue(name: string): Queue;
  /** The shared waiter for a queue's jobs (used by addAndWait). */
  waiter(name: string): JobWaiter;
  /** A key of our own under the prefix: `{quarry}:state:<parts...>`. */
  key(...parts: string[]): string;
  /** Runs `cleanup` first when the system closes (workers, subscribers). */
  onClose(cleanup: () => Promise<void>): void;
  close(): Promise<void>;
}

export interface QueueSystemOptions {
  /** A connection to use instead of opening one from `config.redisUrl`; the caller keeps owning it. */
  connection?: Redis;
  /** The search providers workers may run and the chain may ask; default every provider Quarry has. */
  providers?: readonly SearchProvider[];
  logger?: Logger;
  /**
   * Where the configuration in use comes from while the system runs (the settings store,
   * src/settings/settings-store.ts); without it the configuration given stays.
   */
  live?: { current(): Config };
}

export function createQueueSystem(config: Config, options: QueueSystemOptions = {}): QueueSystem {
  const connectionOptions: RedisOptions = options.connection
    ? { ...options.connection.options }
    : redisOptionsFromUrl(config.redisUrl);
  const ownsConnection = !options.connection;
  // maxRetriesPerRequest: null lets BullMQ's commands wait out a Redis restart instead of failing. No
  // auto-pipelining: in the pipeline benchmark it added about 0.3 ms per job and lowered throughput.
  const connection = options.connection ?? new Redis({ ...connectionOptions, maxRetriesPerRequest: null });
  const logger = options.logger ?? createLogger(config);
  const prefix = config.prefix;
  const providers = new Map<string, SearchProvider>();
  for (const provider of options.providers ?? PROVIDERS) {
    if (providers.has(provider.id))
      throw new Error(`Two search providers share the id "${provider.id}"; ids must be unique.`);
    providers.set(provider.id, provider);
  }
  const queues = new Map<string, Queue>();
  const waiters = new Map<string, JobWaiter>();
  const cleanups: Array<() => Promise<void>> = [];
  let closing: Promise<void> | undefined;

  const onError = (error: Error) => logger.error({ err: error }, 'Redis connection error');
  if (ownsConnection) connection.on('error', onError);

  const defaultJobOptions = {
    // Finished jobs stay a while so late waiters and the dashboard still find them (see keepFinished).
    removeOnComplete: { age: config.keepFinished.ageSeconds, count: config.keepFinished.count },
    removeOnFail: { age: config.keepFinished.ageSeconds, count: config.keepFinished.count },
    // A search falls back to the next provider instead of retrying; other tools decide per job.
    attempts: 1,
  };

  const live = options.live;
  const system: QueueSystem = {
    get config() {
      return live ? live.current() : config;
    },
    prefix,
    connection,
    connectionOptions,
    logger,
    providers,
    queue(name) {
      assertOpen();
      let queue = queues.get(name);
      if (!queue) {
        queue = new Queue(name, { connection, prefix, defaultJobOptions });
        queue.on('error', onError);
        queues.set(name, queue);
      }
      return queue;
    },
    waiter(name) {
      assertOpen();
      let waiter = waiters.get(name);
      if (!waiter) {
        waiter = new JobWaiter(name, { connection, connectionOptions, prefix, onError });
        waiters.set(name, waiter);
      }
      return waiter;
    },
    key(...parts) {
      return stateKey(prefix, ...parts);
    },
    onClose(cleanup) {
      cleanups.push(cleanup);
    },
    close() {
      closing ??= (async () => {
        for (const cleanup of cleanups.reverse()) await cleanup();
        await Promise.all([...waiters.values()].map((waiter) => waiter.close()));
        await Promise.all([...queues.values()].map((queue) => queue.close()));
        if (!ownsConnection) return;
        // QUIT waits for Redis to answer; a connection that is down would hold close() forever.
        if (connection.status === 'ready') await connection.quit().catch(() => connection.disconnect());
        else connection.disconnect();
      })();
      return closing;
    },
  };

  function assertOpen(): void {
    if (closing) throw new Error('The queue system is closed; create a new one with createQueueSystem().');
  }

  return system;
}
