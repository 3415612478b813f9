// Connection options from REDIS_URL. BullMQ's blocking clients (workers, queue events) are given
// options rather than a shared client, so each opens and closes its own connection.
import type { RedisOptions } from 'ioredis';

export function redisOptionsFromUrl(url: string): RedisOptions {
  let address: URL;
  try {
    address = new URL(url);
  } catch {
    throw new Error(`REDIS_URL is not a valid address (${url}); use the form redis://host:6379/0.`);
  }
  if (address.protocol !== 'redis:' && address.protocol !== 'rediss:') {
    throw new Error(`REDIS_URL must start with redis:// or rediss:// (got ${address.protocol}//).`);
  }
  const database = address.pathname.replace(/^\//, '');
  return {
    host: address.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1',
    port: Number(address.port || 6379),
    ...(address.username ? { username: decodeURIComponent(address.username) } : {}),
    ...(address.password ? { password: decodeURIComponent(address.password) } : {}),
    ...(database ? { db: Number(database) } : {}),
    ...(address.protocol === 'rediss:' ? { tls: {} } : {}),
  };
}
