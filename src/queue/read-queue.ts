// The `read` queue's contract: one job per read_page call; the worker's reading of the page comes back
// as data, and a refused fetch (FetchRefusedError with its reason), a network failure or a page's error
// status crosses the queue as the same error, with its fields.
import { z } from 'zod';
import type { PageReading } from '../web/read-page.ts';
import { READ_QUEUE } from './names.ts';
import { defineQueue, runJob, standardWorkerOptions } from './queue-contract.ts';
import type { QueueSystem } from './system.ts';

/** What a read job carries; checked when the job is added and again by the worker. */
export const readJobDataSchema = z
  .object({
    url: z.string().trim().min(1, 'give the address of the page to read').max(8_192),
    question: z.string().trim().min(1).max(2_000).optional(),
    part: z.number().int().positive().optional(),
  })
  .strict();

export type ReadJobData = z.infer<typeof readJobDataSchema>;

export const readQueue = defineQueue({
  name: READ_QUEUE,
  data: readJobDataSchema,
  value: z.custom<PageReading>(),
  // One try: the caller waits within a tool's time limit, and a refused or missing page stays so.
  worker: standardWorkerOptions,
});

export interface ReadThroughQueueOptions {
  signal?: AbortSignal;
  /** Each stage the worker reaches: `{ stage: 'cache' | 'fetch' | 'decode' | 'read' }`. */
  onProgress?: (progress: unknown) => void;
  /** Default: the configuration's `toolTimeoutMs`. */
  timeoutMs?: number;
}

/** Reads a page on the `read` queue; rejects with the worker's error (rebuilt) when the read fails. */
export async function readThroughQueue(
  system: QueueSystem,
  input: ReadJobData,
  options: ReadThroughQueueOptions = {},
): Promise<PageReading> {
  return runJob(system, readQueue, input, {
    timeoutMs: options.timeoutMs ?? system.config.toolTimeoutMs,
    signal: options.signal,
    onProgress: options.onProgress,
    name: 'read',
  });
}
