// Run records on the real Redis: the status table holds (a finished run never runs again), each move
// writes its event in the same step, listing pages by time and status, and the retention sweep
// removes a run with everything it owns while it keeps recent ones and those still at work.
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { chargeRun, runBudget, setRunBudget } from '../../src/queue/budgets.ts';
import { createQueueSystem, type QueueSystem } from '../../src/queue/system.ts';
import { appendRunEvent, readRunEvents } from '../../src/research/run-events.ts';
import { runFolder } from '../../src/research/run-folder.ts';
import { agentKinds } from '../../src/research/agents/index.ts';
import { parseRunRequest, RunRequestError } from '../../src/research/run-request.ts';
import { removeRun, sweepRuns } from '../../src/research/run-retention.ts';
import { RUN_STATUSES, mayMove } from '../../src/research/run-status.ts';
import { createRun, getRun, listRuns, moveRun, runIndexKey, runKeys } from '../../src/research/run-store.ts';
import { freshConfig, removePrefix } from '../queue/helpers.ts';

const systems: QueueSystem[] = [];

afterEach(async () => {
  for (const system of systems.splice(0)) {
    await system.close();
    await removePrefix(system.prefix);
  }
});

function setUp(): QueueSystem {
  const system = createQueueSystem(
    freshConfig({ dataDir: mkdtempSync(join(tmpdir(), 'quarry-runs-')), runs: { retentionDays: 2 } }),
  );
  systems.push(system);
  return system;
}

const NEW_RUN = {
  question: 'What changed in HTTP/3?',
  agent: 'claude-code',
  budgets: { searches: 5 },
  timeLimitSeconds: 600,
};

describe('run records', () => {
  it('keeps a run with its first event and reads it back', async () => {
    const system = setUp();
    const run = await createRun(system, { ...NEW_RUN, options: { max_turns: 4 }, model: 'sonnet' });
    expect(run.id).toMatch(/^run-[0-9a-f]{16}$/);
    expect(await getRun(system, run.id)).toEqual(run);
    const events = await readRunEvents(system, run.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'status', data: { to: 'queued' } });
  });

  it('moves only along the status table, writing each move as an event', async () => {
    const system = setUp();
    const run = await createRun(system, NEW_RUN);
    expect(await moveRun(system, run.id, 'succeeded')).toMatchObject({ moved: false, from: 'queued' });
    expect((await moveRun(system, run.id, 'running', { fields: { attempts: 1 } })).moved).toBe(true);
    const done = await moveRun(system, run.id, 'succeeded', { fields: { answer: 'It moved to QUIC.' } });
    expect(done).toMatchObject({ moved: true, from: 'running' });
    // Finished stays finished: a late worker, cancel or time-out changes nothing.
    for (const status of RUN_STATUSES) {
      expect((await moveRun(system, run.id, status)).moved).toBe(false);
    }
    const record = await getRun(system, run.id);
    expect(record).toMatchObject({ status: 'succeeded', answer: 'It moved to QUIC.', attempts: 1 });
    const moves = (await readRunEvents(system, run.id)).map((event) => [event.data.from, event.data.to]);
    expect(moves).toEqual([
      [undefined, 'queued'],
      ['queued', 'running'],
      ['running', 'succeeded'],
    ]);
  });

  it('lets an interrupted run run again or fail, but never a finished one', () => {
    expect(mayMove('interrupted', 'running')).toBe(true);
    expect(mayMove('interrupted', 'failed')).toBe(true);
    expect(mayMove('running', 'queued')).toBe(false);
    for (const finished of ['succeeded', 'failed', 'cancelled', 'timed-out'] as const) {
      for (const status of RUN_STATUSES) expect(mayMove(finished, status)).toBe(false);
    }
  });

  it('lets only the attempt that holds the run move it', async () => {
    const system = setUp();
    const run = await createRun(system, NEW_RUN);
    await moveRun(system, run.id, 'running', { attempt: 0, fields: { attempts: 1 } });
    await moveRun(system, run.id, 'interrupted', { attempt: 1 });
    await moveRun(system, run.id, 'running', { attempt: 1, fields: { attempts: 2 } });
    // The first attempt's worker comes back late: it cannot end the second attempt.
    expect(await moveRun(system, run.id, 'failed', { attempt: 1 })).toMatchObject({
      moved: false,
      from: 'running',
    });
    expect((await moveRun(system, run.id, 'succeeded', { attempt: 2 })).moved).toBe(true);
  });

  it('keeps a reason and clears it when the run is tried again', async () => {
    const system = setUp();
    const run = await createRun(system, NEW_RUN);
    await moveRun(system, run.id, 'running');
    await moveRun(system, run.id, 'interrupted', { reason: 'Its worker stopped mid-run.' });
    expect((await getRun(system, run.id))?.reason).toBe('Its worker stopped mid-run.');
    await moveRun(system, run.id, 'running', { fields: { reason: undefined } });
    expect((await getRun(system, run.id))?.reason).toBeUndefined();
  });

  it('lists newest first, by status, a page at a time', async () => {
    const system = setUp();
    const made = [];
    for (let index = 0; index < 5; index++) {
      made.push(
        await createRun(system, { ...NEW_RUN, question: `question ${index}` }, new Date(Date.now() + index)),
      );
    }
    await moveRun(system, made[1]!.id, 'cancelled');
    await moveRun(system, made[3]!.id, 'cancelled');
    const first = await listRuns(system, { limit: 2 });
    expect(first.runs.map((run) => run.question)).toEqual(['question 4', 'question 3']);
    const second = await listRuns(system, { limit: 2, before: first.next! });
    expect(second.runs.map((run) => run.question)).toEqual(['question 2', 'question 1']);
    const last = await listRuns(system, { limit: 2, before: second.next! });
    expect(last.runs.map((run) => run.question)).toEqual(['question 0']);
    expect(last.next).toBeUndefined();
    const cancelled = await listRuns(system, { limit: 10, status: ['cancelled'] });
    expect(cancelled.runs.map((run) => run.question)).toEqual(['question 3', 'question 1']);
  });

  it('writes events only for a run that exists', async () => {
    const system = setUp();
    expect(
      await appendRunEvent(system, 'run-0000000000000000', 'agent', { kind: 'message' }),
    ).toBeUndefined();
    expect(await system.connection.exists(runKeys(system, 'run-0000000000000000').events)).toBe(0);
  });
});

describe('the retention sweep', () => {
  it('removes a finished run past its retention with its events, budget and folder, and keeps the others', async () => {
    const system = setUp();
    const dayMs = 86_400_000;
    const old = await createRun(system, NEW_RUN, new Date(Date.now() - 3 * dayMs));
    // Past the retention, but it may still be at work: the longest time limit (a day) has not passed.
    const oldAtWork = await createRun(system, NEW_RUN, new Date(Date.now() - 2.5 * dayMs));
    const recent = await createRun(system, NEW_RUN);
    for (const run of [old, oldAtWork, recent]) {
      await setRunBudget(system, run.id, { searches: 5 });
      await chargeRun(system, run.id);
      await appendRunEvent(system, run.id, 'agent', { kind: 'message', text: 'working' });
      mkdirSync(join(runFolder(system.config, run.id), 'work'), { recursive: true });
      writeFileSync(join(runFolder(system.config, run.id), 'work', 'notes.md'), 'notes');
    }
    await moveRun(system, old.id, 'running');
    await moveRun(system, old.id, 'succeeded');
    await moveRun(system, recent.id, 'running');
    await moveRun(system, recent.id, 'succeeded');
    await moveRun(system, oldAtWork.id, 'running');

    const swept = await sweepRuns(system);
    expect(swept.removed).toEqual([old.id]);
    const keys = runKeys(system, old.id);
    expect(await system.connection.exists(keys.record, keys.events, keys.budget)).toBe(0);
    expect(await system.connection.zscore(runIndexKey(system), old.id)).toBeNull();
    expect(existsSync(runFolder(system.config, old.id))).toBe(false);
    // A recent run, and an old one still at work, stay with all they own.
    for (const kept of [recent, oldAtWork]) {
      expect(await getRun(system, kept.id)).toBeDefined();
      expect((await readRunEvents(system, kept.id)).length).toBeGreaterThan(1);
      expect((await runBudget(system, kept.id)).searches.used).toBe(1);
      expect(existsSync(join(runFolder(system.config, kept.id), 'work', 'notes.md'))).toBe(true);
    }
    await removeRun(system, recent.id);
    expect(await getRun(system, recent.id)).toBeUndefined();
  });
});

describe('run requests', () => {
  const limits = { maxTimeLimitSeconds: 3_600 };

  function problems(input: unknown): Array<{ field: string; message: string }> {
    try {
      parseRunRequest(input, limits);
    } catch (error) {
      if (error instanceof RunRequestError) return error.problems;
      throw error;
    }
    throw new Error('the request was accepted');
  }

  it('names the field and what it accepts', () => {
    expect(problems({ agent: 'codex' })).toEqual([
      { field: 'question', message: 'question is missing: give question' },
    ]);
    expect(problems({ question: 'q', agent: 'gpt' })[0]).toMatchObject({ field: 'agent' });
    expect(problems({ question: 'q', agent: 'gpt' })[0]!.message).toContain(
      `use one of ${agentKinds().join(', ')}`,
    );
    expect(problems({ question: 'q', agent: 'command:' })[0]!.message).toContain(
      'needs the command that starts it',
    );
    expect(problems({ question: 'q', agent: 'codex', budget: 2.5 })).toEqual([
      { field: 'budget', message: 'budget must be a whole number of searches' },
    ]);
    expect(problems({ question: 'q', agent: 'codex', time_limit_seconds: 7_200 })[0]!.message).toContain(
      'at most 3600',
    );
    expect(problems({ question: 'q', agent: 'codex', colour: 'red' })[0]).toMatchObject({
      field: 'colour',
      message: expect.stringContaining('a run takes question, agent, budget'),
    });
    expect(problems({ question: 'q', agent: 'codex', options: [1] })[0]!.field).toBe('options');
  });

  it('accepts every agent form', () => {
    const forms = agentKinds().map((form) => form.replace('<command>', './my-agent --flag'));
    expect(forms).toContain('claude-code');
    for (const agent of [...forms, 'command:./my-agent.sh']) {
      expect(parseRunRequest({ question: 'q', agent }, limits).agent).toBe(agent);
    }
  });
});
