// The `runs` queue's contract: one job per research run (its data is only the run's id: the question,
// budgets and agent live in the run's record, and no token or key ever sits in job data), the
// workers' options for jobs that last minutes or hours, and the result as data (how the run ended).
import { z } from 'zod';
import { addJob, defineQueue, type QueueWorkerOptions, type WorkerSettings } from './queue-contract.ts';
import type { QueueSystem } from './system.ts';

export const RUNS_QUEUE = 'runs';

export const runJobDataSchema = z
  .object({ runId: z.string().regex(/^run-[0-9a-f]{16}$/, 'a run id such as run-0123456789abcdef') })
  .strict();

export type RunJobData = z.infer<typeof runJobDataSchema>;

/** How a run's job ended: the run's status then (`missing` when its record was gone). */
export interface RunJobValue {
  runId: string;
  status: string;
}

/**
 * Runs hold an agent process for minutes or hours: few per worker process, a global cap, a lock
 * renewed while the run works, and a dead worker's run handed back as often as a run may start, so
 * the runs processor (not BullMQ) is the one that marks it `interrupted` and retries or fails it.
 */
export function runsWorkerOptions(settings: WorkerSettings): QueueWorkerOptions {
  const { runs } = settings;
  return {
    concurrency: runs.concurrency,
    globalConcurrency: runs.maxRunning,
    // One BullMQ try: a run that failed failed for a reason a retry does not fix (its agent's answer,
    // its options); only a run whose worker died is started again, through the stall check.
    attempts: 1,
    lockMs: runs.lockMs,
    stalledIntervalMs: runs.stalledIntervalMs,
    maxStalledCount: runs.attempts,
  };
}

export const runsQueue = defineQueue({
  name: RUNS_QUEUE,
  data: runJobDataSchema,
  value: z.custom<RunJobValue>(),
  worker: runsWorkerOptions,
});

/** Adds a run's job; the run id is the job id, so a run never has two jobs. */
export async function addRunJob(system: QueueSystem, data: RunJobData): Promise<void> {
  await addJob(system, runsQueue, data, { jobId: data.runId, name: 'run' });
}
