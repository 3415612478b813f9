// Provider rest in Redis: why a provider rests and until when, one key per provider that expires when
// the rest ends. A provider that failed in one worker rests for every worker and every caller.
import type { RestRecord, RestState } from '../providers/chain.ts';
import type { QueueSystem } from './system.ts';

export class RedisRestState implements RestState {
  readonly #system: QueueSystem;
  readonly #now: () => number;

  constructor(system: QueueSystem, now: () => number = Date.now) {
    this.#system = system;
    this.#now = now;
  }

  #key(providerId: string): string {
    return this.#system.key('rest', providerId);
  }

  async get(providerId: string): Promise<RestRecord | undefined> {
    const stored = await this.#system.connection.get(this.#key(providerId));
    if (!stored) return undefined;
    const record = JSON.parse(stored) as RestRecord;
    return record.until > this.#now() ? record : undefined;
  }

  async set(providerId: string, record: RestRecord): Promise<void> {
    const remainingMs = Math.ceil(record.until - this.#now());
    if (remainingMs <= 0) return;
    await this.#system.connection.set(this.#key(providerId), JSON.stringify(record), 'PX', remainingMs);
  }

  async clear(providerId: string): Promise<void> {
    await this.#system.connection.del(this.#key(providerId));
  }
}
