// Add a job and wait for its result. The caller that gives up (time limit, abort, or a queue that does
// not start the job in time) withdraws its job: removed while it waits, cancelled while it runs.
import { randomUUID } from 'node:crypto';
import type { JobsOptions } from 'bullmq';
import { connectionDrops, redisWasUnreachable, shownRedisUrl } from './connection-drops.ts';
import {
  JobAbortedError,
  JobFailedError,
  JobTimeoutError,
  QueueSaturatedError,
  RedisUnreachableError,
} from './errors.ts';
import type { QueueSystem } from './system.ts';

export interface AddAndWaitOptions {
  /** Give up (and withdraw the job) after this long. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** Called with each progress value the worker reports (`job.updateProgress`). */
  onProgress?: (progress: unknown) => void;
  /** A job id of the caller's choosing; a job with this id that already finished answers at once. */
  jobId?: string;
  /** The job's name (shown on the dashboard); default the queue's name. */
  name?: string;
  /** When the job has not started after this long, withdraw it and throw QueueSaturatedError. */
  startWithinMs?: number;
  /** Further BullMQ job options (priority, attempts, ...). */
  jobOptions?: Omit<JobsOptions, 'jobId'>;
}

/** The channel on which callers ask workers to abort a running job: `{"queue":..., "jobId":...}`. */
export function cancelChannel(system: QueueSystem): string {
  return system.key('cancel');
}

/** Withdraws a job: removes it if it has not started, else asks the worker running it to abort it. */
export async function withdrawJob(
  system: QueueSystem,
  queueName: string,
  jobId: string,
): Promise<'removed' | 'cancelled'> {
  const removed = await system.queue(queueName).remove(jobId);
  if (removed === 1) return 'removed';
  await system.connection.publish(cancelChannel(system), JSON.stringify({ queue: queueName, jobId }));
  return 'cancelled';
}

export async function addAndWait<Result = unknown>(
  system: QueueSystem,
  queueName: string,
  data: unknown,
  options: AddAndWaitOptions,
): Promise<Result> {
  const { signal } = options;
  if (signal?.aborted) throw new JobAbortedError(queueName, options.jobId ?? '(not added)', signal.reason);
  const waiter = system.waiter(queueName);
  const jobId = options.jobId ?? randomUUID();
  const addedAt = Date.now();
  const dropsAtStart = connectionDrops(system.connection).count;
  /** When Redis went away meanwhile, that is why the caller gives up: say so instead of blaming the queue. */
  const orRedis = (error: Error) =>
    redisWasUnreachable(system.connection, dropsAtStart)
      ? new RedisUnreachableError(
          queueName,
          jobId,
          shownRedisUrl(system.config.redisUrl),
          Date.now() - addedAt,
        )
      : error;
  // A waiter starting while Redis is away would wait for it without limit: the caller's limit holds here too.
  if (!waiter.isReady) {
    let readyTimer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        waiter.ready(),
        new Promise<never>((_, reject) => {
          readyTimer = setTimeout(
            () => reject(orRedis(new JobTimeoutError(queueName, jobId, options.timeoutMs))),
            options.timeoutMs,
          );
        }),
      ]);
    } finally {
      clearTimeout(readyTimer);
    }
  }
  const queue = system.queue(queueName);

  return new Promise<Result>((resolve, reject) => {
    let settled = false;
    let started = false;
    // One timer per call: first at the start limit (when there is one), then again for the time left.
    let timer: NodeJS.Timeout | undefined;

    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      stopWatching();
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      outcome();
    };
    const giveUp = (error: Error) => {
      if (settled) return;
      finish(() => reject(error));
      withdrawJob(system, queueName, jobId).catch((withdrawError: unknown) =>
        system.logger.warn(
          { err: withdrawError, queue: queueName, jobId },
          'could not withdraw a job its caller gave up on',
        ),
      );
    };
    const onAbort = () => giveUp(orRedis(new JobAbortedError(queueName, jobId, signal?.reason)));
    const onTimeout = () => giveUp(orRedis(new JobTimeoutError(queueName, jobId, options.timeoutMs)));
    const onStartLimit = () => {
      if (settled) return;
      timer = setTimeout(onTimeout, Math.max(0, addedAt + options.timeoutMs - Date.now()));
      if (started) return;
      // The remove is the authority: it fails when a worker holds the job (started, event not yet seen).
      queue
        .remove(jobId)
        .then((removed) => {
          if (removed === 1)
            finish(() => reject(orRedis(new QueueSaturatedError(queueName, jobId, Date.now() - addedAt))));
        })
        .catch((error: unknown) => finish(() => reject(error)));
    };

    const stopWatching = waiter.watch(jobId, {
      onActive: () => {
        started = true;
      },
      onProgress: options.onProgress,
      onCompleted: (result) => finish(() => resolve(result as Result)),
      onFailed: (reason) => finish(() => reject(new JobFailedError(queueName, jobId, reason))),
    });
    signal?.addEventListener('abort', onAbort, { once: true });
    timer =
      options.startWithinMs !== undefined && options.startWithinMs < options.timeoutMs
        ? setTimeout(onStartLimit, options.startWithinMs)
        : setTimeout(onTimeout, options.timeoutMs);

    queue
      .add(options.name ?? queueName, data, { ...options.jobOptions, jobId })
      .then(async () => {
        // Only a caller-chosen id can name a job that existed (and maybe finished) before we watched it.
        if (options.jobId === undefined || settled) return;
        const state = await queue.getJobState(jobId);
        if (state !== 'completed' && state !== 'failed') return;
        const job = await queue.getJob(jobId);
        if (!job) return;
        if (state === 'completed') finish(() => resolve(job.returnvalue as Result));
        else finish(() => reject(new JobFailedError(queueName, jobId, job.failedReason)));
      })
      .catch((error: unknown) => finish(() => reject(error)));
  });
}
