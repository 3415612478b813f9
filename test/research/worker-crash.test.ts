// A worker killed mid-run (SIGKILL: no chance to clean up): the stall check hands the run's job to
// another worker, which finds the run `running`, marks it `interrupted`, and then starts it again or
// fails it per QUARRY_RUN_ATTEMPTS. The budget counters are the run's, not the attempt's: a retry
// spends from what is left.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'bullmq';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../queue/helpers.ts';
import type { RunView } from '../../src/research/run-view.ts';
import { FINALIZE_QUEUE } from '../../src/queue/finalize-queue.ts';
import { startFinalizeFlow } from '../../src/research/finalize-flow.ts';
import { moveRun } from '../../src/research/run-store.ts';
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

  // The agent had answered (the run is `finalizing`, its answer kept) when its worker lost the job:
  // its lock lapsed before the job was marked done, or it died before the finalize flow was added.
  // The next worker ends the run with that answer; it does not run the agent again.
  async function answeredThenLost(): Promise<string> {
    const created = await quarry!.api<RunView>('POST', '/api/runs', {
      question: 'Answered before the loss',
      agent: 'command:"scripted"',
      budget: 3,
      options: { searches: ['after the loss'], answer: 'A second answer' },
    });
    expect(created.status).toBe(201);
    const runId = created.body.id;
    const { system } = quarry!;
    expect((await moveRun(system, runId, 'running', { attempt: 0, fields: { attempts: 1 } })).moved).toBe(
      true,
    );
    const answered = await moveRun(system, runId, 'finalizing', {
      attempt: 1,
      fields: { answer: 'The first answer', pictures: [] },
    });
    expect(answered.moved).toBe(true);
    return runId;
  }

  it('ends a run whose agent had answered with that answer, without running the agent again', async () => {
    quarry = await startResearchQuarry({ QUARRY_RUN_ATTEMPTS: '2' });
    const runId = await answeredThenLost();
    await quarry.startWorker();
    const run = await quarry.finished(runId);
    expect(run).toMatchObject({ status: 'succeeded', attempts: 1, answer: 'The first answer' });
    expect(run.budget.used).toBe(0);
    expect(statusMoves(await quarry.events(runId))).toEqual(['queued', 'running', 'finalizing', 'succeeded']);
  });

  it('adds the flow again when an earlier attempt left a finished finalize job under the run id', async () => {
    quarry = await startResearchQuarry({ QUARRY_RUN_ATTEMPTS: '2' });
    const runId = await answeredThenLost();
    const { system } = quarry;
    // An earlier attempt's flow parent that has ended (it found the run in another state).
    await startFinalizeFlow(system, runId, []);
    const taker = new Worker(FINALIZE_QUEUE, null, { connection: system.connection, prefix: system.prefix });
    const earlier = (await taker.getNextJob('earlier-attempt'))!;
    expect(earlier.id).toBe(runId);
    await earlier.moveToFailed(new Error('an earlier attempt'), 'earlier-attempt', false);
    await taker.close();
    expect(await earlier.getState()).toBe('failed');
    await quarry.startWorker();
    const run = await quarry.finished(runId);
    expect(run).toMatchObject({ status: 'succeeded', attempts: 1, answer: 'The first answer' });
  });
});
