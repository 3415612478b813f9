// A provider's recent failed calls, from its own queue (`search.<id>`). A provider's expected failure
// (a SearchError: auth, credits, limit, ...) comes back from the worker as data (job-result.ts), so
// BullMQ counts the job as completed and bull-board lists it with the answers; here it is a failure
// again, beside the jobs that failed outright (an unexpected error in the worker). Read from the jobs
// BullMQ keeps (QUARRY_KEEP_FINISHED_*), so it is the same whichever process serves the page.
import { z } from 'zod';
import { jobErrorSchema } from '../../queue/job-result.ts';
import { searchQueueName } from '../../queue/names.ts';
import type { QueueSystem } from '../../queue/system.ts';

/** How many of the newest finished jobs (completed and failed each) are looked through. */
export const FAILURES_SCANNED = 200;
/** How many failures the page lists at most. */
export const FAILURES_SHOWN = 50;

export interface FailedCall {
  jobId: string;
  queue: string;
  /** When the call ended (ISO). */
  at: string | null;
  /** A SearchError's kind, or `job failed` for an unexpected failure in the worker. */
  kind: string;
  message: string;
  /** What was asked: the search's words, or the page a filter read. */
  asked: string;
  /** `search` or `filter-page`. */
  call: string;
}

const failedResultSchema = z.object({ ok: z.literal(false), error: jobErrorSchema });

const askedSchema = z.union([
  z.object({ kind: z.literal('search'), query: z.object({ text: z.string() }).loose() }).loose(),
  z
    .object({
      kind: z.literal('filter-page'),
      page: z.object({ url: z.string(), question: z.string() }).loose(),
    })
    .loose(),
]);

function askedOf(data: unknown): { call: string; asked: string } {
  const parsed = askedSchema.safeParse(data);
  if (!parsed.success) return { call: 'unknown', asked: '' };
  return parsed.data.kind === 'search'
    ? { call: 'search', asked: parsed.data.query.text }
    : { call: 'filter-page', asked: `${parsed.data.page.url} (${parsed.data.page.question})` };
}

export async function recentFailedCalls(system: QueueSystem, providerId: string): Promise<FailedCall[]> {
  const queueName = searchQueueName(providerId);
  const queue = system.queue(queueName);
  const [completed, failed] = await Promise.all([
    queue.getJobs(['completed'], 0, FAILURES_SCANNED - 1),
    queue.getJobs(['failed'], 0, FAILURES_SCANNED - 1),
  ]);
  const calls: Array<FailedCall & { finishedOn: number }> = [];
  for (const job of completed) {
    if (!job) continue;
    const result = failedResultSchema.safeParse(job.returnvalue);
    if (!result.success) continue;
    calls.push({
      jobId: job.id ?? '',
      queue: queueName,
      finishedOn: job.finishedOn ?? 0,
      at: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
      kind: result.data.error.kind,
      message: result.data.error.message,
      ...askedOf(job.data),
    });
  }
  for (const job of failed) {
    if (!job) continue;
    calls.push({
      jobId: job.id ?? '',
      queue: queueName,
      finishedOn: job.finishedOn ?? 0,
      at: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
      kind: 'job failed',
      message: job.failedReason || 'the job failed without a reason',
      ...askedOf(job.data),
    });
  }
  return calls
    .sort((a, b) => b.finishedOn - a.finishedOn)
    .slice(0, FAILURES_SHOWN)
    .map(({ finishedOn: _finishedOn, ...call }) => call);
}
