// The `finalize` flow's two contracts: a run's end is a BullMQ flow (FlowProducer) whose parent, on
// `finalize`, waits for one child per picture on `keep-picture`. Each child is retried on its own
// (attempts with backoff) and, when it gives up, is ignored by its parent (`ignoreDependencyOnFailure`)
// with its reason kept, so the parent runs once every picture is kept or given up, and ends the run.
// Job data holds the run id and the picture's address, never a token.
import { z } from 'zod';
import {
  defineQueue,
  standardWorkerOptions,
  type QueueWorkerOptions,
  type WorkerSettings,
} from './queue-contract.ts';

export const FINALIZE_QUEUE = 'finalize';
export const KEEP_PICTURE_QUEUE = 'keep-picture';

const runId = z.string().regex(/^run-[0-9a-f]{16}$/, 'a run id such as run-0123456789abcdef');

export const finalizeJobDataSchema = z.object({ runId }).strict();

export const keepPictureJobDataSchema = z
  .object({
    runId,
    /** The picture's address as the run's tools gave it. */
    url: z.string().url().max(4_096),
    /** Where it was found: a find_media item, or the picture of a page the answer cites. */
    source: z.enum(['find_media', 'page']),
    /** The page it came from, when known. */
    page: z.string().max(4_096).optional(),
    /** The find_media item it was given to. */
    item: z.string().max(500).optional(),
  })
  .strict();

export type FinalizeJobData = z.infer<typeof finalizeJobDataSchema>;
export type KeepPictureJobData = z.infer<typeof keepPictureJobDataSchema>;

export interface KeptCopyValue {
  name: string;
  width: number;
  height: number;
  bytes: number;
}

/** A child's result: the picture kept, or why it never can be (a retry would not help). */
export type KeepPictureValue =
  | {
      kept: true;
      url: string;
      display: KeptCopyValue;
      thumbnail: KeptCopyValue;
      original: { format: string; width: number; height: number; bytes: number };
    }
  | { kept: false; url: string; reason: string };

export interface FinalizeValue {
  runId: string;
  status: string;
  kept: number;
  given_up: number;
}

/**
 * Tries per picture: a host that is busy or down for a moment gets two more chances, with a backoff of
 * 1 s then 2 s (exponential), short enough that a run's end waits seconds, not minutes, for a bad host.
 */
export const KEEP_PICTURE_ATTEMPTS = 3;
export const KEEP_PICTURE_BACKOFF = { type: 'exponential', delay: 1_000 } as const;

export const finalizeQueue = defineQueue({
  name: FINALIZE_QUEUE,
  data: finalizeJobDataSchema,
  value: z.custom<FinalizeValue>(),
});

export const keepPictureQueue = defineQueue({
  name: KEEP_PICTURE_QUEUE,
  data: keepPictureJobDataSchema,
  value: z.custom<KeepPictureValue>(),
  // Pictures retry on their own (the flow's child options carry attempts and backoff).
  worker: (settings: WorkerSettings): QueueWorkerOptions => ({
    ...standardWorkerOptions(settings),
    attempts: KEEP_PICTURE_ATTEMPTS,
  }),
});
