// The worker-kills scenario, short: MCP sessions searching and reading pages, and runs of Quarry's own researcher while a
// worker process is SIGKILLed and another started. Nothing is lost, nothing charged twice, no run stuck;
// then the planted secrets are looked for everywhere Quarry wrote.
import { describe, expect, it } from 'vitest';
import { runWorkerKills } from '../../bench/reliability-worker-kills.ts';
import { REDIS_URL } from '../queue/helpers.ts';

describe('reliability: workers killed', () => {
  it('answers or fails every search and read with a message, charges each once, and ends every run', async () => {
    const figures = await runWorkerKills(
      { redisUrl: REDIS_URL, log: () => undefined },
      { sessions: 4, runs: 2, durationMs: 7_000, killEveryMs: 2_500, searchesPerRun: 2 },
    );
    expect(figures.kills).toBeGreaterThanOrEqual(1);
    expect(figures.calls).toBeGreaterThan(0);
    expect(figures.lost).toBe(0);
    expect(figures.reads_answered).toBeGreaterThan(0);
    expect(figures.reads_lost).toBe(0);
    expect((figures.reads_answered as number) + (figures.reads_failed_with_message as number)).toBe(
      figures.reads,
    );
    expect(figures.failed_without_message).toBe(0);
    expect((figures.answered as number) + (figures.failed_with_message as number)).toBe(figures.calls);
    expect(figures.charged_twice).toBe(0);
    expect(figures.charged_never).toBe(0);
    expect(figures.runs_stuck).toBe(0);
    expect(figures.runs_failed_without_reason).toBe(0);
    // Secrets: the planted keys and tokens appear nowhere (Redis, worker logs, API answers, pages).
    expect(figures.provider_key_used).toBe(true);
    expect(figures.secret_hits, String(figures.first_secret_hit)).toBe(0);
    expect((figures.runs_succeeded as number) + (figures.runs_failed_with_reason as number)).toBe(2);
  }, 120_000);
});
