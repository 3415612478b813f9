// Provider rest in Redis: why a provider rests and until when. Every caller keeps a mirror of it in
// memory, loaded once and kept current by a subscription, so the chain's "is it resting?" check costs
// no round trip; a rest set anywhere (a 429 seen by any worker's caller) is published at once, so a
// provider that failed for one rests for all.
import { Redis } from 'ioredis';
import type { RestRecord, RestState } from '../providers/chain.ts';
import type { QueueSystem } from './system.ts';

export class RedisRestState implements RestState {
  readonly #system: QueueSystem;
  readonly #now: () => number;
  readonly #records = new Map<string, RestRecord>();
  readonly #subscriber: Redis;
  #loading: Promise<void>;
  #closed = false;

  constructor(system: QueueSystem, now: () => number = Date.now) {
    this.#system = system;
    this.#now = now;
    this.#subscriber = new Redis({ ...system.connectionOptions, maxRetriesPerRequest: null });
    this.#subscriber.on('error', (error) => system.logger.warn({ err: error }, 'rest subscription error'));
    this.#subscriber.on('message', (_channel, message: string) => this.#apply(message));
    this.#loading = this.#load();
    this.#loading.catch(() => undefined);
    // After a reconnect, messages sent meanwhile are lost: load the whole state again.
    let connectedOnce = false;
    this.#subscriber.on('ready', () => {
      if (connectedOnce) this.#loading = this.#load();
      connectedOnce = true;
    });
    system.onClose(() => this.close());
  }

  get #hashKey(): string {
    return this.#system.key('rest');
  }

  get #channel(): string {
    return this.#system.key('rest-changes');
  }

  async #load(): Promise<void> {
    // Subscribe first, then read: a change made in between arrives as a message too.
    await this.#subscriber.subscribe(this.#channel);
    const stored = await this.#system.connection.hgetall(this.#hashKey);
    this.#records.clear();
    for (const [providerId, json] of Object.entries(stored))
      this.#records.set(providerId, JSON.parse(json) as RestRecord);
  }

  #apply(message: string): void {
    const change = JSON.parse(message) as { provider: string; record?: RestRecord };
    if (change.record) this.#records.set(change.provider, change.record);
    else this.#records.delete(change.provider);
  }

  async get(providerId: string): Promise<RestRecord | undefined> {
    await this.#loading;
    const record = this.#records.get(providerId);
    return record && record.until > this.#now() ? record : undefined;
  }

  async set(providerId: string, record: RestRecord): Promise<void> {
    this.#records.set(providerId, record);
    await this.#system.connection
      .multi()
      .hset(this.#hashKey, providerId, JSON.stringify(record))
      .publish(this.#channel, JSON.stringify({ provider: providerId, record }))
      .exec();
  }

  async clear(providerId: string): Promise<void> {
    this.#records.delete(providerId);
    await this.#system.connection
      .multi()
      .hdel(this.#hashKey, providerId)
      .publish(this.#channel, JSON.stringify({ provider: providerId }))
      .exec();
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#subscriber.status === 'ready')
      await this.#subscriber.quit().catch(() => this.#subscriber.disconnect());
    else this.#subscriber.disconnect();
  }
}

const shared = new WeakMap<QueueSystem, RedisRestState>();

/** The system's one rest state (one subscription per process), created on first use. */
export function restStateOf(system: QueueSystem): RedisRestState {
  let state = shared.get(system);
  if (!state) {
    state = new RedisRestState(system);
    shared.set(system, state);
  }
  return state;
}
