// The pipeline's benchmark, side by side in one run against the same Redis, with a loopback fake
// provider that answers at once:
// 1. one search's round trip through the queue vs calling the provider directly vs a bare BullMQ
//    add-and-wait of an empty job (p50, p99);
// 2. throughput at concurrency 50 vs bare BullMQ at the same concurrency;
// 3. fallback with the first provider resting vs asking the second provider alone;
// 4. two worker processes, provider cap 3: the most calls the fake provider ever saw at once.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue, QueueEvents, Worker, type ConnectionOptions } from 'bullmq';
import { parseConfig } from '../src/config.ts';
import { restStateOf } from '../src/queue/rest-state.ts';
import { searchThroughQueues } from '../src/queue/search.ts';
import { createQueueSystem, type QueueSystem } from '../src/queue/system.ts';
import { redisOptionsFromUrl } from '../src/queue/redis-options.ts';
import { processSearchJob, providerFetch } from '../src/workers/search-processor.ts';
import { startWorkers } from '../src/workers/start-workers.ts';
import { fakeProvider, plainQuery, startFakeSearchServer } from '../test/queue/fake-provider.ts';
import { removePrefix } from '../test/queue/helpers.ts';
import { startWorkerProcess, stopWorkerProcess } from '../test/workers/processes.ts';
import { startFakeProviderProcess } from './fake-provider-process.ts';
import {
  closedLoop,
  percentile,
  round,
  timed,
  type BenchContext,
  type BenchSection,
} from './pipeline-stats.ts';

/** Sequential calls per latency figure, after a warm-up. */
const ROUNDTRIPS = 1_000;
const WARMUP = 100;
/** Calls per throughput round, rounds (alternating bare and ours), and callers (and worker slots) at once. */
const THROUGHPUT_CALLS = 1_500;
const THROUGHPUT_ROUNDS = 3;
const CONCURRENCY = 50;
/** The cap for the two-process run, the calls it makes, and how long the fake provider holds each. */
const CAP = 3;
const CAPPED_CALLS = 300;
const CAPPED_DELAY_MS = 5;

async function run(context: BenchContext): Promise<Record<string, number | string>> {
  // Sections 1-3 ask a fake provider in another process; section 4 counts calls in flight in this one.
  const remote = await startFakeProviderProcess();
  const fake = await startFakeSearchServer();
  const prefix = `{bench-${randomBytes(4).toString('hex')}}`;
  const config = parseConfig({
    redisUrl: context.redisUrl,
    prefix,
    logLevel: 'silent',
    providerOrder: ['first', 'second'],
    providers: { first: { url: remote.url }, second: { url: remote.url }, memory: {} },
    workerConcurrency: CONCURRENCY,
  });
  const first = fakeProvider('first');
  const second = fakeProvider('second');
  // A provider that answers from memory: the pipeline's own cost, with no HTTP in it.
  const memory = {
    ...fakeProvider('memory'),
    search: async () => ({
      results: [{ title: 'memory', url: 'https://example.com/', snippet: '' }],
      ignored: [],
    }),
  };
  const system = createQueueSystem(config, { providers: [first, second, memory] });
  const connection = redisOptionsFromUrl(context.redisUrl) as ConnectionOptions;
  const bare = {
    queue: new Queue('bare', {
      connection,
      prefix,
      defaultJobOptions: { removeOnComplete: 1_000, removeOnFail: 1_000 },
    }),
    events: new QueueEvents('bare', { connection, prefix }),
    worker: new Worker('bare', async () => ({}), { connection, prefix, concurrency: CONCURRENCY }),
  };
  // waitUntilFinished adds a 'closing' listener per waiting job.
  bare.queue.setMaxListeners(0);
  const results: Record<string, number | string> = {};
  try {
    await startWorkers(system, { processors: { search: processSearchJob } });
    await Promise.all([bare.events.waitUntilReady(), bare.worker.waitUntilReady()]);
    const query = plainQuery('benchmark');
    const search = () => searchThroughQueues(system, query);
    const bareCall = async () => {
      const job = await bare.queue.add('empty', {});
      return job.waitUntilFinished(bare.events);
    };
    const direct = () =>
      first.search(query, { url: remote.url, fetch: providerFetch, timeoutMs: config.providerTimeoutMs });

    // 1. Round trips, interleaved in a shuffled order so drift and ordering on a shared machine touch all alike.
    context.log('  round trips');
    const inMemory = () => searchThroughQueues(system, query, { provider: 'memory' });
    const roundTripCalls = { search, bare: bareCall, direct, inMemory };
    for (let index = 0; index < WARMUP; index++)
      for (const call of Object.values(roundTripCalls)) await call();
    const times = await interleaved(roundTripCalls, ROUNDTRIPS);
    const roundtripP50 = percentile(times.search, 0.5);
    const directP50 = percentile(times.direct, 0.5);
    const bareP50 = percentile(times.bare, 0.5);
    Object.assign(results, {
      roundtrip_p50_ms: round(roundtripP50),
      roundtrip_p99_ms: round(percentile(times.search, 0.99)),
      direct_p50_ms: round(directP50),
      direct_p99_ms: round(percentile(times.direct, 0.99)),
      bare_bullmq_p50_ms: round(bareP50),
      bare_bullmq_p99_ms: round(percentile(times.bare, 0.99)),
      // What the queue adds over asking the provider directly, and how that compares with bare BullMQ.
      roundtrip_overhead_p50_ms: round(roundtripP50 - directP50),
      roundtrip_vs_bare: round(roundtripP50 / bareP50, 2),
      overhead_vs_bare: round((roundtripP50 - directP50) / bareP50, 2),
      // The same search through the queues with a provider that answers in memory (no HTTP at all).
      memory_provider_p50_ms: round(percentile(times.inMemory, 0.5)),
    });

    // 2. Throughput at concurrency 50, in alternating rounds so a busy spell on the machine hits all alike.
    context.log('  throughput');
    const seconds = { bare: 0, search: 0, inMemory: 0 };
    const throughputCalls = { bare: bareCall, search, inMemory };
    for (let round = 0; round < THROUGHPUT_ROUNDS; round++) {
      for (const [name, call] of Object.entries(throughputCalls)) {
        seconds[name as keyof typeof seconds] +=
          THROUGHPUT_CALLS / (await closedLoop(THROUGHPUT_CALLS, CONCURRENCY, call));
      }
    }
    const rate = (name: keyof typeof seconds) => (THROUGHPUT_CALLS * THROUGHPUT_ROUNDS) / seconds[name];
    Object.assign(results, {
      throughput_jobs_s: Math.round(rate('search')),
      bare_bullmq_jobs_s: Math.round(rate('bare')),
      throughput_vs_bare: round(rate('search') / rate('bare'), 2),
      memory_provider_jobs_s: Math.round(rate('inMemory')),
      memory_provider_vs_bare: round(rate('inMemory') / rate('bare'), 2),
      concurrency: CONCURRENCY,
    });

    // 3. The first provider rests: the chain passes it over at once; compare with asking the second alone.
    context.log('  resting fallback');
    await restStateOf(system).set('first', {
      kind: 'limit',
      reason: 'benchmark: resting on purpose',
      until: Date.now() + 3_600_000,
    });
    const askSecond = () => searchThroughQueues(system, query, { provider: 'second' });
    for (let index = 0; index < WARMUP; index++) await Promise.all([search(), askSecond()]);
    const fallbackTimes: number[] = [];
    const secondTimes: number[] = [];
    for (let index = 0; index < ROUNDTRIPS; index++) {
      fallbackTimes.push(await timed(search));
      secondTimes.push(await timed(askSecond));
    }
    const fallbackP50 = percentile(fallbackTimes, 0.5);
    const secondP50 = percentile(secondTimes, 0.5);
    Object.assign(results, {
      resting_fallback_p50_ms: round(fallbackP50),
      second_direct_p50_ms: round(secondP50),
      resting_fallback_added_ms: round(fallbackP50 - secondP50),
    });

    // 4. Two worker processes, cap 3.
    context.log('  cap across two worker processes');
    results.max_in_flight = await capAcrossProcesses(context, fake, prefix);
    results.cap = CAP;
  } finally {
    await Promise.all([bare.worker.close(), bare.events.close(), bare.queue.close()]);
    await system.close();
    await fake.close();
    remote.stop();
    await removePrefix(prefix);
  }
  return results;
}

/** Runs each call `count` times, in a fresh random order each round; returns the times per call. */
async function interleaved<Name extends string>(
  calls: Record<Name, () => Promise<unknown>>,
  count: number,
): Promise<Record<Name, number[]>> {
  const names = Object.keys(calls) as Name[];
  const times = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<Name, number[]>;
  for (let index = 0; index < count; index++) {
    const order = [...names].sort(() => Math.random() - 0.5);
    for (const name of order) times[name].push(await timed(calls[name]));
  }
  return times;
}

async function capAcrossProcesses(
  context: BenchContext,
  fake: Awaited<ReturnType<typeof startFakeSearchServer>>,
  prefix: string,
): Promise<number> {
  const specs = [{ id: 'capped', concurrency: CAP }];
  const environment = {
    REDIS_URL: context.redisUrl,
    QUARRY_PREFIX: prefix,
    QUARRY_SETTINGS: 'none',
    QUARRY_DATA_DIR: mkdtempSync(join(tmpdir(), 'quarry-bench-')),
    QUARRY_EMBEDDED_REDIS: 'false',
    // Two jobs at once per process: reaching the cap of 3 takes both processes, so only the global
    // cap (not either process's own limit) can hold them to 3 together.
    QUARRY_WORKER_CONCURRENCY: '2',
    QUARRY_CAPPED_URL: fake.url,
    FAKE_PROVIDERS: JSON.stringify(specs),
  };
  const processes = await Promise.all([startWorkerProcess(environment), startWorkerProcess(environment)]);
  const caller: QueueSystem = createQueueSystem(
    parseConfig({
      redisUrl: context.redisUrl,
      prefix,
      logLevel: 'silent',
      providerOrder: ['capped'],
      queueWaitMs: 60_000,
    }),
    { providers: [fakeProvider('capped', { concurrency: CAP, rate: { max: 100_000, perMs: 1_000 } })] },
  );
  try {
    fake.reset();
    fake.behave('/capped', { delayMs: CAPPED_DELAY_MS });
    await closedLoop(CAPPED_CALLS, CONCURRENCY, (index) =>
      searchThroughQueues(caller, plainQuery(`capped ${index}`)),
    );
    if (fake.workersSeen.size < 2)
      context.log(`  note: only ${fake.workersSeen.size} worker process took capped jobs`);
    return fake.maxInFlight;
  } finally {
    await caller.close();
    await Promise.all(processes.map(stopWorkerProcess));
  }
}

export const pipelineSection: BenchSection = { name: 'pipeline', run };
