// The secrets scan finds what it looks for: a planted secret in a Redis hash, a stream and a text.
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { hitsIn, redisHits } from '../../bench/secrets-scan.ts';
import { REDIS_URL, removePrefix } from '../queue/helpers.ts';

describe('the secrets scan', () => {
  it('finds a planted secret in a job hash, a run stream and a log, and nothing where it is not', async () => {
    const prefix = `{secrets-scan-${Date.now()}}`;
    const secret = 'sk-planted-0123456789';
    const redis = new Redis(REDIS_URL);
    try {
      await redis.hset(`${prefix}:search.alpha:1`, 'data', JSON.stringify({ key: secret }));
      await redis.xadd(`${prefix}:state:run:r1:events`, '*', 'data', `text ${secret}`);
      await redis.set(`${prefix}:state:clean`, 'nothing here');
      const hits = await redisHits(redis, prefix, [secret, 'never-written-secret']);
      expect(hits.map((hit) => hit.where).sort()).toEqual([
        `redis ${prefix}:search.alpha:1`,
        `redis ${prefix}:state:run:r1:events`,
      ]);
      expect(hits[0]!.secret).toBe('sk-p…');
      expect(hitsIn('log', `{"msg":"x","key":"${secret}"}`, [secret])).toHaveLength(1);
      expect(hitsIn('log', 'clean', [secret])).toHaveLength(0);
    } finally {
      redis.disconnect();
      await removePrefix(prefix);
    }
  });
});
