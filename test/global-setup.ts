// Once per test run: when nothing answers at REDIS_URL, a throwaway redis-server for the run, stopped
// at its end (passed or failed). A Redis that was already running is used and left alone.
import { ensureTestRedis } from '../scripts/throwaway-redis.mjs';

let redis: Awaited<ReturnType<typeof ensureTestRedis>> | undefined;

export async function setup(): Promise<void> {
  redis = await ensureTestRedis();
}

export async function teardown(): Promise<void> {
  await redis?.stop();
}
