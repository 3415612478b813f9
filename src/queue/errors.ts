// Typed errors for a job a caller waited on. Each first line says what happened and what to change.

export class QueueJobError extends Error {
  readonly queueName: string;
  readonly jobId: string;

  constructor(message: string, queueName: string, jobId: string, options?: { cause?: unknown }) {
    super(message, options);
    this.queueName = queueName;
    this.jobId = jobId;
  }
}

/** The job did not finish within the caller's time limit; it was removed or cancelled. */
export class JobTimeoutError extends QueueJobError {
  override readonly name = 'JobTimeoutError';
  readonly timeoutMs: number;

  constructor(queueName: string, jobId: string, timeoutMs: number) {
    super(
      `Job ${jobId} on queue ${queueName} did not finish within ${timeoutMs} ms and was cancelled; ` +
        'try again later, or raise the time limit (QUARRY_TOOL_TIMEOUT_MS) if such jobs are usually slow.',
      queueName,
      jobId,
    );
    this.timeoutMs = timeoutMs;
  }
}

/** The caller gave up (its signal aborted); the job was removed or cancelled. */
export class JobAbortedError extends QueueJobError {
  override readonly name = 'JobAbortedError';

  constructor(queueName: string, jobId: string, reason: unknown) {
    super(`Job ${jobId} on queue ${queueName} was cancelled because its caller gave up.`, queueName, jobId, {
      cause: reason,
    });
  }
}

/** The job did not start within the wait the caller allowed: its queue is saturated; it was removed. */
export class QueueSaturatedError extends QueueJobError {
  override readonly name = 'QueueSaturatedError';
  readonly waitedMs: number;

  constructor(queueName: string, jobId: string, waitedMs: number) {
    super(
      `Queue ${queueName} is saturated: job ${jobId} waited ${waitedMs} ms without starting and was withdrawn.`,
      queueName,
      jobId,
    );
    this.waitedMs = waitedMs;
  }
}

/** The worker failed the job; `failedReason` is the worker's message. */
/** BullMQ's reason for a job whose workers stopped holding it more often than the queue hands it over. */
export const STALLED_TOO_OFTEN = 'job stalled more than allowable limit';

export class JobFailedError extends QueueJobError {
  override readonly name = 'JobFailedError';
  readonly failedReason: string;

  constructor(queueName: string, jobId: string, failedReason: string) {
    super(
      failedReason === STALLED_TOO_OFTEN
        ? // BullMQ's words say nothing about what happened or what to do.
          `The worker processes working on job ${jobId} on queue ${queueName} stopped before it was done ` +
            '(killed, restarted, or cut off from Redis) more often than the queue hands a job over: ' +
            'try again, and look at why worker processes stop.'
        : failedReason || `Job ${jobId} on queue ${queueName} failed without a reason.`,
      queueName,
      jobId,
    );
    this.failedReason = failedReason;
  }
}

/** The caller gave up while Redis was unreachable (down, restarting, or the network to it lost). */
export class RedisUnreachableError extends QueueJobError {
  override readonly name = 'RedisUnreachableError';

  constructor(queueName: string, jobId: string, redisUrl: string, waitedMs: number) {
    super(
      `Redis at ${redisUrl} was unreachable while job ${jobId} on queue ${queueName} waited ${waitedMs} ms: ` +
        'check that Redis is running and reachable (REDIS_URL), then try again.',
      queueName,
      jobId,
    );
  }
}
