// Found by the worker-kills scenario with reads: a read whose worker processes were killed twice while
// they worked on it failed with BullMQ's "job stalled more than allowable limit", which says neither
// what happened nor what to do. A caller now hears that the worker processes stopped before the job
// was done, and what to look at.
import { Worker, type ConnectionOptions } from 'bullmq';
import { afterEach, describe, expect, it } from 'vitest';
import { addAndWait } from '../../src/queue/add-and-wait.ts';
import { JobFailedError, STALLED_TOO_OFTEN } from '../../src/queue/errors.ts';
import { createQueueSystem, type QueueSystem } from '../../src/queue/system.ts';
import { freshConfig, removePrefix } from '../queue/helpers.ts';

describe('a job whose worker stopped holding it', () => {
  let system: QueueSystem | undefined;
  const workers: Worker[] = [];
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.close(true)));
    await system?.close();
    if (system) await removePrefix(system.prefix);
    system = undefined;
  });

  it('fails saying the worker processes stopped before it was done, and what to look at', async () => {
    system = createQueueSystem(freshConfig(), { providers: [] });
    const connection = { ...system.connectionOptions, maxRetriesPerRequest: null } as ConnectionOptions;
    const options = { connection, prefix: system.prefix, lockDuration: 500, stalledInterval: 250 };
    // A worker that takes the job and then stops renewing its lock, as a killed process does.
    let taken: () => void = () => undefined;
    const takenJob = new Promise<void>((resolve) => (taken = resolve));
    const dying = new Worker(
      'stalls',
      () => {
        taken();
        return new Promise(() => undefined);
      },
      { ...options, maxStalledCount: 0 },
    );
    workers.push(dying);
    const waiting = addAndWait(system, 'stalls', {}, { timeoutMs: 20_000 }).catch((error: unknown) => error);
    await takenJob;
    await dying.close(true);
    // Another worker's stall check finds the job without its lock and, handed over 0 times at most, fails it.
    workers.push(new Worker('stalls', async () => 'never reached', { ...options, maxStalledCount: 0 }));
    const error = await waiting;
    expect(error).toBeInstanceOf(JobFailedError);
    expect((error as JobFailedError).failedReason).toBe(STALLED_TOO_OFTEN);
    expect((error as Error).message).toMatch(
      /^The worker processes working on job .* on queue stalls stopped before it was done \(killed, restarted, or cut off from Redis\) .*: try again, and look at why worker processes stop\.$/,
    );
  }, 30_000);
});
