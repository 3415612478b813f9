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
import type { JobWaiter, JobWatch } from './job-waiter.ts';
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
  const wait = new JobWait<Result>(system, queueName, options);
  // A waiter starting while Redis is away would wait for it without limit: the caller's limit holds here too.
  if (!waiter.isReady) {
    let readyTimer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        waiter.ready(),
        new Promise<never>((_, reject) => {
          readyTimer = setTimeout(
            () => reject(wait.orRedis(new JobTimeoutError(queueName, wait.jobId, options.timeoutMs))),
            options.timeoutMs,
          );
        }),
      ]);
    } finally {
      clearTimeout(readyTimer);
    }
  }
  return wait.start(waiter, data);
}

/**
 * One caller waiting on one job. A class rather than closures made per call: a search makes one, and
 * every closure costs an allocation (and, under tsx, a `__name` property definition) on the hot path.
 * It is its own job watch (`onCompleted`, ...) and its own abort listener (`handleEvent`).
 */
class JobWait<Result> implements JobWatch {
  readonly jobId: string;
  readonly #system: QueueSystem;
  readonly #queueName: string;
  readonly #options: AddAndWaitOptions;
  readonly #addedAt = Date.now();
  readonly #dropsAtStart: number;
  #waiter: JobWaiter | undefined;
  #settled = false;
  #started = false;
  /** One timer per call: first at the start limit (when there is one), then again for the time left. */
  #timer: NodeJS.Timeout | undefined;
  #resolve: ((result: Result) => void) | undefined;
  #reject: ((error: unknown) => void) | undefined;

  constructor(system: QueueSystem, queueName: string, options: AddAndWaitOptions) {
    this.#system = system;
    this.#queueName = queueName;
    this.#options = options;
    this.jobId = options.jobId ?? randomUUID();
    this.#dropsAtStart = connectionDrops(system.connection).count;
  }

  /** When Redis went away meanwhile, that is why the caller gives up: say so instead of blaming the queue. */
  orRedis(error: Error): Error {
    const system = this.#system;
    return redisWasUnreachable(system.connection, this.#dropsAtStart)
      ? new RedisUnreachableError(
          this.#queueName,
          this.jobId,
          shownRedisUrl(system.config.redisUrl),
          Date.now() - this.#addedAt,
        )
      : error;
  }

  start(waiter: JobWaiter, data: unknown): Promise<Result> {
    const options = this.#options;
    const promise = new Promise<Result>((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
    this.#waiter = waiter;
    waiter.watch(this.jobId, this);
    options.signal?.addEventListener('abort', this, { once: true });
    this.#timer =
      options.startWithinMs !== undefined && options.startWithinMs < options.timeoutMs
        ? setTimeout(startLimitReached, options.startWithinMs, this)
        : setTimeout(timedOut, options.timeoutMs, this);
    void this.#add(data);
    return promise;
  }

  async #add(data: unknown): Promise<void> {
    const queue = this.#system.queue(this.#queueName);
    const { jobId } = this;
    try {
      await queue.add(this.#options.name ?? this.#queueName, data, { ...this.#options.jobOptions, jobId });
      // Only a caller-chosen id can name a job that existed (and maybe finished) before we watched it.
      if (this.#options.jobId === undefined || this.#settled) return;
      const state = await queue.getJobState(jobId);
      if (state !== 'completed' && state !== 'failed') return;
      const job = await queue.getJob(jobId);
      if (!job) return;
      if (state === 'completed') this.#succeed(job.returnvalue as Result);
      else this.#fail(new JobFailedError(this.#queueName, jobId, job.failedReason));
    } catch (error) {
      this.#fail(error);
    }
  }

  /** Settles once: stops watching, clears the timer and the abort listener. */
  #finish(): boolean {
    if (this.#settled) return false;
    this.#settled = true;
    this.#waiter?.unwatch(this.jobId, this);
    clearTimeout(this.#timer);
    this.#options.signal?.removeEventListener('abort', this);
    return true;
  }

  #succeed(result: Result): void {
    if (this.#finish()) this.#resolve?.(result);
  }

  #fail(error: unknown): void {
    if (this.#finish()) this.#reject?.(error);
  }

  /** Fails the call and withdraws the job (removed while it waits, cancelled while it runs). */
  giveUp(error: Error): void {
    if (!this.#finish()) return;
    this.#reject?.(error);
    const system = this.#system;
    const queueName = this.#queueName;
    const { jobId } = this;
    withdrawJob(system, queueName, jobId).catch((withdrawError: unknown) =>
      system.logger.warn(
        { err: withdrawError, queue: queueName, jobId },
        'could not withdraw a job its caller gave up on',
      ),
    );
  }

  /** The start limit passed: the time left goes on; a job no worker took yet is withdrawn. */
  startLimitReached(): void {
    if (this.#settled) return;
    this.#timer = setTimeout(
      timedOut,
      Math.max(0, this.#addedAt + this.#options.timeoutMs - Date.now()),
      this,
    );
    void this.#withdrawIfWaiting();
  }

  async #withdrawIfWaiting(): Promise<void> {
    if (this.#started) return;
    try {
      // The remove is the authority: it fails when a worker holds the job (started, event not yet seen).
      const removed = await this.#system.queue(this.#queueName).remove(this.jobId);
      if (removed === 1)
        this.#fail(
          this.orRedis(new QueueSaturatedError(this.#queueName, this.jobId, Date.now() - this.#addedAt)),
        );
    } catch (error) {
      this.#fail(error);
    }
  }

  timedOut(): void {
    this.giveUp(this.orRedis(new JobTimeoutError(this.#queueName, this.jobId, this.#options.timeoutMs)));
  }

  /** The caller's signal aborted (this object is its abort listener). */
  handleEvent(): void {
    this.giveUp(this.orRedis(new JobAbortedError(this.#queueName, this.jobId, this.#options.signal?.reason)));
  }

  onActive(): void {
    this.#started = true;
  }

  onProgress(progress: unknown): void {
    this.#options.onProgress?.(progress);
  }

  onCompleted(result: unknown): void {
    this.#succeed(result as Result);
  }

  onFailed(reason: string): void {
    this.#fail(new JobFailedError(this.#queueName, this.jobId, reason));
  }
}

// Timer callbacks at module level, handed the wait as an argument: no closure per call.
function startLimitReached(wait: { startLimitReached(): void }): void {
  wait.startLimitReached();
}

function timedOut(wait: { timedOut(): void }): void {
  wait.timedOut();
}
