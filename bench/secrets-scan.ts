// Looks for planted secrets (provider keys, the operator token, MCP tokens) in what Quarry leaves
// behind: every key under a prefix in Redis (job hashes, run event streams, state), texts it wrote
// (logs, API answers, pages). A hit is a secret found in one place; the places are named.
import type { Redis } from 'ioredis';

export interface SecretHit {
  where: string;
  secret: string;
}

/** Hits of any secret in one text; the secret is shown by its first four characters only. */
export function hitsIn(where: string, text: string, secrets: readonly string[]): SecretHit[] {
  return secrets
    .filter((secret) => secret.length >= 8 && text.includes(secret))
    .map((secret) => ({ where, secret: `${secret.slice(0, 4)}…` }));
}

/** Every value under `prefix` (strings, hashes, lists, sets, sorted sets, streams), scanned for the secrets. */
export async function redisHits(
  redis: Redis,
  prefix: string,
  secrets: readonly string[],
): Promise<SecretHit[]> {
  const hits: SecretHit[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1_000);
    cursor = next;
    for (const key of keys) {
      const type = await redis.type(key);
      let values: unknown;
      if (type === 'string') values = await redis.get(key);
      else if (type === 'hash') values = await redis.hgetall(key);
      else if (type === 'list') values = await redis.lrange(key, 0, -1);
      else if (type === 'set') values = await redis.smembers(key);
      else if (type === 'zset') values = await redis.zrange(key, 0, -1);
      else if (type === 'stream') values = await redis.xrange(key, '-', '+');
      hits.push(...hitsIn(`redis ${key}`, `${key} ${JSON.stringify(values)}`, secrets));
    }
  } while (cursor !== '0');
  return hits;
}
