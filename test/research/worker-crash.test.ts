// A worker killed mid-run (SIGKILL: no chance to clean up): the stall check hands the run's job to
// another worker, which finds the run `running`, marks it `interrupted`, and then starts it again or
// fails it per QUARRY_RUN_ATTEMPTS. The budget counters are the run's, not the attempt's: a retry
// spends from what is left.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../queue/helpers.ts';
import type { RunView } from '../../src/research/run-view.ts';
import { killWorker, startResearchQuarry, statusMoves, type ResearchQuarry } from './run-harness.ts';

let quarry: ResearchQuarry | undefined;

afterEach(async () => {
  await quarry?.close();
  quarry = undefined;
});

/** Starts a run whose agent searches once, then holds on its first attempt; kills the worker while it holds. */
async function runAndKill(signal: NodeJS.Signals = 'SIGKILL'): Promise<string> {
  const first = await quarry!.startWorker();
  const holdFile = join(quarry!.dataDir, 'held-once');
  const created = await quarry!.api<RunView>('POST', '/api/runs', {
    question: 'Survive a crash',
    agent: 'command:"scripted"',
    budget: 3,
    options: { searches: ['before the crash'], hold_once_file: holdFile, answer: 'Survived' },
  });
  expect(created.status).toBe(201);
  await until(() => existsSync(holdFile), 20_000, 'the first attempt to hold');
  await until(
    async () => (await quarry!.run(created.body.id)).budget.used === 1,
    10_000,
    'the first search to be charged',
  );
  if (signal === 'SIGKILL') await killWorker(first);
  else {
    first.child.kill(signal);
    expect(await first.exited).toBe(0);
  }
  return created.body.id;
}

describe('a worker that dies mid-run', { timeout: 60_000 }, () => {
  it('leaves the run interrupted, then another worker runs it again on the same budget', async () => {
    quarry = await startResearchQuarry({ QUARRY_RUN_ATTEMPTS: '2' });
    const runId = await runAndKill();
    await quarry.startWorker();
    const run = await quarry.finished(runId);
    expect(run).toMatchObject({ status: 'succeeded', attempts: 2, budget: { used: 2, limit: 3 } });
    expect(run.answer).toContain('Survived');
    expect(statusMoves(await quarry.events(runId))).toEqual([
      'queued',
      'running',
      'interrupted',
      'running',
      'finalizing',
      'succeeded',
    ]);
  });

  it('hands the run back when its worker is stopped (SIGTERM), and another worker finishes it', async () => {
    quarry = await startResearchQuarry({ QUARRY_RUN_ATTEMPTS: '2' });
    const runId = await runAndKill('SIGTERM');
    const handedBack = await quarry.run(runId);
    expect(handedBack).toMatchObject({ status: 'interrupted', budget: { used: 1 } });
    expect(handedBack.reason).toMatch(/^Its worker was stopped mid-run \(attempt 1 of 2\)/);
    await quarry.startWorker();
    const run = await quarry.finished(runId);
    expect(run).toMatchObject({ status: 'succeeded', attempts: 2, budget: { used: 2, limit: 3 } });
    expect(statusMoves(await quarry.events(runId))).toEqual([
      'queued',
      'running',
      'interrupted',
      'running',
      'finalizing',
      'succeeded',
    ]);
  });

  it('fails the run once it has had its attempts, keeping what it spent', async () => {
    quarry = await startResearchQuarry({ QUARRY_RUN_ATTEMPTS: '1' });
    const runId = await runAndKill();
    await quarry.startWorker();
    const run = await quarry.finished(runId);
    expect(run).toMatchObject({ status: 'failed', attempts: 1, budget: { used: 1, limit: 3 } });
    expect(run.reason).toMatch(
      /^Interrupted 1 time, and a run is started at most 1 times \(QUARRY_RUN_ATTEMPTS\)/,
    );
    expect(statusMoves(await quarry.events(runId))).toEqual(['queued', 'running', 'interrupted', 'failed']);
  });
});
