// The processors a Quarry worker process runs, by queue: every provider's search queue, `read` and `media`.
import { MEDIA_QUEUE, READ_QUEUE } from '../queue/names.ts';
import { processMediaJob } from './media-processor.ts';
import { processReadJob } from './read-processor.ts';
import { processSearchJob } from './search-processor.ts';
import type { JobProcessor } from './start-workers.ts';

export function defaultProcessors(): Record<string, JobProcessor> {
  return {
    search: processSearchJob,
    [READ_QUEUE]: (job, system, signal) => processReadJob(job, system, signal),
    [MEDIA_QUEUE]: (job, system, signal) => processMediaJob(job, system, signal),
  };
}
