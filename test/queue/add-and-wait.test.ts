import { QueueEvents, type ConnectionOptions } from 'bullmq';
import { afterEach, describe, expect, it } from 'vitest';
import { addAndWait } from '../../src/queue/add-and-wait.ts';
import {
  JobAbortedError,
  JobFailedError,
  JobTimeoutError,
  QueueSaturatedError,
} from '../../src/queue/errors.ts';
import { createQueueSystem, type QueueSystem } from '../../src/queue/system.ts';
import { startWorkers } from '../../src/workers/start-workers.ts';
import { freshConfig, removePrefix, until } from './helpers.ts';

let system: QueueSystem | undefined;

afterEach(async () => {
  if (!system) return;
  await system.close();
  await removePrefix(system.prefix);
  system = undefined;
});

describe('addAndWait', () => {
  it('resolves with the job result and passes progress through', async () => {
    system = createQueueSystem(freshConfig());
    await startWorkers(system, {
      processors: {
        echo: async (job) => {
          await job.updateProgress({ step: 1 });
          return { doubled: (job.data as { n: number }).n * 2 };
        },
      },
      concurrency: 2,
    });
    const progress: unknown[] = [];
    const result = await addAndWait(
      system,
      'echo',
      { n: 21 },
      { timeoutMs: 10_000, onProgress: (p) => progress.push(p) },
    );
    expect(result).toEqual({ doubled: 42 });
    expect(progress).toEqual([{ step: 1 }]);
  });

  it('rejects with JobFailedError carrying the worker message', async () => {
    system = createQueueSystem(freshConfig());
    await startWorkers(system, {
      processors: {
        broken: async () => {
          throw new Error('the page server said 503; try again later');
        },
      },
    });
    const error = await addAndWait(system, 'broken', {}, { timeoutMs: 10_000 }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(JobFailedError);
    expect((error as JobFailedError).message).toBe('the page server said 503; try again later');
  });

  it('keeps finished jobs so a late waitUntilFinished and a repeated job id still get the result', async () => {
    system = createQueueSystem(freshConfig());
    await startWorkers(system, { processors: { late: async (job) => `done ${String(job.data)}` } });
    const first = await addAndWait(system, 'late', 'x', { timeoutMs: 10_000, jobId: 'fixed-id' });
    expect(first).toBe('done x');
    // BullMQ's own waitUntilFinished on the finished job: with removeOnComplete: true this rejects
    // with "Missing key for job ... isFinished"; kept finished jobs answer.
    const job = await system.queue('late').getJob('fixed-id');
    expect(job).toBeDefined();
    const events = new QueueEvents('late', {
      connection: system.connectionOptions as ConnectionOptions,
      prefix: system.prefix,
    });
    try {
      await expect(job!.waitUntilFinished(events, 5_000)).resolves.toBe('done x');
    } finally {
      await events.close();
    }
    // The same id again answers from the finished job without running it twice.
    await expect(addAndWait(system, 'late', 'y', { timeoutMs: 10_000, jobId: 'fixed-id' })).resolves.toBe(
      'done x',
    );
  });

  it('answers two callers waiting on the same job id of their choosing', async () => {
    system = createQueueSystem(freshConfig());
    let runs = 0;
    await startWorkers(system, {
      processors: {
        shared: async () => {
          runs += 1;
          await new Promise((resolve) => setTimeout(resolve, 300));
          return 'one answer';
        },
      },
    });
    const answers = await Promise.all([
      addAndWait(system, 'shared', {}, { timeoutMs: 10_000, jobId: 'same' }),
      addAndWait(system, 'shared', {}, { timeoutMs: 10_000, jobId: 'same' }),
    ]);
    expect(answers).toEqual(['one answer', 'one answer']);
    expect(runs).toBe(1);
  });

  it('times out and cancels the running job', async () => {
    system = createQueueSystem(freshConfig());
    let aborted = false;
    let started = false;
    await startWorkers(system, {
      processors: {
        slow: (_job, _system, signal) =>
          new Promise((_resolve, reject) => {
            started = true;
            signal?.addEventListener('abort', () => {
              aborted = true;
              reject(new Error('aborted'));
            });
          }),
      },
    });
    const error = await addAndWait(system, 'slow', {}, { timeoutMs: 500 }).catch((caught: unknown) => caught);
    expect(started).toBe(true);
    expect(error).toBeInstanceOf(JobTimeoutError);
    await until(() => aborted, 10_000, 'the worker to abort the job');
  });

  it('removes a waiting job when the caller aborts', async () => {
    system = createQueueSystem(freshConfig());
    const controller = new AbortController();
    const pending = addAndWait(
      system,
      'nobody',
      { a: 1 },
      { timeoutMs: 10_000, signal: controller.signal, jobId: 'j1' },
    );
    await until(
      async () => (await system!.queue('nobody').getJobState('j1')) === 'waiting',
      5_000,
      'the job to wait',
    );
    controller.abort(new Error('user left'));
    await expect(pending).rejects.toBeInstanceOf(JobAbortedError);
    await until(
      async () => (await system!.queue('nobody').getJob('j1')) === undefined,
      5_000,
      'the job to go',
    );
  });

  it('withdraws a job that does not start in time and says the queue is saturated', async () => {
    system = createQueueSystem(freshConfig());
    const error = await addAndWait(
      system,
      'stuck',
      {},
      { timeoutMs: 10_000, startWithinMs: 200, jobId: 's1' },
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(QueueSaturatedError);
    expect(await system.queue('stuck').getJob('s1')).toBeUndefined();
  });
});
