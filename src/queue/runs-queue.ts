// The `runs` queue's contract: one job per research run (its data is only the run's id: the question,
// budgets and agent live in the run's record, and no token or key ever sits in job data), and the
// workers' options for jobs that last minutes or hours.
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { QueueSystem } from './system.ts';

export const RUNS_QUEUE = 'runs';

export const runJobDataSchema = z
  .object({ runId: z.string().regex(/^run-[0-9a-f]{16}$/, 'a run id such as run-0123456789abcdef') })
  .strict();

export type RunJobData = z.infer<typeof runJobDataSchema>;

export interface RunsWorkerOptions {
  /** Runs at once per worker process. */
  concurrency: number;
  /** Runs at once across all workers (Queue.setGlobalConcurrency). */
  globalConcurrency: number;
  /** BullMQ tries: one. A run whose worker died is found by the stall check and the processor decides. */
  attempts: 1;
  lockMs: number;
  stalledIntervalMs: number;
  /**
   * How often a dead worker's run is handed to another worker: as many times as a run may start, so the
   * runs processor (not BullMQ) is the one that marks it interrupted and then retries or fails it.
   */
  maxStalledCount: number;
}

export function runsWorkerOptions(settings: Pick<Config, 'runs'>): RunsWorkerOptions {
  const { runs } = settings;
  return {
    concurrency: runs.concurrency,
    globalConcurrency: runs.maxRunning,
    attempts: 1,
    lockMs: runs.lockMs,
    stalledIntervalMs: runs.stalledIntervalMs,
    maxStalledCount: runs.attempts,
  };
}

/** Adds a run's job; the run id is the job id, so a run never has two jobs. */
export async function addRunJob(system: QueueSystem, data: RunJobData): Promise<void> {
  const checked = runJobDataSchema.parse(data);
  await system.queue(RUNS_QUEUE).add('run', checked, { jobId: checked.runId, attempts: 1 });
}

/** Writes the cap on runs at once across every worker (a queue setting kept in Redis). */
export async function applyRunsLimits(system: QueueSystem): Promise<void> {
  await system.queue(RUNS_QUEUE).setGlobalConcurrency(runsWorkerOptions(system.config).globalConcurrency);
}
