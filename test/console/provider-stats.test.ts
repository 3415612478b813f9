// Provider call statistics in Redis (src/queue/provider-stats.ts): what the Providers page and
// /metrics read, whichever process made the calls.
import { afterEach, describe, expect, it } from 'vitest';
import { SearchError } from '../../src/providers/types.ts';
import { readProviderStats, recordProviderCall, withProviderStats } from '../../src/queue/provider-stats.ts';
import { createQueueSystem, type QueueSystem } from '../../src/queue/system.ts';
import { freshConfig, removePrefix, until } from '../queue/helpers.ts';

const MINUTE = 60_000;

describe('provider call statistics', () => {
  let system: QueueSystem | undefined;
  afterEach(async () => {
    if (!system) return;
    const { prefix } = system;
    await system.close();
    await removePrefix(prefix);
    system = undefined;
  });

  it('counts calls and failures by kind, totals and the last hour apart, with latency percentiles and buckets', async () => {
    system = createQueueSystem(freshConfig());
    const now = Date.UTC(2026, 11, 1, 12, 0, 0);
    // Two hours ago: in the totals, not in the last hour.
    await recordProviderCall(system, 'brave', { ok: true, durationMs: 40 }, now - 2 * 60 * MINUTE);
    for (const durationMs of [10, 20, 30, 40, 50, 60, 70, 80, 90, 3_000])
      await recordProviderCall(system, 'brave', { ok: true, durationMs }, now - 5 * MINUTE);
    await recordProviderCall(
      system,
      'brave',
      {
        ok: false,
        kind: 'limit',
        durationMs: 5,
        message: 'Brave is rate limited: lower its rate in Settings → Search.',
      },
      now - MINUTE,
    );
    const stats = await readProviderStats(system, 'brave', now);
    expect(stats.totals.calls).toBe(12);
    expect(stats.lastHour.calls).toBe(11);
    expect(stats.lastHour.failures.limit).toBe(1);
    expect(stats.totals.failures).toMatchObject({ limit: 1, auth: 0, other: 0 });
    expect(stats.lastError).toEqual({
      at: new Date(now - MINUTE).toISOString(),
      kind: 'limit',
      message: 'Brave is rate limited: lower its rate in Settings → Search.',
    });
    expect(stats.latencyMs).toEqual({ p50: 40, p95: 3_000 });
    // Cumulative, as Prometheus reads a histogram: 5 ms and 10..50 ms within 0.05 s, all 12 by +Inf.
    expect(stats.totals.latencyBuckets[0]).toEqual({ le: 0.05, count: 7 });
    expect(stats.totals.latencyBuckets.find((bucket) => bucket.le === 2.5)?.count).toBe(11);
    expect(stats.totals.latencyBuckets.at(-1)).toEqual({ le: '+Inf', count: 12 });
    expect(stats.totals.latencySumSeconds).toBeCloseTo((40 + 450 + 3_000 + 5) / 1_000, 6);
    // Another provider's are its own.
    expect((await readProviderStats(system, 'tavily', now)).totals.calls).toBe(0);
    expect((await readProviderStats(system, 'tavily', now)).latencyMs).toBeNull();
  });

  it('records a wrapped call as it ends: the answer or the error passes through, its kind counted', async () => {
    system = createQueueSystem(freshConfig());
    expect(await withProviderStats(system, 'exa', async () => 'answer')).toBe('answer');
    const refused = new SearchError(
      'auth',
      'Exa refused the API key: check EXA_API_KEY or the key in Settings → Search.',
    );
    await expect(withProviderStats(system, 'exa', () => Promise.reject(refused))).rejects.toBe(refused);
    await expect(
      withProviderStats(system, 'exa', () => Promise.reject(new TypeError('a bug'))),
    ).rejects.toThrow('a bug');
    const stats = await readProviderStats(system, 'exa');
    expect(stats.totals.calls).toBe(3);
    expect(stats.totals.failures).toMatchObject({ auth: 1, other: 1 });
    expect(stats.lastError?.kind).toBe('other');
    expect(stats.lastError?.message).toBe('a bug');
  });

  it('writes the calls it counts in memory by itself, and what is left when the system closes, for other processes to read', async () => {
    const config = freshConfig();
    system = createQueueSystem(config);
    // Another process's view (the server reading a worker's calls): nothing of the worker's memory.
    const reader = createQueueSystem(config);
    const worker = createQueueSystem(config);
    try {
      for (const durationMs of [10, 20, 30])
        await recordProviderCall(worker, 'brave', { ok: true, durationMs });
      await until(async () => (await readProviderStats(reader, 'brave')).totals.calls === 3);
      await recordProviderCall(worker, 'brave', {
        ok: false,
        kind: 'auth',
        durationMs: 5,
        message: 'Brave refused the key.',
      });
      await worker.close();
      const stats = await readProviderStats(reader, 'brave');
      expect(stats.totals.calls).toBe(4);
      expect(stats.lastHour).toMatchObject({ calls: 4, failures: { auth: 1 } });
      expect(stats.lastError?.message).toBe('Brave refused the key.');
      expect(stats.latencyMs).toEqual({ p50: 10, p95: 30 });
    } finally {
      await worker.close();
      await reader.close();
    }
  });

  it('closes without waiting on statistics when Redis cannot be reached', async () => {
    // Nothing listens on port 1: the connection never becomes ready.
    const unreachable = createQueueSystem(freshConfig({ redisUrl: 'redis://127.0.0.1:1' }));
    await recordProviderCall(unreachable, 'brave', { ok: true, durationMs: 10 });
    await unreachable.close();
  });
});
