// The finalize flow's workers. A `keep-picture` child keeps one picture (keep-picture.ts): a picture
// that can never be kept returns why as data; a failure a later try may not meet throws, so BullMQ
// tries again with backoff, and after the last try the parent finds the reason among its ignored
// children. The `finalize` parent runs once every child is done: it writes each picture's kept copies
// (or reason) into the run's record and ends the run `succeeded`.
import { handleJobs } from '../queue/queue-contract.ts';
import {
  finalizeQueue,
  keepPictureQueue,
  type FinalizeValue,
  type KeepPictureValue,
} from '../queue/finalize-queue.ts';
import type { JobResult } from '../queue/job-result.ts';
import type { QueueSystem } from '../queue/system.ts';
import { createGuardedFetch } from '../web/safe-fetch.ts';
import { pictureIndexOfKey } from './finalize-flow.ts';
import { keepPicture, PictureRefusedError } from './keep-picture.ts';
import { PictureStore } from './picture-store.ts';
import { finishRun } from './run-processor.ts';
import { getRun, OPERATOR_CANCEL_REASON, type RunPicture } from './run-store.ts';

export interface KeepPictureProcessorOptions {
  /** The fetch pictures come through; default the guarded fetch with the process's fetch settings. */
  fetch?: (system: QueueSystem) => typeof fetch;
}

/** The `keep-picture` queue's processor. */
export function createKeepPictureProcessor(options: KeepPictureProcessorOptions = {}) {
  const fetches = new WeakMap<QueueSystem, typeof fetch>();
  const fetchFor = (system: QueueSystem) => {
    let found = fetches.get(system);
    if (!found) {
      found = options.fetch?.(system) ?? createGuardedFetch(system.config.fetch);
      fetches.set(system, found);
    }
    return found;
  };
  return handleJobs(
    keepPictureQueue,
    async ({ runId, url }, { system, signal }): Promise<KeepPictureValue> => {
      try {
        const kept = await keepPicture(url, {
          runId,
          store: PictureStore.forSystem(system),
          fetch: fetchFor(system),
          ...(signal ? { signal } : {}),
        });
        return { kept: true, ...kept };
      } catch (error) {
        if (error instanceof PictureRefusedError) return { kept: false, url, reason: error.message };
        throw error; // PictureRetryError and the unexpected: BullMQ tries again
      }
    },
  );
}

export const processKeepPictureJob = createKeepPictureProcessor();

/** A child's value as the parent reads it: the job result, or undefined when it is not one. */
function childValue(result: unknown): KeepPictureValue | undefined {
  const wrapped = result as JobResult<KeepPictureValue> | undefined;
  return wrapped && wrapped.ok ? wrapped.value : undefined;
}

/** The `finalize` queue's processor: the flow's parent. */
export const processFinalizeJob = handleJobs(
  finalizeQueue,
  async ({ runId }, { job, system }): Promise<FinalizeValue> => {
    const run = await getRun(system, runId);
    if (!run) return { runId, status: 'missing', kept: 0, given_up: 0 };
    // Only a run whose agent has answered is ended here: a parent left from an earlier attempt must
    // not end a run that is being worked on again (`running`) with that attempt's answer.
    if (run.status !== 'finalizing') return { runId, status: run.status, kept: 0, given_up: 0 };
    const pictures: RunPicture[] = (run.pictures ?? []).map((picture) => ({ ...picture }));
    const values = await job.getChildrenValues();
    const failures = await job.getIgnoredChildrenFailures();
    for (const [key, result] of Object.entries(values)) {
      const picture = pictures[pictureIndexOfKey(key) ?? -1];
      const value = childValue(result);
      if (!picture || !value) continue;
      if (value.kept) {
        picture.state = 'kept';
        picture.display = value.display;
        picture.thumbnail = value.thumbnail;
        picture.original = {
          format: value.original.format,
          width: value.original.width,
          height: value.original.height,
        };
      } else {
        picture.state = 'given-up';
        picture.reason = value.reason;
      }
    }
    for (const [key, reason] of Object.entries(failures)) {
      const picture = pictures[pictureIndexOfKey(key) ?? -1];
      if (!picture || picture.state !== 'pending') continue;
      picture.state = 'given-up';
      picture.reason = `${String(reason).split('\n', 1)[0]} (after every try)`;
    }
    for (const picture of pictures) {
      if (picture.state !== 'pending') continue;
      picture.state = 'given-up';
      picture.reason = 'Its job left no result (removed, or its queue was emptied).';
    }
    // An operator's cancel while the pictures were kept (the runs job had ended: no worker to tell).
    const ended = run.cancelRequested
      ? await finishRun(system, run, 'cancelled', {
          reason: run.cancelReason ?? OPERATOR_CANCEL_REASON,
          fields: { pictures },
        })
      : await finishRun(system, run, 'succeeded', { fields: { pictures } });
    return {
      runId,
      status: ended.status,
      kept: pictures.filter((picture) => picture.state === 'kept').length,
      given_up: pictures.filter((picture) => picture.state === 'given-up').length,
    };
  },
);
