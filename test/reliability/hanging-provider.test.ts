// The misbehaving-provider scenario, short: a provider that hangs, one that answers after the timeout
// and one whose body never ends. Every call moves on to the next provider, and nothing stays held.
import { describe, expect, it } from 'vitest';
import { runHangingProvider } from '../../bench/reliability-hanging-provider.ts';
import { REDIS_URL } from '../queue/helpers.ts';

describe('reliability: misbehaving providers', () => {
  it('moves every call on to the next provider and leaves no worker slot or socket held', async () => {
    const calls = 6;
    const figures = await runHangingProvider(
      { redisUrl: REDIS_URL, log: () => undefined },
      { calls, rounds: 2, providerTimeoutMs: 1_000, endlessTimeoutMs: 20_000, sideBySide: true },
    );
    for (const mode of ['hang', 'slow', 'endless']) {
      expect(figures[`${mode}_moved_on`], String(figures[`${mode}_first_failure`])).toBe(calls * 2);
      expect(figures[`${mode}_server_sockets_left`]).toBe(0);
      expect(figures[`${mode}_active_jobs_left`]).toBe(0);
    }
    expect(figures.process_sockets_added).toBe(0);
    expect(figures.hang_reason).toMatch(/did not answer within 1000 ms.*QUARRY_PROVIDER_TIMEOUT_MS/);
    expect(figures.slow_reason).toMatch(/did not answer within 1000 ms/);
    // The endless body is cut off at the answer limit, before the timeout, with a reason that says so.
    expect(figures.endless_reason).toMatch(/larger than 8 MB.*SEARXNG_URL/);
  }, 60_000);
});
