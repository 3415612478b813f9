// `npm test` stops the Redis it started, and only that one: the global setup's throwaway redis-server
// ends with the run; a Redis that already answered is used and left running.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureTestRedis, redisAnswers } from '../scripts/throwaway-redis.mjs';
import { REPO_ROOT } from './quarry-process.ts';
import vitestConfig from '../vitest.config.ts';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('the tests’ throwaway Redis', () => {
  it('starts one where nothing answers and stops it again', async () => {
    const port = await freePort();
    const redis = await ensureTestRedis(`redis://127.0.0.1:${port}`);
    expect(redis.started).toBe(true);
    expect(await redisAnswers('127.0.0.1', port)).toBe(true);
    await redis.stop();
    expect(await redisAnswers('127.0.0.1', port)).toBe(false);
  });

  it('leaves a Redis that was already running alone', async () => {
    const url = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    const port = Number(url.port || 6379);
    const redis = await ensureTestRedis(url.href);
    expect(redis.started).toBe(false);
    await redis.stop();
    expect(await redisAnswers(url.hostname, port)).toBe(true);
  });

  it('is what npm test uses: the run’s global setup, not a pretest that leaves it running', () => {
    const scripts = (
      JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    expect(scripts.pretest).not.toContain('--redis');
    expect(vitestConfig.test?.globalSetup).toEqual(['test/global-setup.ts']);
  });
});
