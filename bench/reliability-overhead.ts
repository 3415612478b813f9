// Scenario 7, the pipeline's overhead measured honestly: one search through Quarry's queues against
// bare BullMQ whose processor makes the same loopback HTTP call (the same provider code, the same
// fetch, the same fake provider in its own process), and against calling the provider directly.
// All three run at the same concurrency, in alternating rounds so a busy spell on a shared machine
// touches them alike; each call's latency is kept for p50/p99 and each round's rate for throughput.
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { searchThroughQueues } from '../src/queue/search.ts';
import { createQueueSystem } from '../src/queue/system.ts';
import { processSearchJob } from '../src/workers/search-processor.ts';
import { startWorkers } from '../src/workers/start-workers.ts';
import { plainQuery } from '../test/queue/fake-provider.ts';
import { removePrefix } from '../test/queue/helpers.ts';
import { startFakeProviderProcess } from './fake-provider-process.ts';
import { overheadQuarry, startBareBullmq } from './overhead-sides.ts';
import { percentile, round } from './pipeline-stats.ts';
import type { ReliabilityScenario, ScenarioContext, ScenarioFigures } from './reliability-scenario.ts';

export interface OverheadSizes {
  /** Calls per round and per way of calling. */
  callsPerRound: number;
  rounds: number;
  /** Callers at once, and worker slots for both queues. */
  concurrency: number;
  /** Calls per way before measuring (connections opened, code warmed). */
  warmup: number;
}

/**
 * Many short rounds rather than a few long ones: on a shared machine the load swings within seconds,
 * and a way that happened to run through a busy spell would carry it alone.
 */
const BENCH_SIZES: OverheadSizes = { callsPerRound: 500, rounds: 9, concurrency: 50, warmup: 300 };
/** The target: Quarry's round trip within this factor of bare BullMQ's doing the same call. */
export const OVERHEAD_TARGET = 1.3;

interface Measured {
  latencies: number[];
  /** Each round's p99 (ms), in round order: the ways' rounds pair up. */
  roundP99s: number[];
  seconds: number;
  calls: number;
  errors: number;
  firstError?: string;
}

/** Runs `total` calls with `concurrency` callers in a closed loop, keeping each call's latency. */
async function closedLoopTimed(
  total: number,
  concurrency: number,
  call: () => Promise<unknown>,
  into: Measured,
): Promise<void> {
  let next = 0;
  const first = into.latencies.length;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const callStarted = performance.now();
        try {
          await call();
        } catch (error) {
          into.errors += 1;
          into.firstError ??= error instanceof Error ? error.message : String(error);
        }
        into.latencies.push(performance.now() - callStarted);
      }
    }),
  );
  into.seconds += (performance.now() - started) / 1_000;
  into.calls += total;
  into.roundP99s.push(percentile(into.latencies.slice(first), 0.99));
}

/**
 * A uniformly random order (Fisher–Yates). Sorting by a random comparator is not: V8's sort then gave
 * some orders far more often than others (direct, bare, Quarry in over half the rounds).
 */
function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  for (let index = out.length - 1; index > 0; index--) {
    const other = Math.floor(Math.random() * (index + 1));
    [out[index], out[other]] = [out[other]!, out[index]!];
  }
  return out;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export async function runOverhead(
  context: ScenarioContext,
  sizes: OverheadSizes = BENCH_SIZES,
): Promise<ScenarioFigures> {
  const loadAtStart = loadavg()[0]!;
  const remote = await startFakeProviderProcess();
  const prefix = `{rel-overhead-${randomBytes(4).toString('hex')}}`;
  const { config, provider, providerContext } = overheadQuarry({
    redisUrl: context.redisUrl,
    prefix,
    url: remote.url,
    concurrency: sizes.concurrency,
  });
  const system = createQueueSystem(config, { providers: [provider] });
  const bare = await startBareBullmq(config, provider, providerContext, sizes.concurrency);
  const workers = await startWorkers(system, { processors: { search: processSearchJob } });
  try {
    const query = plainQuery('overhead');
    const calls = {
      quarry: () => searchThroughQueues(system, query),
      bare: () => bare.search(query),
      direct: () => provider.search(query, providerContext),
    };
    type Way = keyof typeof calls;
    const measured = Object.fromEntries(
      Object.keys(calls).map((way) => [
        way,
        { latencies: [] as number[], roundP99s: [] as number[], seconds: 0, calls: 0, errors: 0 },
      ]),
    ) as Record<Way, Measured>;
    for (const call of Object.values(calls)) {
      const discard: Measured = { latencies: [], roundP99s: [], seconds: 0, calls: 0, errors: 0 };
      await closedLoopTimed(sizes.warmup, sizes.concurrency, call, discard);
    }
    /** Each round's order, by initial (q quarry, b bare, d direct): whether a spike follows a way. */
    const orders: string[] = [];
    for (let round = 0; round < sizes.rounds; round++) {
      context.log(`  overhead round ${round + 1}/${sizes.rounds}`);
      // Each round in a fresh order, so no way always runs right after another.
      const order = shuffled(Object.keys(calls) as Way[]);
      orders.push(order.map((way) => way[0]).join(''));
      for (const way of order)
        await closedLoopTimed(sizes.callsPerRound, sizes.concurrency, calls[way], measured[way]);
    }
    const figures: ScenarioFigures = {
      // The 1-minute load average when the scenario started and when it ended (the machine is shared).
      load_average_start: round(loadAtStart, 2),
      load_average_end: round(loadavg()[0]!, 2),
      concurrency: sizes.concurrency,
      calls_per_way: sizes.callsPerRound * sizes.rounds,
      round_orders: orders.join(' '),
    };
    for (const [way, result] of Object.entries(measured) as Array<[Way, Measured]>) {
      figures[`${way}_p50_ms`] = round(percentile(result.latencies, 0.5));
      figures[`${way}_p99_ms`] = round(percentile(result.latencies, 0.99));
      figures[`${way}_calls_s`] = Math.round(result.calls / result.seconds);
      // Each round's own p99, in round order (a string: the figures are flat values).
      figures[`${way}_round_p99_ms`] = result.roundP99s.map((p99) => round(p99, 1)).join(' ');
      figures[`${way}_errors`] = result.errors;
      if (result.firstError) figures[`${way}_first_error`] = result.firstError;
    }
    const ratio = (name: string) =>
      round((figures[`quarry_${name}`] as number) / (figures[`bare_${name}`] as number), 2);
    figures.p50_vs_bare = ratio('p50_ms');
    figures.p99_vs_bare = ratio('p99_ms');
    // The pooled p99 is the slowest 1% of all rounds together, so one busy spell of the shared machine
    // in one way's round moves it alone; the median over rounds of each round's own p99 ratio (the two
    // ways' rounds of the same round, a few seconds apart) is the steadier figure of the two.
    figures.p99_vs_bare_round_median = round(
      median(measured.quarry.roundP99s.map((p99, index) => p99 / measured.bare.roundP99s[index]!)),
      2,
    );
    // Throughput the other way round, so every ratio reads "how many times bare BullMQ's cost".
    figures.throughput_bare_vs_quarry = round(
      (figures.bare_calls_s as number) / (figures.quarry_calls_s as number),
      2,
    );
    figures.target = OVERHEAD_TARGET;
    figures.within_target =
      (figures.p50_vs_bare as number) <= OVERHEAD_TARGET &&
      (figures.throughput_bare_vs_quarry as number) <= OVERHEAD_TARGET;
    return figures;
  } finally {
    await workers.close({ graceMs: 1_000 });
    await bare.close();
    await system.close();
    remote.stop();
    await removePrefix(prefix);
  }
}

export const overheadScenario: ReliabilityScenario = {
  name: 'overhead',
  promise: `A search through the queues costs within ${OVERHEAD_TARGET}× of bare BullMQ making the same provider call (p50 and throughput at concurrency 50).`,
  run: (context) => runOverhead(context),
};
