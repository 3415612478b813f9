// The Redis-restart scenario, short: an append-only Redis of its own stopped and started under load.
import { describe, expect, it } from 'vitest';
import { runRedisRestart } from '../../bench/reliability-redis-restart.ts';

describe('reliability: Redis restarts', () => {
  it('crashes nothing, hangs nothing, says Redis when a call fails, comes back, and keeps every state', async () => {
    const figures = await runRedisRestart(
      { redisUrl: '', log: () => undefined },
      { callers: 4, beforeMs: 1_500, downMs: 2_000, afterMs: 3_000 },
    );
    expect(figures.hung).toBe(0);
    expect(figures.failed_not_saying_redis, String(figures.first_failure_not_saying_redis)).toBe(0);
    expect(figures.worker_alive).toBe(true);
    expect(figures.back_after_restart_ms).toBeGreaterThanOrEqual(0);
    for (const kept of ['budget', 'credits', 'token', 'rest', 'settings', 'run_record'])
      expect(figures[`${kept}_kept`], kept).toBe(true);
  }, 60_000);
});
