// The worker entry: one BullMQ Worker per queue in this process, each job handed to its processor
// with the queue system and an abort signal. Callers that give up publish a cancel message; the
// worker holding that job aborts it. Closing stops taking jobs and lets those in flight finish for a
// grace period; any still running after it are handed back (their lock lapses and another worker
// takes them after the stall interval).
import { Worker, type ConnectionOptions, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { cancelChannel } from '../queue/add-and-wait.ts';
import { applyProviderLimits } from '../queue/limits.ts';
import { SEARCH_QUEUE_PREFIX, searchQueueName } from '../queue/names.ts';
import { standardWorkerOptions, type JobProcessor } from '../queue/queue-contract.ts';
import type { QueueSystem } from '../queue/system.ts';

export interface StartWorkersOptions {
  /**
   * Processors by queue name. The key `search` serves every provider's `search.<id>` queue; others
   * name their queue (`read`, `media`).
   */
  processors: Record<string, JobProcessor>;
  /** Jobs at once per queue in this process; default the queue contract's (`workerConcurrency`). */
  concurrency?: number;
}

export interface RunningWorkers {
  readonly workers: readonly Worker[];
  /** Stops taking jobs, waits up to `graceMs` for those in flight, then hands the rest back. */
  close(options?: { graceMs?: number }): Promise<void>;
}

/** After handing jobs back, how long processors get to notice their abort before we stop waiting. */
const HAND_BACK_WAIT_MS = 2_000;

export async function startWorkers(
  system: QueueSystem,
  options: StartWorkersOptions,
): Promise<RunningWorkers> {
  const { config, logger } = system;
  const assignments: Array<[string, JobProcessor]> = [];
  for (const [name, processor] of Object.entries(options.processors)) {
    if (name === 'search') {
      for (const providerId of system.providers.keys())
        assignments.push([searchQueueName(providerId), processor]);
    } else {
      assignments.push([name, processor]);
    }
  }
  if (assignments.some(([name]) => name.startsWith(SEARCH_QUEUE_PREFIX))) await applyProviderLimits(system);

  const connection = { ...system.connectionOptions, maxRetriesPerRequest: null } as ConnectionOptions;
  const workers = new Map<string, Worker>();
  const inFlight = new Set<{ job: Job; token: string | undefined; worker: Worker }>();
  for (const [queueName, processor] of assignments) {
    // Each queue's options come from its contract (src/queue/*-queue.ts); plain processors get the standard ones.
    const settings = (processor.contract?.workerOptions ?? standardWorkerOptions)(config);
    if (settings.globalConcurrency !== undefined)
      await system.queue(queueName).setGlobalConcurrency(settings.globalConcurrency);
    const worker: Worker = new Worker(
      queueName,
      async (job, token, signal) => {
        const entry = { job, token, worker };
        inFlight.add(entry);
        try {
          return await processor(job, system, signal);
        } finally {
          inFlight.delete(entry);
        }
      },
      {
        connection,
        prefix: system.prefix,
        concurrency: options.concurrency ?? settings.concurrency,
        lockDuration: settings.lockMs,
        stalledInterval: settings.stalledIntervalMs,
        maxStalledCount: settings.maxStalledCount,
      },
    );
    worker.on('error', (error) => logger.error({ err: error, queue: queueName }, 'worker error'));
    worker.on('failed', (job, error) =>
      logger.debug(
        { queue: queueName, jobId: job?.id, reason: error.message.split('\n', 1)[0] },
        'job failed',
      ),
    );
    workers.set(queueName, worker);
  }
  await Promise.all([...workers.values()].map((worker) => worker.waitUntilReady()));

  // Cancel messages from callers that gave up on a running job.
  const subscriber = new Redis({ ...system.connectionOptions, maxRetriesPerRequest: null });
  subscriber.on('error', (error) => logger.error({ err: error }, 'cancel subscriber error'));
  await subscriber.subscribe(cancelChannel(system));
  subscriber.on('message', (_channel, message: string) => {
    try {
      const { queue, jobId } = JSON.parse(message) as { queue: string; jobId: string };
      if (workers.get(queue)?.cancelJob(jobId, 'its caller gave up'))
        logger.debug({ queue, jobId }, 'job cancelled');
    } catch (error) {
      logger.warn({ err: error }, 'ignored a malformed cancel message');
    }
  });
  logger.info({ queues: [...workers.keys()] }, 'workers started');

  let closing: Promise<void> | undefined;
  const running: RunningWorkers = {
    workers: [...workers.values()],
    close({ graceMs = config.worker.shutdownGraceMs } = {}) {
      closing ??= (async () => {
        await subscriber.quit().catch(() => subscriber.disconnect());
        const all = [...workers.values()];
        // Stop fetching new jobs everywhere at once, then wait for those in flight.
        await Promise.all(all.map((worker) => worker.pause(true).catch(() => undefined)));
        let timer: NodeJS.Timeout | undefined;
        const graceful = Promise.all(all.map((worker) => worker.close())).then(() => true);
        const deadline = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), graceMs)));
        const finished = await Promise.race([graceful, deadline]);
        clearTimeout(timer);
        if (!finished) {
          // Hand back: put each job still running back in its queue (releasing our lock, so another
          // worker takes it at once), then abort its processor here.
          logger.warn(
            { graceMs, jobs: inFlight.size },
            'jobs still running after the grace period are handed back',
          );
          for (const { job, token, worker } of [...inFlight]) {
            await job
              .moveToWait(token)
              .catch((error: unknown) =>
                logger.warn(
                  { err: error, jobId: job.id },
                  'could not hand a job back; it is taken after the stall interval',
                ),
              );
            if (job.id) worker.cancelJob(job.id, 'handed back at shutdown');
          }
          await Promise.race([
            graceful,
            new Promise((resolve) => setTimeout(resolve, HAND_BACK_WAIT_MS).unref()),
          ]);
        }
        logger.info('workers stopped');
      })();
      return closing;
    },
  };
  system.onClose(() => running.close());
  return running;
}
