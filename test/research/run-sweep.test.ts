// The retention sweep runs in the workers: a worker process schedules it (a repeating job on its own
// queue) and removes the runs past their retention with everything they own, leaving recent ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRunBudget } from '../../src/queue/budgets.ts';
import { appendRunEvent } from '../../src/research/run-events.ts';
import { createRun, getRun, moveRun, runKeys } from '../../src/research/run-store.ts';
import { until } from '../queue/helpers.ts';
import { startResearchQuarry, type ResearchQuarry } from './run-harness.ts';

let quarry: ResearchQuarry;

beforeAll(async () => {
  quarry = await startResearchQuarry({
    QUARRY_RUN_RETENTION_DAYS: '1',
    QUARRY_RUN_SWEEP_INTERVAL_SECONDS: '1',
  });
}, 60_000);

afterAll(async () => {
  await quarry?.close();
});

describe('the retention sweep in the workers', () => {
  it('removes an old finished run, its events and budget, and keeps a recent one', async () => {
    const { system } = quarry;
    const old = await createRun(
      system,
      { question: 'Long ago', agent: 'codex', budgets: { searches: 2 }, timeLimitSeconds: 60 },
      new Date(Date.now() - 2 * 86_400_000),
    );
    const recent = await createRun(system, {
      question: 'Today',
      agent: 'codex',
      budgets: { searches: 2 },
      timeLimitSeconds: 60,
    });
    for (const run of [old, recent]) {
      await setRunBudget(system, run.id, { searches: 2 });
      await appendRunEvent(system, run.id, 'agent', { kind: 'message', text: 'done' });
      await moveRun(system, run.id, 'cancelled');
    }
    await quarry.startWorker();
    await until(
      async () => (await getRun(system, old.id)) === undefined,
      20_000,
      'the sweep to remove the old run',
    );
    const keys = runKeys(system, old.id);
    expect(await system.connection.exists(keys.record, keys.events, keys.budget)).toBe(0);
    expect(await getRun(system, recent.id)).toMatchObject({ status: 'cancelled' });
    expect(await system.connection.exists(runKeys(system, recent.id).events)).toBe(1);
  });
});
