// Commands that need Redis (token, budget, mcp) ask it once, quickly, before anything else connects:
// when it does not answer they say so in one line (where they looked, what to do) within about a
// second, instead of a connection retrying and logging behind the message.
import { Redis } from 'ioredis';
import { buildConfig, loadConfig, type Config, type ConfigSources } from '../config.ts';
import { createLogger, type Logger } from '../queue/logger.ts';
import { redisOptionsFromUrl } from '../queue/redis-options.ts';
import type { QueueSystem } from '../queue/system.ts';
import type { SettingsStore } from '../settings/settings-store.ts';
import { redactedRedisUrl } from '../server/redacted-redis-url.ts';
import { UsageError } from './exit-codes.ts';

/** Long enough for a Redis across a network to answer; a Redis that is down refuses at once. */
export const REDIS_PROBE_MS = 1_500;

/** Redis is not there: a runtime failure (exit 1), with what to do. */
export class RedisUnavailableError extends Error {
  override readonly name = 'RedisUnavailableError';
}

/** Asks Redis for a PONG with one connection that never retries; throws RedisUnavailableError. */
export async function ensureRedisAnswers(
  config: Pick<Config, 'redisUrl'>,
  limitMs = REDIS_PROBE_MS,
): Promise<void> {
  let options: ReturnType<typeof redisOptionsFromUrl>;
  try {
    options = redisOptionsFromUrl(config.redisUrl);
  } catch (error) {
    throw new UsageError((error as Error).message); // a REDIS_URL to correct: bad input, exit 2
  }
  const probe = new Redis({
    ...options,
    lazyConnect: true,
    connectTimeout: limitMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
    // ioredis waits this long for a closed socket to say "close" once more before it lets go, which
    // held the process 2 s (its default) after the message.
    disconnectTimeout: 50,
  });
  // The one line below says it, with the connection's own reason (ECONNREFUSED, ENOTFOUND, NOAUTH...).
  let connectionError: NodeJS.ErrnoException | undefined;
  probe.on('error', (error: NodeJS.ErrnoException) => (connectionError ??= error));
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      (async () => {
        await probe.connect();
        await probe.ping();
      })(),
      new Promise((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${limitMs} ms`)), limitMs);
      }),
    ]);
  } catch (error) {
    const cause = connectionError ?? (error as NodeJS.ErrnoException);
    const reason = cause.code ?? cause.message;
    throw new RedisUnavailableError(
      `Redis does not answer at ${redactedRedisUrl(config.redisUrl)} (${reason}): start Quarry (npm start starts one) or point REDIS_URL at the Redis Quarry uses.`,
    );
  } finally {
    clearTimeout(timer);
    probe.disconnect();
  }
}

/** The queue system, once Redis answered. Logs go to standard error (stdout may carry a protocol). */
export async function queueSystemOrFail(config: Config, logger?: Logger): Promise<QueueSystem> {
  await ensureRedisAnswers(config);
  // Loaded once Redis answered: BullMQ takes a while to load, and a "Redis is down" needs none of it.
  const { createQueueSystem } = await import('../queue/system.ts');
  return createQueueSystem(config, { logger: logger ?? createLogger(config, process.stderr) });
}

/**
 * The queue system following the live settings store (src/settings/settings-store.ts), once Redis
 * answered: a `quarry settings set` elsewhere applies in this process within a second, as in
 * `quarry start`. The store is closed with the system.
 */
export async function liveQueueSystemOrFail(
  sources: ConfigSources,
  options: { announceAs: string; logger?: Logger },
): Promise<QueueSystem> {
  return (await liveQueueSystemWithSettingsOrFail(sources, options)).system;
}

/** `liveQueueSystemOrFail`, with the store too (for a process whose workers follow its changes). */
export async function liveQueueSystemWithSettingsOrFail(
  sources: ConfigSources,
  options: { announceAs: string; logger?: Logger },
): Promise<{ system: QueueSystem; settings: SettingsStore }> {
  const started = buildConfig(sources);
  await ensureRedisAnswers(started);
  const logger = options.logger ?? createLogger(started, process.stderr);
  const [{ createQueueSystem }, { SettingsStore }] = await Promise.all([
    import('../queue/system.ts'),
    import('../settings/settings-store.ts'),
  ]);
  const store = await SettingsStore.open({
    sources,
    config: started,
    logger,
    announceAs: options.announceAs,
  });
  const system = createQueueSystem(store.current(), { logger, live: store });
  system.onClose(() => store.close());
  return { system, settings: store };
}

/**
 * The settings a one-off command (search, read) works with: the live store's when Redis answers
 * (so it uses the provider order, keys and limits set with `quarry settings set`), otherwise the
 * environment and the settings file alone: these commands work without Redis.
 */
export async function currentConfig(sources: ConfigSources): Promise<Config> {
  const started = buildConfig(sources);
  try {
    await ensureRedisAnswers(started);
  } catch (error) {
    if (error instanceof RedisUnavailableError) return started;
    throw error;
  }
  const { SettingsStore } = await import('../settings/settings-store.ts');
  // A read: the store is seeded only by the processes that serve (start, worker, mcp).
  const store = await SettingsStore.open({ sources, config: started, seed: false });
  try {
    return store.current();
  } finally {
    await store.close();
  }
}

/**
 * Runs an operator command (token, budget) against the Redis Quarry uses, with its logs silenced: the
 * command reports its own failures, and a connection's retries need not fill the terminal.
 */
export async function withQueueSystem(action: (system: QueueSystem) => Promise<void>): Promise<void> {
  const system = await queueSystemOrFail(loadConfig(), createLogger({ logLevel: 'silent' }, process.stderr));
  try {
    await action(system);
  } finally {
    await system.close();
  }
}
