// One queue's contract, in one place: its name, the job data schema (checked when a job is added and
// again when a worker takes it), the worker options for it, and the result as data (job-result.ts).
// A queue file (search-queue.ts, read-queue.ts, media-queue.ts, ...) is one `defineQueue` call; the
// worker side is `handleJobs(contract, work)`, the caller side `runJob(system, contract, data, ...)`.
import { UnrecoverableError, type Job, type JobsOptions } from 'bullmq';
import type { z } from 'zod';
import type { Config } from '../config.ts';
import { addAndWait, type AddAndWaitOptions } from './add-and-wait.ts';
import { jobResult, JobResultFormatError, unwrapResult, type JobResult } from './job-result.ts';
import type { QueueSystem } from './system.ts';

/** How the workers of one queue run its jobs. */
export interface QueueWorkerOptions {
  /** Jobs at once per worker process. */
  concurrency: number;
  /** Tries per job (BullMQ `attempts`): a crashed worker's job is picked up by the stall check, not by this. */
  attempts: number;
  /** A running job's lock lasts this long and is renewed at half of it; a dead worker's lock lapses after it. */
  lockMs: number;
  /** How often workers look for jobs whose worker died. */
  stalledIntervalMs: number;
  /** A job whose worker died is handed to another worker this many times; one more death fails it. */
  maxStalledCount: number;
  /** Jobs at once across every worker (Queue.setGlobalConcurrency), for queues that cap it (runs). */
  globalConcurrency?: number;
}

/** The settings a queue's worker options are made from (a part of `Config`). */
export type WorkerSettings = Pick<Config, 'workerConcurrency' | 'worker' | 'runs'>;

/** The options most queues use: the process's concurrency and lock settings, one try, one hand-over. */
export function standardWorkerOptions(settings: WorkerSettings): QueueWorkerOptions {
  return {
    concurrency: settings.workerConcurrency,
    attempts: 1,
    lockMs: settings.worker.lockMs,
    stalledIntervalMs: settings.worker.stalledIntervalMs,
    maxStalledCount: 1,
  };
}

export interface QueueContract<Schema extends z.ZodType, Value> {
  /** The queue's name, or for a family of queues (`search.<id>`) the family's name. */
  readonly name: string;
  readonly data: Schema;
  /** The worker options for this queue, from the process's settings. */
  workerOptions(settings: WorkerSettings): QueueWorkerOptions;
  /** Checks job data; throws `JobDataError` (which names each field to fix) when it does not fit. */
  parseData(data: unknown): z.output<Schema>;
  /** Checks a caller's request before it becomes a job; throws `JobRequestError` naming each field to fix. */
  parseRequest(data: unknown): z.output<Schema>;
  /** The value a job gives (checked by `runJob` unless it is a `z.custom` without a check). */
  readonly value: z.ZodType<Value>;
}

/** Job data that does not fit its queue's schema. A worker fails such a job at once: no retry fixes it. */
export class JobDataError extends UnrecoverableError {
  override readonly name = 'JobDataError';
}

/** A caller's request that does not fit the queue's schema; it never becomes a job. */
export class JobRequestError extends RangeError {
  override readonly name = 'JobRequestError';
}

function problemsOf(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || 'data'}: ${issue.message}`).join('; ');
}

export function defineQueue<Schema extends z.ZodType, Value>(definition: {
  name: string;
  data: Schema;
  /**
   * The value a job gives, as a schema: `z.custom<PageReading>()` when the worker's own types vouch for
   * it (the value is not checked), a real schema when it should be checked on the caller's side.
   */
  value: z.ZodType<Value>;
  /** Default `standardWorkerOptions`; a queue with other needs says so here, with its reason. */
  worker?: (settings: WorkerSettings) => QueueWorkerOptions;
}): QueueContract<Schema, Value> {
  const { name, data, value } = definition;
  return {
    name,
    data,
    value,
    workerOptions: definition.worker ?? standardWorkerOptions,
    parseData(input) {
      const parsed = data.safeParse(input);
      if (parsed.success) return parsed.data;
      throw new JobDataError(`The ${name} job's data is not valid: ${problemsOf(parsed.error)}.`);
    },
    parseRequest(input) {
      const parsed = data.safeParse(input);
      if (parsed.success) return parsed.data;
      throw new JobRequestError(`The ${name} request is not valid: ${problemsOf(parsed.error)}.`);
    },
  };
}

/** What a queue's work function gets besides the job's checked data. */
export interface JobContext {
  job: Job;
  system: QueueSystem;
  /** Aborts when the caller gave up or the worker is forced to stop. */
  signal?: AbortSignal;
}

/** Does one job; throws to fail it. `signal` aborts when the caller gave up or the worker is forced to stop. */
export interface JobProcessor {
  (job: Job, system: QueueSystem, signal?: AbortSignal): Promise<unknown>;
  /** The contract the processor serves; its worker options apply to the queue's workers. */
  readonly contract?: QueueContract<z.ZodType, unknown>;
}

/**
 * The worker side of a contract: checks the job's data, runs `work`, and returns its result as data.
 * Bad data fails the job at once (`JobDataError`); an unexpected exception fails it too.
 */
export function handleJobs<Schema extends z.ZodType, Value>(
  contract: QueueContract<Schema, Value>,
  work: (data: z.output<Schema>, context: JobContext) => Promise<Value>,
): JobProcessor & ((job: Job, system: QueueSystem, signal?: AbortSignal) => Promise<JobResult<Value>>) {
  const processor = (job: Job, system: QueueSystem, signal?: AbortSignal) => {
    const data = contract.parseData(job.data);
    return jobResult(() => work(data, { job, system, signal }));
  };
  return Object.assign(processor, { contract: contract as QueueContract<z.ZodType, unknown> });
}

export interface RunJobOptions extends Omit<AddAndWaitOptions, 'jobOptions'> {
  /** The queue to add to when the contract names a family (`search.<id>`); default the contract's name. */
  queueName?: string;
}

/**
 * The caller side of a contract: checks the data, adds the job with the contract's attempts, waits, and
 * returns the value or throws the worker's failure rebuilt (SearchError, FetchRefusedError, ...). The
 * waiting errors of addAndWait (JobTimeoutError, QueueSaturatedError, JobFailedError, ...) pass through.
 */
export async function runJob<Schema extends z.ZodType, Value>(
  system: QueueSystem,
  contract: QueueContract<Schema, Value>,
  data: z.input<Schema>,
  options: RunJobOptions,
): Promise<Value> {
  const checked: unknown = contract.parseRequest(data);
  const queueName = options.queueName ?? contract.name;
  const { attempts } = contract.workerOptions(system.config);
  const result = await addAndWait(system, queueName, checked, { ...options, jobOptions: { attempts } });
  const value = unwrapResult(result, queueName);
  const parsed = contract.value.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new JobResultFormatError(
    `A worker on queue ${queueName} gave a value this Quarry does not know (${parsed.error.issues[0]?.path.join('.') || 'value'}: ${parsed.error.issues[0]?.message}); run workers of the same Quarry version as the server.`,
  );
}

export interface AddJobOptions {
  /** The queue to add to when the contract names a family; default the contract's name. */
  queueName?: string;
  jobId?: string;
  /** The job's name (shown on the dashboard); default the queue's name. */
  name?: string;
  /** Further BullMQ job options (priority, delay, parent, ...); `attempts` comes from the contract. */
  jobOptions?: Omit<JobsOptions, 'jobId' | 'attempts'>;
}

/**
 * Adds a job nobody waits on here (a research run, a flow's child): the data checked like `runJob`'s,
 * the contract's attempts. Its result, read later from `job.returnvalue`, goes through `unwrapResult`.
 */
export async function addJob<Schema extends z.ZodType, Value>(
  system: QueueSystem,
  contract: QueueContract<Schema, Value>,
  data: z.input<Schema>,
  options: AddJobOptions = {},
): Promise<Job> {
  const checked: unknown = contract.parseRequest(data);
  const queueName = options.queueName ?? contract.name;
  const { attempts } = contract.workerOptions(system.config);
  return system.queue(queueName).add(options.name ?? queueName, checked, {
    ...options.jobOptions,
    attempts,
    ...(options.jobId ? { jobId: options.jobId } : {}),
  });
}
