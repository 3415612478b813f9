// The overhead scenario, short: all three ways of calling (through Quarry's queues, bare BullMQ making
// the same provider call, the provider directly) answer every call, and the figures come out whole.
// Its timings are the bench's to report (npm run bench:reliability), never asserted here.
import { describe, expect, it } from 'vitest';
import { runOverhead } from '../../bench/reliability-overhead.ts';
import { REDIS_URL } from '../queue/helpers.ts';

describe('reliability: overhead', () => {
  it('answers every call in all three ways and reports p50, p99 and throughput for each', async () => {
    const figures = await runOverhead(
      { redisUrl: REDIS_URL, log: () => undefined },
      { callsPerRound: 60, rounds: 1, concurrency: 10, warmup: 10 },
    );
    for (const way of ['quarry', 'bare', 'direct']) {
      expect(figures[`${way}_errors`], String(figures[`${way}_first_error`])).toBe(0);
      for (const figure of ['p50_ms', 'p99_ms', 'calls_s'])
        expect(Number.isFinite(figures[`${way}_${figure}`])).toBe(true);
    }
    expect(figures.calls_per_way).toBe(60);
    expect(Number.isFinite(figures.p99_vs_bare_round_median)).toBe(true);
    expect(typeof figures.within_target).toBe('boolean');
  });
});
