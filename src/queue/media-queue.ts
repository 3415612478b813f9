// The `media` queue's contract, and find_media through it: each item's lookups are one job on the `media` queue (at most
// config.media.concurrency of one call at once); the caller hands out the results so no picture goes
// to two things. An item whose job fails or runs out of time is answered with its error; the others
// are not affected.
import { z } from 'zod';
import {
  findMedia,
  type FindMediaAnswer,
  type FindMediaInput,
  type FindMediaProgress,
} from '../media/find-media.ts';
import type { LookupOptions } from '../media/lookup-item.ts';
import type { ItemLookup, MediaItem } from '../media/media-types.ts';
import { MEDIA_QUEUE } from './names.ts';
import { defineQueue, runJob, standardWorkerOptions } from './queue-contract.ts';
import type { QueueSystem } from './system.ts';

/** What one media job carries: one item and the call's options. Checked again by the worker. */
export const mediaJobDataSchema = z
  .object({
    item: z
      .object({
        name: z.string().min(1),
        year: z.union([z.number(), z.string()]).optional(),
        site: z.string().min(1).optional(),
        url: z.string().url().optional(),
      })
      .strict(),
    video: z.boolean(),
    k: z.number().int().positive(),
    language: z.string().optional(),
  })
  .strict();

export type MediaJobData = z.infer<typeof mediaJobDataSchema>;

export const mediaQueue = defineQueue({
  name: MEDIA_QUEUE,
  data: mediaJobDataSchema,
  value: z.custom<ItemLookup>(),
  // One try: an item that fails is answered with its error; the call's other items go on.
  worker: standardWorkerOptions,
});

export interface FindMediaThroughQueueOptions {
  signal?: AbortSignal;
  /** Called as each item finishes: `{ done, total, name }`. */
  onProgress?: (progress: FindMediaProgress) => void;
  /** The whole call's time limit; default the configuration's `toolTimeoutMs`. */
  timeoutMs?: number;
}

export function mediaJobData(item: MediaItem, options: LookupOptions): MediaJobData {
  return {
    item,
    video: options.video,
    k: options.k,
    ...(options.language ? { language: options.language } : {}),
  };
}

/** Finds media for every item, one `media` job per item. Throws only for invalid arguments or an abort. */
export async function findMediaThroughQueue(
  system: QueueSystem,
  input: FindMediaInput,
  options: FindMediaThroughQueueOptions = {},
): Promise<FindMediaAnswer> {
  const timeoutMs = options.timeoutMs ?? system.config.toolTimeoutMs;
  const deadline = Date.now() + timeoutMs;
  return findMedia(input, {
    concurrency: system.config.media.concurrency,
    signal: options.signal,
    onProgress: options.onProgress,
    lookup: (item, lookupOptions, signal) => {
      const remainingMs = deadline - Date.now();
      if (remainingMs <= 0) {
        throw new Error(
          `the call's time limit of ${timeoutMs} ms ran out before this item started; ask for fewer items or raise QUARRY_TOOL_TIMEOUT_MS.`,
        );
      }
      return runJob(system, mediaQueue, mediaJobData(item, lookupOptions), {
        timeoutMs: remainingMs,
        signal,
        name: 'media',
      });
    },
  });
}
