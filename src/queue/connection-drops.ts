// Whether Redis went away while a caller waited. A caller that gives up (its job did not start in
// time, or did not finish) must say that Redis was unreachable when that is the reason, not send the
// operator after queue limits. One 'close' listener per connection counts its losses; a caller notes
// the count when it starts and compares when it gives up.
import type { Redis } from 'ioredis';

const drops = new WeakMap<Redis, { count: number }>();

/** The connection's loss counter, listening from the first time it is asked for. */
export function connectionDrops(connection: Redis): { readonly count: number } {
  let counter = drops.get(connection);
  if (!counter) {
    const created = { count: 0 };
    connection.on('close', () => (created.count += 1));
    drops.set(connection, created);
    counter = created;
  }
  return counter;
}

/** Whether the connection is down now, or was lost since `countAtStart` (from `connectionDrops`). */
export function redisWasUnreachable(connection: Redis, countAtStart: number): boolean {
  return connection.status !== 'ready' || connectionDrops(connection).count !== countAtStart;
}

/** `redis://user:secret@host:6379` → `redis://***@host:6379`, for messages. */
export function shownRedisUrl(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}
