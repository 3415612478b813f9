// read_page as a job: the caller adds a `read` job and waits for the worker's reading of the page.
import { z } from 'zod';
import type { PageReading } from '../web/read-page.ts';
import { addAndWait } from './add-and-wait.ts';
import { READ_QUEUE } from './names.ts';
import type { QueueSystem } from './system.ts';

/** What a read job carries; checked when the job is added and again by the worker. */
export const readJobInputSchema = z
  .object({
    url: z.string().trim().min(1, 'give the address of the page to read').max(8_192),
    question: z.string().trim().min(1).max(2_000).optional(),
    part: z.number().int().positive().optional(),
  })
  .strict();

export type ReadJobInput = z.infer<typeof readJobInputSchema>;

export interface ReadThroughQueueOptions {
  signal?: AbortSignal;
  /** Each stage the worker reaches: `{ stage: 'cache' | 'fetch' | 'decode' | 'read' }`. */
  onProgress?: (progress: unknown) => void;
  /** Default: the configuration's `toolTimeoutMs`. */
  timeoutMs?: number;
}

/** Parses read input, with a message that names the field to fix. */
export function parseReadJobInput(input: unknown): ReadJobInput {
  const parsed = readJobInputSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'input'}: ${issue.message}`);
  throw new RangeError(`The read request is not valid: ${problems.join('; ')}.`);
}

/** Reads a page on the `read` queue; rejects with the worker's error message when the read fails. */
export async function readThroughQueue(
  system: QueueSystem,
  input: ReadJobInput,
  options: ReadThroughQueueOptions = {},
): Promise<PageReading> {
  const data = parseReadJobInput(input);
  return addAndWait<PageReading>(system, READ_QUEUE, data, {
    timeoutMs: options.timeoutMs ?? system.config.toolTimeoutMs,
    signal: options.signal,
    onProgress: options.onProgress,
    name: 'read',
  });
}
