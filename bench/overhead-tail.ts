// Where the overhead bench's slowest calls spend their time (scenario 7, bench/reliability-overhead.ts):
// the same setup (Quarry's queues and bare BullMQ with the same provider call, same worker concurrency,
// fake provider in its own process), each call given its own query text so its job's timestamps and
// its provider call can be found; for the slowest 1% and for the median call of each way, the time
// from the call to the job's add, waiting, before the provider call, in it, after it until the job is
// finished, and from finished to the caller told; plus event-loop delay and GC pauses per way.
// `npx tsx bench/overhead-tail.ts` (JSON out). Experiments, by environment variable: TAIL_NO_LIMITS=
// concurrency,max,duration drops those fields of Quarry's queue meta (its global cap and rate limit);
// TAIL_HEAP=quarry|bare runs 3,000 calls of that way under V8's sampling heap profiler and prints the
// bytes allocated per call by site (TAIL_DEPTH frames, TAIL_TOP sites) instead.
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import type { Job } from 'bullmq';
import type { SearchQuery } from '../src/providers/types.ts';
import { searchThroughQueues } from '../src/queue/search.ts';
import { createQueueSystem } from '../src/queue/system.ts';
import { processSearchJob } from '../src/workers/search-processor.ts';
import { startWorkers } from '../src/workers/start-workers.ts';
import { plainQuery } from '../test/queue/fake-provider.ts';
import { removePrefix } from '../test/queue/helpers.ts';
import { startFakeProviderProcess } from './fake-provider-process.ts';
import { overheadQuarry, startBareBullmq } from './overhead-sides.ts';
import { percentile, round } from './pipeline-stats.ts';

const CALLS = Number(process.env.TAIL_CALLS ?? 3_000);
const ROUNDS = Number(process.env.TAIL_ROUNDS ?? 4);
const CONCURRENCY = 50;
const redisUrl = process.env.QUARRY_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A node of V8's sampling heap profile. */
interface HeapNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: HeapNode[];
}

interface Call {
  start: number;
  end: number;
  added?: number;
  processed?: number;
  finished?: number;
  providerStart?: number;
  providerEnd?: number;
}

const remote = await startFakeProviderProcess();
const prefix = `{overhead-tail-${randomBytes(4).toString('hex')}}`;
const { config, provider, providerContext } = overheadQuarry({
  redisUrl,
  prefix,
  url: remote.url,
  concurrency: CONCURRENCY,
});
// Both sides call the same provider object: its calls are timed here, by query text.
const calls = new Map<string, Call>();
const search = provider.search.bind(provider);
provider.search = async (query, context) => {
  const call = calls.get(query.text);
  if (call) call.providerStart = performance.timeOrigin + performance.now();
  try {
    return await search(query, context);
  } finally {
    if (call) call.providerEnd = performance.timeOrigin + performance.now();
  }
};
const system = createQueueSystem(config, { providers: [provider] });
const bare = await startBareBullmq(config, provider, providerContext, CONCURRENCY);
const workers = await startWorkers(system, { processors: { search: processSearchJob } });
if (process.env.TAIL_NO_LIMITS) {
  await system.connection.hdel(`${prefix}:search.fake:meta`, ...process.env.TAIL_NO_LIMITS.split(','));
  console.error('meta now', await system.connection.hgetall(`${prefix}:search.fake:meta`));
}
const onCompleted = (job: Job) => {
  const q = (job.data as { query?: SearchQuery }).query?.text;
  const call = q ? calls.get(q) : undefined;
  if (!call) return;
  call.added = job.timestamp;
  call.processed = job.processedOn;
  call.finished = job.finishedOn;
};
bare.worker.on('completed', onCompleted);
for (const worker of workers.workers) worker.on('completed', onCompleted);

let serial = 0;
const ways = {
  quarry: (query: SearchQuery) => searchThroughQueues(system, query),
  bare: (query: SearchQuery) => bare.search(query),
};
type Way = keyof typeof ways;
const results: Record<Way, Call[]> = { quarry: [], bare: [] };
const loop: Record<Way, { maxMs: number; meanMs: number; p99Ms: number }[]> = { quarry: [], bare: [] };
const gc: Record<Way, number[]> = { quarry: [], bare: [] };
/** Pauses by kind (1 minor/scavenge, 4 major/mark-compact, 8 incremental marking, 16 weak callbacks). */
const gcKinds: Record<Way, Record<string, { count: number; ms: number }>> = { quarry: {}, bare: {} };
let currentWay: Way | undefined;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (!currentWay) continue;
    gc[currentWay].push(entry.duration);
    const kind = String((entry as { detail?: { kind?: number } }).detail?.kind);
    const kinds = gcKinds[currentWay];
    kinds[kind] ??= { count: 0, ms: 0 };
    kinds[kind].count += 1;
    kinds[kind].ms = round(kinds[kind].ms + entry.duration);
  }
}).observe({ entryTypes: ['gc'] });

async function runWay(way: Way, total: number, keep: boolean): Promise<void> {
  let next = 0;
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  currentWay = keep ? way : undefined;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < total) {
        next += 1;
        const q = `tail ${way} ${serial++}`;
        const call: Call = { start: performance.timeOrigin + performance.now(), end: 0 };
        calls.set(q, call);
        await ways[way](plainQuery(q));
        call.end = performance.timeOrigin + performance.now();
        if (keep) results[way].push(call);
      }
    }),
  );
  delay.disable();
  currentWay = undefined;
  if (keep)
    loop[way].push({
      maxMs: round(delay.max / 1e6),
      meanMs: round(delay.mean / 1e6),
      p99Ms: round(delay.percentile(99) / 1e6),
    });
  calls.clear();
}

try {
  for (const way of Object.keys(ways) as Way[]) await runWay(way, 300, false);
  if (process.env.TAIL_HEAP) {
    const { Session } = await import('node:inspector/promises');
    const session = new Session();
    session.connect();
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: 1024,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    await runWay(process.env.TAIL_HEAP as Way, 3000, false);
    const { profile } = (await session.post('HeapProfiler.stopSampling')) as { profile: { head: HeapNode } };
    const bySite = new Map<string, number>();
    const walk = (node: HeapNode, stack: string[]) => {
      const frame = node.callFrame;
      const here = `${frame.functionName || '(anon)'} ${String(frame.url).split('/').slice(-2).join('/')}:${frame.lineNumber}`;
      const site = process.env.TAIL_DEPTH
        ? [here, ...stack].slice(0, Number(process.env.TAIL_DEPTH)).join(' < ')
        : [here, ...stack].slice(0, 3).join(' < ');
      if (node.selfSize) bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize);
      for (const child of node.children) walk(child, [here, ...stack]);
    };
    walk(profile.head, []);
    const total = [...bySite.values()].reduce((a, b) => a + b, 0);
    console.error('sampled bytes per call', Math.round(total / 3000));
    for (const [site, bytes] of [...bySite]
      .sort((a, b) => b[1] - a[1])
      .slice(0, Number(process.env.TAIL_TOP ?? 40)))
      console.error(Math.round(bytes / 3000), site);
    remote.stop();
    process.exit(0);
  }
  for (let r = 0; r < ROUNDS; r++) {
    const order = (Object.keys(ways) as Way[]).sort(() => Math.random() - 0.5);
    for (const way of order) await runWay(way, CALLS / ROUNDS, true);
  }
  const out: Record<string, unknown> = { load_average: round(loadavg()[0]!, 2) };
  for (const way of Object.keys(ways) as Way[]) {
    const all = results[way];
    const latency = (call: Call) => call.end - call.start;
    const sorted = [...all].sort((a, b) => latency(a) - latency(b));
    const stages = (group: Call[]) => {
      const mean = (f: (c: Call) => number) =>
        round(group.reduce((sum, call) => sum + f(call), 0) / group.length);
      return {
        calls: group.length,
        total: mean(latency),
        toAdded: mean((c) => (c.added ?? c.start) - c.start),
        waiting: mean((c) => (c.processed ?? 0) - (c.added ?? 0)),
        beforeProvider: mean((c) => (c.providerStart ?? 0) - (c.processed ?? 0)),
        provider: mean((c) => (c.providerEnd ?? 0) - (c.providerStart ?? 0)),
        afterProvider: mean((c) => (c.finished ?? 0) - (c.providerEnd ?? 0)),
        toCaller: mean((c) => c.end - (c.finished ?? 0)),
      };
    };
    const tail = sorted.slice(Math.floor(sorted.length * 0.99));
    const middle = sorted.slice(Math.floor(sorted.length * 0.45), Math.floor(sorted.length * 0.55));
    const pauses = gc[way];
    out[way] = {
      p50: round(percentile(all.map(latency), 0.5)),
      p99: round(percentile(all.map(latency), 0.99)),
      median10pct: stages(middle),
      slowest1pct: stages(tail),
      loop: loop[way],
      gc: {
        count: pauses.length,
        totalMs: round(pauses.reduce((a, b) => a + b, 0)),
        maxMs: round(Math.max(0, ...pauses)),
        byKind: gcKinds[way],
      },
    };
  }
  console.log(JSON.stringify(out, null, 1));
} finally {
  await workers.close({ graceMs: 1_000 });
  await bare.close();
  await system.close();
  remote.stop();
  await removePrefix(prefix);
}
