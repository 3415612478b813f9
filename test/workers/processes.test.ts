// Real worker processes against the real Redis: limits that hold across processes, rest shared by
// every worker and caller, a killed worker's job finished by another, and an orderly stop.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addAndWait } from '../../src/queue/add-and-wait.ts';
import { searchThroughQueues } from '../../src/queue/search.ts';
import { createQueueSystem, type QueueSystem } from '../../src/queue/system.ts';
import {
  fakeProvider,
  plainQuery,
  startFakeSearchServer,
  type FakeSearchServer,
} from '../queue/fake-provider.ts';
import { freshConfig, removePrefix, until, REDIS_URL } from '../queue/helpers.ts';
import { startWorkerProcess, stopWorkerProcess, type WorkerProcess } from './processes.ts';

let fake: FakeSearchServer;
const systems: QueueSystem[] = [];
const processes: WorkerProcess[] = [];

beforeAll(async () => {
  fake = await startFakeSearchServer();
});
afterAll(async () => {
  await fake.close();
});
afterEach(async () => {
  await Promise.all(processes.splice(0).map(stopWorkerProcess));
  const prefixes = new Set(systems.map((system) => system.prefix));
  await Promise.all(systems.splice(0).map((system) => system.close()));
  for (const prefix of prefixes) await removePrefix(prefix);
  fake.reset();
});

interface Spec {
  id: string;
  concurrency?: number;
  rateMax?: number;
  ratePerMs?: number;
}

/** A caller-side system and the environment its worker processes share. */
function setUp(specs: Spec[], extra: Record<string, string> = {}) {
  const config = freshConfig({
    providerOrder: specs.map((spec) => spec.id),
    providers: Object.fromEntries(specs.map((spec) => [spec.id, { url: fake.url }])),
    queueWaitMs: 20_000,
  });
  const system = createQueueSystem(config, {
    providers: specs.map((spec) =>
      fakeProvider(spec.id, {
        concurrency: spec.concurrency ?? 50,
        rate: { max: spec.rateMax ?? 100_000, perMs: spec.ratePerMs ?? 1_000 },
      }),
    ),
  });
  systems.push(system);
  const environment: Record<string, string> = {
    REDIS_URL,
    QUARRY_PREFIX: config.prefix,
    QUARRY_SETTINGS: 'none',
    QUARRY_DATA_DIR: mkdtempSync(join(tmpdir(), 'quarry-worker-')),
    QUARRY_EMBEDDED_REDIS: 'false',
    QUARRY_WORKER_CONCURRENCY: '10',
    FAKE_PROVIDERS: JSON.stringify(specs),
    ...Object.fromEntries(specs.map((spec) => [`QUARRY_${spec.id.toUpperCase()}_URL`, fake.url])),
    ...extra,
  };
  return { system, environment };
}

async function workers(count: number, environment: Record<string, string>): Promise<WorkerProcess[]> {
  const started = await Promise.all(Array.from({ length: count }, () => startWorkerProcess(environment)));
  processes.push(...started);
  return started;
}

describe('worker processes', () => {
  it('keep a provider at its global cap across two processes', async () => {
    // Two jobs at once per process: reaching the cap of 3 takes both processes, so both take jobs
    // and only the global cap (not either process's own limit) can keep them at 3 together.
    const { system, environment } = setUp([{ id: 'capped', concurrency: 3 }], {
      QUARRY_WORKER_CONCURRENCY: '2',
    });
    await workers(2, environment);
    fake.behave('/capped', { delayMs: 60 });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) => searchThroughQueues(system, plainQuery(`q${index}`))),
    );
    expect(answers.every((answer) => answer.provider === 'capped')).toBe(true);
    expect(fake.perPath.get('/capped')).toBe(30);
    expect(fake.maxInFlight).toBeLessThanOrEqual(3);
    expect(fake.workersSeen.size).toBe(2);
  });

  it('keep a provider to its global rate across two processes', async () => {
    const { system, environment } = setUp([{ id: 'rated', rateMax: 2, ratePerMs: 1_000 }]);
    await workers(2, environment);
    await Promise.all(
      Array.from({ length: 6 }, (_, index) => searchThroughQueues(system, plainQuery(`q${index}`))),
    );
    const arrivals = fake.arrivals.get('/rated')!;
    expect(arrivals).toHaveLength(6);
    // Two per second: six requests need three windows, so the last comes about two seconds after the first.
    expect(Math.max(...arrivals) - Math.min(...arrivals)).toBeGreaterThanOrEqual(1_800);
  });

  it('rest a provider that answered 429 with Retry-After for every worker and every caller', async () => {
    const { system, environment } = setUp([{ id: 'alpha' }, { id: 'beta' }]);
    await workers(2, environment);
    fake.behave('/alpha', { status: 429, retryAfterSeconds: 300 });
    const first = await searchThroughQueues(system, plainQuery('first'));
    expect(first.provider).toBe('beta');
    expect(first.skipped).toMatchObject([{ provider: 'alpha', kind: 'limit' }]);

    // Another caller (as another server process would be) sees the rest and never queues alpha again.
    const otherCaller = createQueueSystem(system.config, { providers: [...system.providers.values()] });
    systems.push(otherCaller);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        searchThroughQueues(otherCaller, plainQuery(`later ${index}`)),
      ),
    );
    for (const answer of answers) {
      expect(answer.provider).toBe('beta');
      expect(answer.skipped[0]).toMatchObject({ provider: 'alpha', kind: 'resting' });
      expect(answer.skipped[0]!.reason).toContain('429');
    }
    expect(fake.perPath.get('/alpha')).toBe(1);
    expect(
      await system.queue('search.alpha').getJobCountByTypes('completed', 'failed', 'waiting', 'active'),
    ).toBe(1);
  });

  it('finish the job of a worker killed mid-job in another worker after the stall interval', async () => {
    const { system, environment } = setUp([], { QUARRY_LOCK_MS: '1000', QUARRY_STALLED_INTERVAL_MS: '1000' });
    const [first, second] = await workers(2, environment);
    const runners: number[] = [];
    const result = addAndWait<{ pid: number }>(
      system,
      'sleepy',
      { ms: 2_500 },
      {
        timeoutMs: 25_000,
        onProgress: (progress) => runners.push((progress as { pid: number }).pid),
      },
    );
    await until(() => runners.length > 0, 10_000, 'the job to start');
    const victim = [first!, second!].find((worker) => worker.pid === runners[0])!;
    const survivor = [first!, second!].find((worker) => worker.pid !== runners[0])!;
    victim.child.kill('SIGKILL');
    await victim.exited;
    await expect(result).resolves.toEqual({ pid: survivor.pid });
    expect(runners).toEqual([victim.pid, survivor.pid]);
  });

  it('stop on SIGTERM: finish jobs in flight, take no new ones, exit 0', async () => {
    const { system, environment } = setUp([]);
    const [worker] = await workers(1, environment);
    let started = false;
    const inFlight = addAndWait<{ pid: number }>(
      system,
      'sleepy',
      { ms: 1_500 },
      {
        timeoutMs: 20_000,
        onProgress: () => (started = true),
      },
    );
    await until(() => started, 10_000, 'the job to start');
    worker!.child.kill('SIGTERM');
    await expect(inFlight).resolves.toEqual({ pid: worker!.pid });
    expect(await worker!.exited).toBe(0);
    await system.queue('sleepy').add('later', { ms: 1 }, { jobId: 'after-stop' });
    expect(await system.queue('sleepy').getJobState('after-stop')).toBe('waiting');
  });

  it('hand back on SIGTERM a job that outlasts the grace period; another worker finishes it', async () => {
    const { system, environment } = setUp([], {
      QUARRY_SHUTDOWN_GRACE_MS: '300',
      QUARRY_LOCK_MS: '1000',
      QUARRY_STALLED_INTERVAL_MS: '1000',
    });
    const [leaving] = await workers(1, environment);
    const runners: number[] = [];
    const result = addAndWait<{ pid: number }>(
      system,
      'sleepy',
      { ms: 3_000 },
      {
        timeoutMs: 25_000,
        onProgress: (progress) => runners.push((progress as { pid: number }).pid),
      },
    );
    await until(() => runners.length > 0, 10_000, 'the job to start');
    leaving!.child.kill('SIGTERM');
    expect(await leaving!.exited).toBe(0);
    const [taking] = await workers(1, environment);
    await expect(result).resolves.toEqual({ pid: taking!.pid });
  });
});
