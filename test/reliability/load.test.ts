// The load scenario, short: MCP sessions against a `quarry start` process and a `quarry worker` process
// (real processes from src/cli.ts, a Redis of the scenario's own, fakes in a process of their own).
// Asserted: no errors, every process stops cleanly, memory growth not gross; the timings and the
// memory figures are the bench's (npm run bench:reliability -- --only load).
import { describe, expect, it } from 'vitest';
import { runLoad } from '../../bench/reliability-load.ts';

/** Far above the bench's stated bound: only a gross leak fails a short test on a shared machine. */
const GROSS_GROWTH_MB = 200;

describe('reliability: load', () => {
  it('answers every call of many sessions, and every Quarry process stops cleanly', async () => {
    const figures = await runLoad(
      { redisUrl: '', log: () => undefined },
      { sessions: 10, durationMs: 6_000, workerProcesses: 1, readEvery: 5 },
    );
    expect(figures.errors, String(figures.first_error)).toBe(0);
    expect(figures.searches).toBeGreaterThan(0);
    expect(figures.reads).toBeGreaterThan(0);
    expect(figures.jobs_kept).toBeGreaterThan(0);
    expect(figures.heap_growth_worst_quarry_mb).toBeLessThan(GROSS_GROWTH_MB);
    expect(figures.stopped_cleanly, String(figures.exit_codes)).toBe(true);
  }, 120_000);
});
