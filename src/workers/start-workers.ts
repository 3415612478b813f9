// The worker entry: one BullMQ Worker per queue in this process, each job handed to its processor
// with the queue system and an abort signal. Provider queues get a worker only while their provider
// is switched on (in the chain: listed in the order and not `enabled: false`), since each worker holds
// a blocking Redis connection: given the settings' changes, a provider switched on gets its worker at
// once, one switched off loses it once its jobs in flight are done. Callers that give up publish a
// cancel message; the worker holding that job aborts it. Closing stops taking jobs and lets those in
// flight finish for a grace period; any still running after it are handed back (their lock lapses and
// another worker takes them after the stall interval).
import { Worker, type ConnectionOptions, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { cancelChannel } from '../queue/add-and-wait.ts';
import { applyProviderLimits } from '../queue/limits.ts';
import { SEARCH_QUEUE_PREFIX, searchQueueName } from '../queue/names.ts';
import { standardWorkerOptions, type JobProcessor } from '../queue/queue-contract.ts';
import { systemChainEntries } from '../queue/search.ts';
import type { QueueSystem } from '../queue/system.ts';

export interface StartWorkersOptions {
  /**
   * Processors by queue name. The key `search` serves every provider's `search.<id>` queue; others
   * name their queue (`read`, `media`).
   */
  processors: Record<string, JobProcessor>;
  /** Jobs at once per queue in this process; default the queue contract's (`workerConcurrency`). */
  concurrency?: number;
  /**
   * Calls the listener after each change of the live settings (`SettingsStore.onChange`); given, the
   * provider queues' workers follow which providers are switched on. Returns a function that stops it.
   */
  settingsChanges?: (listener: () => void) => () => void;
}

export interface RunningWorkers {
  /** The workers running now (provider queues' come and go with the settings). */
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
  const searchProcessor = options.processors.search;
  for (const [name, processor] of Object.entries(options.processors)) {
    if (name !== 'search') assignments.push([name, processor]);
  }
  if (searchProcessor) {
    await applyProviderLimits(system);
    let on: string[] = [];
    try {
      on = switchedOn(system);
    } catch (error) {
      // An order the chain refuses (the configuration checks it first): every search says so; no provider worker.
      logger.error({ err: error }, 'could not tell which providers are on; no provider workers');
    }
    for (const providerId of on) assignments.push([searchQueueName(providerId), searchProcessor]);
  }

  const connection = { ...system.connectionOptions, maxRetriesPerRequest: null } as ConnectionOptions;
  const workers = new Map<string, Worker>();
  const inFlight = new Set<{ job: Job; token: string | undefined; worker: Worker }>();
  /** Workers of providers switched off, finishing their jobs in flight. */
  const closingWorkers = new Set<Worker>();
  let closing: Promise<void> | undefined;

  const startWorker = async (queueName: string, processor: JobProcessor): Promise<Worker> => {
    // Each queue's options come from its contract (src/queue/*-queue.ts); plain processors get the standard ones.
    const settings = (processor.contract?.workerOptions ?? standardWorkerOptions)(system.config);
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
    return worker;
  };

  for (const [queueName, processor] of assignments) await startWorker(queueName, processor);
  await Promise.all([...workers.values()].map((worker) => worker.waitUntilReady()));

  // Provider workers follow the switches: one change at a time, each to the settings as they are then.
  let following: Promise<void> = Promise.resolve();
  const follow = () => {
    following = following.then(async () => {
      if (closing || !searchProcessor) return;
      let wanted: Set<string>;
      try {
        wanted = new Set(switchedOn(system).map(searchQueueName));
      } catch (error) {
        // An order the chain refuses: keep the workers there are until the next change.
        logger.error({ err: error }, 'could not tell which providers are on; keeping their workers');
        return;
      }
      const started: string[] = [];
      for (const queueName of wanted) {
        if (workers.has(queueName)) continue;
        await (await startWorker(queueName, searchProcessor)).waitUntilReady();
        started.push(queueName);
      }
      const stopped = [...workers.keys()].filter(
        (queueName) => queueName.startsWith(SEARCH_QUEUE_PREFIX) && !wanted.has(queueName),
      );
      for (const queueName of stopped) {
        const worker = workers.get(queueName)!;
        workers.delete(queueName);
        closingWorkers.add(worker);
        // Its jobs in flight finish first (close waits for them); it takes no new ones.
        void worker
          .close()
          .catch((error: unknown) =>
            logger.warn(
              { err: error, queue: queueName },
              'a switched-off provider worker did not close cleanly',
            ),
          )
          .finally(() => closingWorkers.delete(worker));
      }
      if (started.length > 0 || stopped.length > 0)
        logger.info({ started, stopped }, 'provider workers follow the switched-on providers');
    });
    following = following.catch((error: unknown) =>
      logger.error({ err: error }, 'could not start or stop provider workers'),
    );
  };
  const stopFollowing = searchProcessor ? options.settingsChanges?.(follow) : undefined;

  // Cancel messages from callers that gave up on a running job.
  const subscriber = new Redis({ ...system.connectionOptions, maxRetriesPerRequest: null });
  subscriber.on('error', (error) => logger.error({ err: error }, 'cancel subscriber error'));
  await subscriber.subscribe(cancelChannel(system));
  subscriber.on('message', (_channel, message: string) => {
    try {
      const { queue, jobId } = JSON.parse(message) as { queue: string; jobId: string };
      const holder = workers.get(queue) ?? [...closingWorkers].find((worker) => worker.name === queue);
      if (holder?.cancelJob(jobId, 'its caller gave up')) logger.debug({ queue, jobId }, 'job cancelled');
    } catch (error) {
      logger.warn({ err: error }, 'ignored a malformed cancel message');
    }
  });
  logger.info({ queues: [...workers.keys()] }, 'workers started');

  const running: RunningWorkers = {
    get workers() {
      return [...workers.values()];
    },
    close({ graceMs = config.worker.shutdownGraceMs } = {}) {
      closing ??= (async () => {
        stopFollowing?.();
        await following;
        await subscriber.quit().catch(() => subscriber.disconnect());
        const all = [...workers.values(), ...closingWorkers];
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

/** The providers switched on now (in the chain: in the order, not `enabled: false`), by id. */
function switchedOn(system: QueueSystem): string[] {
  return systemChainEntries(system).map((entry) => entry.provider.id);
}
