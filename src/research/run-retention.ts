// How long runs are kept, and the sweep that removes them with everything they own (record, events,
// budget counters, folder, index entry). The sweep is a repeating job on its own queue, so it runs in
// the workers, once per interval for the whole installation however many workers there are. It also
// ends runs whose job is gone while their record still says they are at work (a job BullMQ failed
// after too many stalls, or one removed by hand), so no run stays `running` forever.
import { rm } from 'node:fs/promises';
import type { Job } from 'bullmq';
import { RUNS_QUEUE } from '../queue/runs-queue.ts';
import type { QueueSystem } from '../queue/system.ts';
import { FINALIZE_QUEUE } from '../queue/finalize-queue.ts';
import { PictureStore } from './picture-store.ts';
import { runFolder } from './run-folder.ts';
import { isFinished } from './run-status.ts';
import { getRun, moveRun, runIndexKey, runKeys } from './run-store.ts';

export const RUN_SWEEP_QUEUE = 'run-sweep';
const SWEEP_SCHEDULER = 'run-retention';
const DAY_MS = 86_400_000;
/** Runs looked at per sweep step: a sweep never holds Redis for long. */
const SWEEP_BATCH = 200;
/** A run changed within this long is never taken for an orphan: its job may be on its way (added just after the record). */
const ORPHAN_AFTER_MS = 60_000;

/** Removes a run and everything it owns, with the kept pictures no other run uses. */
export async function removeRun(system: QueueSystem, runId: string): Promise<void> {
  const keys = runKeys(system, runId);
  await PictureStore.forSystem(system).releaseRun(runId);
  await system.connection
    .multi()
    .del(keys.record, keys.events, keys.budget)
    .zrem(runIndexKey(system), runId)
    .exec();
  await rm(runFolder(system.config, runId), { recursive: true, force: true });
}

export interface SweepResult {
  removed: string[];
  /** Runs whose job was gone while they were still at work: ended `failed`. */
  ended: string[];
}

/**
 * Removes the runs that started more than the retention ago and have finished (or cannot still be at
 * work: older than the retention plus the longest time limit), and ends orphaned ones.
 */
export async function sweepRuns(system: QueueSystem, now = Date.now()): Promise<SweepResult> {
  const { runs } = system.config;
  const cutoff = now - runs.retentionDays * DAY_MS;
  const staleCutoff = cutoff - runs.maxTimeLimitSeconds * 1_000;
  const removed: string[] = [];
  const index = runIndexKey(system);
  let offset = 0;
  for (;;) {
    const entries = await system.connection.zrangebyscore(
      index,
      '-inf',
      cutoff,
      'WITHSCORES',
      'LIMIT',
      offset,
      SWEEP_BATCH,
    );
    if (entries.length === 0) break;
    let kept = 0;
    for (let position = 0; position < entries.length; position += 2) {
      const runId = entries[position]!;
      const createdAt = Number(entries[position + 1]);
      const run = await getRun(system, runId);
      if (!run || isFinished(run.status) || createdAt < staleCutoff) {
        await removeRun(system, runId);
        removed.push(runId);
      } else {
        kept += 1;
      }
    }
    offset += kept;
    if (entries.length < SWEEP_BATCH * 2) break;
  }
  return { removed, ended: await endOrphanedRuns(system) };
}

/** Runs at work whose job no longer exists or ended: they fail with a reason that says so. */
async function endOrphanedRuns(system: QueueSystem): Promise<string[]> {
  const ended: string[] = [];
  const queue = system.queue(RUNS_QUEUE);
  const finalize = system.queue(FINALIZE_QUEUE);
  const index = runIndexKey(system);
  for (let start = 0; ; start += SWEEP_BATCH) {
    const ids = await system.connection.zrevrange(index, start, start + SWEEP_BATCH - 1);
    if (ids.length === 0) break;
    for (const runId of ids) {
      const run = await getRun(system, runId);
      if (!run || isFinished(run.status) || Date.now() - Date.parse(run.updatedAt) < ORPHAN_AFTER_MS)
        continue;
      // A finalizing run's work is its finalize flow (whose parent's id is the run's), not its runs job.
      const owner = run.status === 'finalizing' ? finalize : queue;
      const state = await owner.getJobState(runId);
      if (state !== 'completed' && state !== 'failed' && state !== 'unknown') continue;
      const job = state === 'failed' ? await owner.getJob(runId) : undefined;
      const why = job?.failedReason ? ` (${job.failedReason.split('\n', 1)[0]})` : '';
      const moved = await moveRun(system, runId, 'failed', {
        reason: `Its job ended without ending the run${why}: its worker died more often than QUARRY_RUN_ATTEMPTS allows, or the job was removed; start it again.`,
        fields: { endedAt: new Date().toISOString() },
      });
      if (moved.moved) ended.push(runId);
    }
  }
  return ended;
}

/** The sweep queue's processor. */
export async function processRunSweepJob(_job: Job, system: QueueSystem): Promise<SweepResult> {
  return sweepRuns(system);
}

/** Makes sure the sweep repeats (idempotent: one schedule however often it is called). */
export async function scheduleRunSweep(system: QueueSystem): Promise<void> {
  await system
    .queue(RUN_SWEEP_QUEUE)
    .upsertJobScheduler(
      SWEEP_SCHEDULER,
      { every: system.config.runs.sweepIntervalSeconds * 1_000 },
      { name: 'sweep' },
    );
}
