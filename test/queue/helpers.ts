// Shared by the pipeline's tests: a fresh key prefix per test on the real Redis, removed afterwards.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { parseConfig, type Config } from '../../src/config.ts';

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

type ConfigInput = Parameters<typeof parseConfig>[0];

/** A configuration with a prefix no other test uses, and logs silenced. */
export function freshConfig(overrides: ConfigInput = {}): Config {
  return parseConfig({
    redisUrl: REDIS_URL,
    prefix: `{qt-${randomBytes(6).toString('hex')}}`,
    logLevel: 'silent',
    ...overrides,
  });
}

/** Deletes every key under a prefix. */
export async function removePrefix(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** Resolves when `check` returns true, polling; rejects after `limitMs` (a generous bound, not a timing claim). */
export async function until(
  check: () => boolean | Promise<boolean>,
  limitMs = 20_000,
  what = 'condition',
): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > limitMs) throw new Error(`Gave up waiting for ${what} after ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
