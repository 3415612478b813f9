// Found by the reliability suite: a search that waited while Redis restarted failed with "every search
// provider was busy ... raise the limits or QUARRY_QUEUE_WAIT_MS", sending the operator after queue
// limits. Now a caller that gives up while Redis is (or was meanwhile) unreachable says so.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, startRedis, stopRedis } from '../../bench/reliability-redis-restart.ts';
import { parseConfig } from '../../src/config.ts';
import { addAndWait } from '../../src/queue/add-and-wait.ts';
import { QueueSaturatedError, RedisUnreachableError } from '../../src/queue/errors.ts';
import { createQueueSystem, type QueueSystem } from '../../src/queue/system.ts';

describe('a caller that gives up while Redis is unreachable', () => {
  let redis: ChildProcess | undefined;
  let system: QueueSystem | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    // The system first, while its Redis still answers (or has already gone); closing ends either way
    // (test/reliability/queue-system-close.test.ts).
    await system?.close();
    if (redis) await stopRedis(redis);
    if (dir) rmSync(dir, { recursive: true, force: true });
    redis = system = dir = undefined;
  });

  async function start(): Promise<{ system: QueueSystem; port: number }> {
    const port = await freePort();
    dir = mkdtempSync(join(tmpdir(), 'quarry-redis-unreachable-'));
    redis = await startRedis(port, dir);
    system = createQueueSystem(
      parseConfig({ redisUrl: `redis://127.0.0.1:${port}`, prefix: '{unreachable}', logLevel: 'silent' }),
      { providers: [] },
    );
    // The waiter exists before Redis goes, as it does in a server that has been answering.
    await system.waiter('nobody').ready();
    return { system, port };
  }

  it('says the queue was saturated when Redis stayed up (no worker took the job)', async () => {
    const { system } = await start();
    const error = await addAndWait(system, 'nobody', {}, { timeoutMs: 5_000, startWithinMs: 300 }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(QueueSaturatedError);
  });

  it('says Redis was unreachable, with REDIS_URL, when Redis went away meanwhile', async () => {
    const { system, port } = await start();
    await stopRedis(redis!);
    const error = await addAndWait(system, 'nobody', {}, { timeoutMs: 1_000, startWithinMs: 300 }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(RedisUnreachableError);
    expect((error as Error).message).toMatch(
      new RegExp(
        `^Redis at redis://127.0.0.1:${port} was unreachable while job .* check that Redis is running and reachable \\(REDIS_URL\\)`,
      ),
    );
  });

  it('says Redis was unreachable when the caller gives up (its time limit aborts) while Redis is away', async () => {
    const { system } = await start();
    await stopRedis(redis!);
    const error = await addAndWait(
      system,
      'nobody',
      {},
      {
        timeoutMs: 10_000,
        signal: AbortSignal.timeout(500),
      },
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RedisUnreachableError);
  });

  it('keeps its time limit when Redis is away before the queue was ever waited on', async () => {
    const port = await freePort();
    system = createQueueSystem(
      parseConfig({ redisUrl: `redis://127.0.0.1:${port}`, prefix: '{unreachable}', logLevel: 'silent' }),
      { providers: [] },
    );
    const error = await addAndWait(system, 'never-started', {}, { timeoutMs: 500 }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(RedisUnreachableError);
    expect((error as Error).message).toMatch(/REDIS_URL/);
  });

  it('says Redis was unreachable when it came back before the job could start', async () => {
    const { system, port } = await start();
    await stopRedis(redis!);
    const waiting = addAndWait(system, 'nobody', {}, { timeoutMs: 10_000, startWithinMs: 300 }).catch(
      (caught: unknown) => caught,
    );
    await new Promise((resolve) => setTimeout(resolve, 600));
    redis = await startRedis(port, dir!);
    expect(await waiting).toBeInstanceOf(RedisUnreachableError);
  });
});
