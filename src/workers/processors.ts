// The processors a Quarry worker process runs, by queue: every provider's search queue, `read` and `media`.
import { MEDIA_QUEUE, READ_QUEUE } from '../queue/names.ts';
import { processMediaJob } from './media-processor.ts';
import { processReadJob } from './read-processor.ts';
import { processSearchJob } from './search-processor.ts';
import type { JobProcessor } from '../queue/queue-contract.ts';

export function defaultProcessors(): Record<string, JobProcessor> {
  return {
    search: processSearchJob,
    [READ_QUEUE]: processReadJob,
    [MEDIA_QUEUE]: processMediaJob,
  };
}
