// The queue contracts on the real Redis with real workers: the failures a caller acts on cross a queue
// as data and come back as the same error class with their fields; bad job data is refused with a
// message naming the field; an unexpected exception still fails the job.
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SearchError } from '../../src/providers/types.ts';
import { addAndWait } from '../../src/queue/add-and-wait.ts';
import { chargeRun, RunBudgetExhaustedError, setRunBudget } from '../../src/queue/budgets.ts';
import { JobFailedError } from '../../src/queue/errors.ts';
import { unwrapResult } from '../../src/queue/job-result.ts';
import { addJob, defineQueue, handleJobs, JobRequestError, runJob } from '../../src/queue/queue-contract.ts';
import { readThroughQueue } from '../../src/queue/read-queue.ts';
import { createQueueSystem, type QueueSystem } from '../../src/queue/system.ts';
import { FetchRefusedError } from '../../src/web/safe-fetch.ts';
import { processReadJob } from '../../src/workers/read-processor.ts';
import { startWorkers, type RunningWorkers } from '../../src/workers/start-workers.ts';
import { freshConfig, removePrefix, until } from './helpers.ts';

let system: QueueSystem | undefined;

afterEach(async () => {
  if (!system) return;
  await system.close();
  await removePrefix(system.prefix);
  system = undefined;
});

const probeData = z
  .object({ action: z.enum(['echo', 'search-error', 'budget', 'crash', 'misshapen']), text: z.string() })
  .strict();

const probeQueue = defineQueue({
  name: 'probe',
  data: probeData,
  value: z.object({ echoed: z.string() }),
  worker: (settings) => ({
    concurrency: 3,
    attempts: 1,
    lockMs: settings.worker.lockMs,
    stalledIntervalMs: settings.worker.stalledIntervalMs,
    maxStalledCount: 1,
  }),
});

async function startProbe(): Promise<{ system: QueueSystem; workers: RunningWorkers }> {
  system = createQueueSystem(freshConfig(), { providers: [] });
  const own = system;
  const workers = await startWorkers(own, {
    processors: {
      probe: handleJobs(probeQueue, async (data) => {
        if (data.action === 'search-error') {
          throw new SearchError('limit', 'probe is rate limited; it says to come back later.', {
            provider: 'probe',
            retryAt: 1_900_000_000_000,
            status: 429,
          });
        }
        if (data.action === 'budget') {
          await setRunBudget(own, 'run-probe', { searches: 0 });
          await chargeRun(own, 'run-probe', 'searches');
        }
        if (data.action === 'crash') throw new TypeError('cannot read properties of undefined');
        if (data.action === 'misshapen') return { echoed: 3 } as unknown as { echoed: string };
        return { echoed: data.text };
      }),
    },
  });
  return { system: own, workers };
}

describe('queue contracts', () => {
  it('returns the value of a job that worked, and runs its workers with the contract options', async () => {
    const { system: pipeline, workers } = await startProbe();
    const value = await runJob(
      pipeline,
      probeQueue,
      { action: 'echo', text: 'otters' },
      { timeoutMs: 10_000 },
    );
    expect(value).toEqual({ echoed: 'otters' });
    expect(workers.workers[0]!.opts.concurrency).toBe(3);
  });

  it("brings a provider's SearchError back with its kind, provider, retryAt and status", async () => {
    const { system: pipeline } = await startProbe();
    const failure = await runJob(
      pipeline,
      probeQueue,
      { action: 'search-error', text: '' },
      { timeoutMs: 10_000 },
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SearchError);
    expect(failure).toMatchObject({
      kind: 'limit',
      provider: 'probe',
      retryAt: 1_900_000_000_000,
      status: 429,
      message: 'probe is rate limited; it says to come back later.',
    });
  });

  it('brings a budget refusal back as RunBudgetExhaustedError with its run, kind, limit and use', async () => {
    const { system: pipeline } = await startProbe();
    const failure = await runJob(
      pipeline,
      probeQueue,
      { action: 'budget', text: '' },
      { timeoutMs: 10_000 },
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RunBudgetExhaustedError);
    expect(failure).toMatchObject({ runId: 'run-probe', kind: 'searches', limit: 0, used: 0 });
  });

  it('still fails the job on an unexpected exception (JobFailedError with its message)', async () => {
    const { system: pipeline } = await startProbe();
    const failure = await runJob(
      pipeline,
      probeQueue,
      { action: 'crash', text: '' },
      { timeoutMs: 10_000 },
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(JobFailedError);
    expect((failure as JobFailedError).failedReason).toBe('cannot read properties of undefined');
  });

  it('refuses bad data: the caller before adding a job, the worker when a job carries it', async () => {
    const { system: pipeline } = await startProbe();
    const bad = { action: 'dance', text: 3 } as unknown as { action: 'echo'; text: string };
    const early = await runJob(pipeline, probeQueue, bad, { timeoutMs: 10_000 }).catch(
      (error: unknown) => error,
    );
    expect(early).toBeInstanceOf(JobRequestError);
    expect((early as Error).message).toMatch(/^The probe request is not valid: action: .*; text: /);
    // A job added around the contract (an older caller, a hand-made job) is failed by the worker at once.
    const late = await addAndWait(pipeline, 'probe', bad, { timeoutMs: 10_000 }).catch(
      (error: unknown) => error,
    );
    expect(late).toBeInstanceOf(JobFailedError);
    expect((late as JobFailedError).failedReason).toMatch(
      /^The probe job's data is not valid: action: .*; text: /,
    );
  });

  it("brings a read's refusal back as FetchRefusedError with its reason and address", async () => {
    system = createQueueSystem(freshConfig(), { providers: [] });
    await startWorkers(system, { processors: { read: processReadJob } });
    const failure = await readThroughQueue(system, { url: 'http://127.0.0.1:9/private' }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(FetchRefusedError);
    expect(failure).toMatchObject({ reason: 'address', url: 'http://127.0.0.1:9/private' });
    expect((failure as Error).message).toMatch(/loopback/);
  });

  it('adds a job nobody waits on, whose result is read later as data', async () => {
    const { system: pipeline } = await startProbe();
    const job = await addJob(pipeline, probeQueue, { action: 'search-error', text: '' }, { jobId: 'later' });
    expect(job.opts.attempts).toBe(1);
    await until(async () => (await job.getState()) === 'completed', 10_000, 'the job to finish');
    const finished = await pipeline.queue('probe').getJob('later');
    expect(() => unwrapResult(finished!.returnvalue, 'probe')).toThrow(SearchError);
  });

  it("checks a job's value against the contract's value schema", async () => {
    const { system: pipeline } = await startProbe();
    await expect(
      runJob(pipeline, probeQueue, { action: 'misshapen', text: '' }, { timeoutMs: 10_000 }),
    ).rejects.toThrow(/^A worker on queue probe gave a value this Quarry does not know \(echoed: /);
  });

  it('says to run matching versions when a worker answers in another shape', () => {
    expect(unwrapResult({ ok: true, value: { results: [] } }, 'search.brave')).toEqual({ results: [] });
    for (const misshapen of [{ ok: 'true', value: 1 }, [{ ok: true, value: 1 }], null, 'ok'])
      expect(() => unwrapResult(misshapen, 'search.brave')).toThrow(/answered in a shape/);
    expect(() => unwrapResult({ results: [] }, 'search.brave')).toThrow(
      /worker on queue search.brave answered in a shape this Quarry does not know; run workers of the same Quarry version/,
    );
  });
});
