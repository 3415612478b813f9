// Runs a Lua script by its SHA (one round trip), loading it on the first NOSCRIPT answer. Each of our
// counters is one script, so checking and counting can never be split by another caller.
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

export class LuaScript {
  readonly source: string;
  readonly sha: string;

  constructor(source: string) {
    this.source = source;
    this.sha = createHash('sha1').update(source).digest('hex');
  }

  async run(connection: Redis, keys: string[], args: Array<string | number>): Promise<unknown> {
    try {
      return await connection.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.includes('NOSCRIPT')) throw error;
      return connection.eval(this.source, keys.length, ...keys, ...args);
    }
  }
}
