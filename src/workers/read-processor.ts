// The worker side of read_page: one `read` job = one page read (cache or safe fetch, decode, read).
import type { Job } from 'bullmq';
import { UnrecoverableError } from 'bullmq';
import { parseReadJobInput } from '../queue/read-job.ts';
import type { QueueSystem } from '../queue/system.ts';
import { readPage, type PageReading } from '../web/read-page.ts';
import type { HostLookup } from '../web/safe-fetch.ts';

export interface ReadProcessorOptions {
  /** Resolver for the safe fetch; tests make names resolve to their loopback servers. */
  lookup?: HostLookup;
}

export async function processReadJob(
  job: Job,
  system: QueueSystem,
  signal?: AbortSignal,
  options: ReadProcessorOptions = {},
): Promise<PageReading> {
  let input;
  try {
    input = parseReadJobInput(job.data);
  } catch (error) {
    // A malformed job will not get better on another attempt.
    throw new UnrecoverableError((error as Error).message);
  }
  return readPage(
    input.url,
    { question: input.question, part: input.part },
    {
      config: system.config,
      cache: { redis: system.connection, keyPrefix: system.key('page') },
      lookup: options.lookup,
      signal,
      onStage: (stage) => {
        job.updateProgress({ stage }).catch(() => undefined); // progress is a courtesy, never a failure
      },
    },
  );
}
