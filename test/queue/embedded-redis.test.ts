import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureRedis, redisAnswers, RedisUnavailableError } from '../../src/queue/embedded-redis.ts';
import { REDIS_URL } from './helpers.ts';

async function sparePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('ensureRedis', () => {
  it('uses a Redis that answers and starts nothing', async () => {
    const ready = await ensureRedis({
      redisUrl: REDIS_URL,
      embeddedRedis: true,
      dataDir: mkdtempSync(join(tmpdir(), 'q-')),
    });
    expect(ready.embedded).toBeUndefined();
  });

  it('starts redis-server with an append-only file under <dataDir>/redis when nothing answers, and stops it', async () => {
    const port = await sparePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'quarry-embedded-'));
    const redisUrl = `redis://127.0.0.1:${port}`;
    const ready = await ensureRedis({ redisUrl, embeddedRedis: true, dataDir });
    try {
      expect(ready.embedded?.dataDir).toBe(join(dataDir, 'redis'));
      expect(await redisAnswers(redisUrl)).toBe(true);
      expect(existsSync(join(dataDir, 'redis'))).toBe(true);
      expect(readdirSync(join(dataDir, 'redis')).some((name) => name.startsWith('appendonly'))).toBe(true);
    } finally {
      await ready.embedded?.stop();
    }
    expect(await redisAnswers(redisUrl)).toBe(false);
  });

  it('says how to get Redis when nothing answers and redis-server is not installed', async () => {
    const port = await sparePort();
    const error = await ensureRedis(
      {
        redisUrl: `redis://127.0.0.1:${port}`,
        embeddedRedis: true,
        dataDir: mkdtempSync(join(tmpdir(), 'q-')),
      },
      { path: '/nonexistent-folder' },
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RedisUnavailableError);
    const message = (error as Error).message;
    expect(message.split('\n')[0]).toBe(
      `Redis does not answer at redis://127.0.0.1:${port} and redis-server is not installed.`,
    );
    expect(message).toContain('docker compose up -d redis');
    expect(message).toContain('apt-get install redis-server');
    expect(message).toContain('REDIS_URL=');
  });

  it('does not start one when embedding is off, and says so', async () => {
    const port = await sparePort();
    const error = await ensureRedis({
      redisUrl: `redis://127.0.0.1:${port}`,
      embeddedRedis: false,
      dataDir: mkdtempSync(join(tmpdir(), 'q-')),
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RedisUnavailableError);
    expect((error as Error).message).toContain('QUARRY_EMBEDDED_REDIS=false');
  });
});
