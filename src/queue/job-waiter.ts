// One QueueEvents per queue per process, shared by every caller waiting on that queue's jobs. A single
// listener per event type dispatches to the waiting caller through a map, instead of each call adding
// and removing its own listeners; and the events stream is read from the id it had when we started,
// so an event that lands before the first blocking read is still seen (no "did it finish already?"
// round trip per call).
import { QueueEvents, type ConnectionOptions } from 'bullmq';
import type { Redis, RedisOptions } from 'ioredis';

export interface JobWatch {
  onActive?: () => void;
  onProgress?: (progress: unknown) => void;
  onCompleted: (result: unknown) => void;
  onFailed: (reason: string) => void;
}

export class JobWaiter {
  readonly queueName: string;
  /** Watches by job id; two callers may wait on one job id of their choosing. */
  readonly #watches = new Map<string, Set<JobWatch>>();
  readonly #ready: Promise<QueueEvents>;
  #events?: QueueEvents;
  #closed = false;
  #isReady = false;

  constructor(
    queueName: string,
    settings: {
      connection: Redis;
      connectionOptions: RedisOptions;
      prefix: string;
      onError: (error: Error) => void;
    },
  ) {
    this.queueName = queueName;
    this.#ready = this.#start(settings);
    this.#ready.then(
      () => (this.#isReady = true),
      () => undefined,
    );
  }

  async #start(settings: {
    connection: Redis;
    connectionOptions: RedisOptions;
    prefix: string;
    onError: (error: Error) => void;
  }): Promise<QueueEvents> {
    const streamKey = `${settings.prefix}:${this.queueName}:events`;
    const last = (await settings.connection.xrevrange(streamKey, '+', '-', 'COUNT', 1)) as Array<
      [string, string[]]
    >;
    const lastEventId = last[0]?.[0] ?? '0-0';
    if (this.#closed) throw new Error(`The waiter for queue ${this.queueName} was closed while starting.`);
    const events = new QueueEvents(this.queueName, {
      connection: { ...settings.connectionOptions, maxRetriesPerRequest: null } as ConnectionOptions,
      prefix: settings.prefix,
      lastEventId,
    });
    events.setMaxListeners(0);
    events.on('error', settings.onError);
    // Dispatch by job id with plain loops: these run for every event of the queue.
    events.on('active', ({ jobId }) => {
      const watches = this.#watches.get(jobId);
      if (watches) for (const watch of watches) watch.onActive?.();
    });
    events.on('progress', ({ jobId, data }) => {
      const watches = this.#watches.get(jobId);
      if (watches) for (const watch of watches) watch.onProgress?.(data);
    });
    events.on('completed', ({ jobId, returnvalue }) => {
      const watches = this.#watches.get(jobId);
      if (!watches) return;
      this.#watches.delete(jobId);
      for (const watch of watches) watch.onCompleted(returnvalue);
    });
    events.on('failed', ({ jobId, failedReason }) => {
      const watches = this.#watches.get(jobId);
      if (!watches) return;
      this.#watches.delete(jobId);
      for (const watch of watches) watch.onFailed(failedReason);
    });
    this.#events = events;
    return events;
  }

  /** Whether events are being collected already (no need to wait on `ready`). */
  get isReady(): boolean {
    return this.#isReady;
  }

  /** Resolves once events are being collected: a job added after this is never missed. */
  async ready(): Promise<void> {
    await this.#ready;
  }

  /** Starts watching a job; `unwatch` stops it. Completed and failed end the watch by themselves. */
  watch(jobId: string, watch: JobWatch): void {
    let watches = this.#watches.get(jobId);
    if (!watches) {
      watches = new Set();
      this.#watches.set(jobId, watches);
    }
    watches.add(watch);
  }

  unwatch(jobId: string, watch: JobWatch): void {
    const current = this.#watches.get(jobId);
    if (!current?.delete(watch) || current.size > 0) return;
    this.#watches.delete(jobId);
  }

  get watching(): number {
    return this.#watches.size;
  }

  async close(): Promise<void> {
    this.#closed = true;
    // Not started yet (its first read waits for Redis): #start sees #closed and opens nothing.
    const events = this.#events;
    if (!events) return;
    const client = await events.backend.client;
    if (client.status !== 'ready') {
      // Not answering: socketless, waiting on its retry timer (Redis went away, or came back and the
      // timer has not fired yet), or in the middle of a retry (connecting, or connected and not ready).
      // QueueEvents.close() would send QUIT, which waits in ioredis's offline queue until Redis
      // answers, for ever if it does not; and after disconnect() from the retry timer ioredis never
      // emits the 'end' QueueEvents.close() waits for (redis/ioredis#2169, taskforcesh/bullmq#4585).
      // Stopping the connection is all the closing there is to do: no socket or timer is left.
      client.disconnect();
      void events.close().catch(() => undefined);
      return;
    }
    await events.close();
  }
}
