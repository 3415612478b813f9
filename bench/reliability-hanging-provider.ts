// Scenario 3, providers that misbehave: one that accepts the connection and never answers, one that
// answers long after the provider timeout, one whose body never ends. Every call must move on to the
// next provider at the timeout (or, for the endless body, at the answer limit), and afterwards no
// worker slot (active job) and no socket (at the misbehaving servers, or in this process) may be
// left held. The first provider is a real one (SearXNG's code, through the shared request helper)
// pointed at a misbehaving server; the second is the loopback fake that answers at once. The three
// misbehaviours each have their own queues, workers and server.
import { randomBytes } from 'node:crypto';
import { parseConfig } from '../src/config.ts';
import { searxng } from '../src/providers/searxng.ts';
import { restStateOf } from '../src/queue/rest-state.ts';
import { searchQueueName } from '../src/queue/names.ts';
import { searchThroughQueues } from '../src/queue/search.ts';
import { createQueueSystem, type QueueSystem } from '../src/queue/system.ts';
import { processSearchJob } from '../src/workers/search-processor.ts';
import { startWorkers, type RunningWorkers } from '../src/workers/start-workers.ts';
import { fakeProvider, plainQuery, startFakeSearchServer } from '../test/queue/fake-provider.ts';
import { removePrefix } from '../test/queue/helpers.ts';
import {
  startMisbehavingServer,
  type MisbehavingServer,
  type Misbehaviour,
} from './misbehaving-provider-server.ts';
import { percentile, round } from './pipeline-stats.ts';
import type { ReliabilityScenario, ScenarioContext, ScenarioFigures } from './reliability-scenario.ts';

export interface HangingProviderSizes {
  /** Calls at once per round, and rounds per misbehaviour. */
  calls: number;
  rounds: number;
  providerTimeoutMs: number;
  /** The endless body's timeout: long enough for the answer limit (MAX_ANSWER_BYTES) to come first. */
  endlessTimeoutMs: number;
  /**
   * The three misbehaviours at the same time (quick) or one after another (the bench: reading 50
   * endless bodies at once starves this process's event loop, which would delay the other two).
   */
  sideBySide: boolean;
}

const BENCH_SIZES: HangingProviderSizes = {
  calls: 50,
  rounds: 3,
  providerTimeoutMs: 2_000,
  endlessTimeoutMs: 15_000,
  sideBySide: false,
};
const MODES: Misbehaviour[] = ['hang', 'slow', 'endless'];
/**
 * How long sockets and jobs get to be let go after the calls end, before what is left counts as held:
 * past undici's keep-alive timeout (4 s), after which it closes the idle connections it opened.
 */
const SETTLE_MS = 6_000;
const MEGABYTE = 1024 * 1024;

/** Sockets this process holds (Redis, HTTP clients and servers): counted before and after. */
function processSockets(): number {
  return process.getActiveResourcesInfo().filter((name) => name === 'TCPSocketWrap').length;
}

/** The JavaScript heap and the buffers outside it (where an HTTP body's chunks sit). */
function heldMemory(): number {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
}

async function settle(check: () => Promise<boolean> | boolean): Promise<void> {
  const started = Date.now();
  while (!(await check()) && Date.now() - started < SETTLE_MS)
    await new Promise((resolve) => setTimeout(resolve, 50));
}

interface Setup {
  mode: Misbehaviour;
  bad: MisbehavingServer;
  system: QueueSystem;
  workers: RunningWorkers;
  prefix: string;
}

async function setUp(
  mode: Misbehaviour,
  context: ScenarioContext,
  sizes: HangingProviderSizes,
  goodUrl: string,
): Promise<Setup> {
  const timeoutMs = mode === 'endless' ? sizes.endlessTimeoutMs : sizes.providerTimeoutMs;
  const bad = await startMisbehavingServer(mode, timeoutMs * 3);
  const prefix = `{rel-hang-${randomBytes(4).toString('hex')}}`;
  const config = parseConfig({
    redisUrl: context.redisUrl,
    prefix,
    logLevel: 'silent',
    providerOrder: ['searxng', 'good'],
    providers: { searxng: { url: bad.url, enabled: true }, good: { url: goodUrl } },
    providerTimeoutMs: timeoutMs,
    workerConcurrency: sizes.calls,
  });
  const system = createQueueSystem(config, {
    providers: [
      { ...searxng, limits: { concurrency: sizes.calls, rate: { max: 100_000, perMs: 1_000 } } },
      fakeProvider('good'),
    ],
  });
  const workers = await startWorkers(system, { processors: { search: processSearchJob } });
  return { mode, bad, system, workers, prefix };
}

/** `calls` searches at once through the chain; what each ended with. */
async function roundOfCalls(setup: Setup, calls: number, label: string) {
  // A failed provider rests (rightly); clear it so every call of the round meets the misbehaviour.
  await restStateOf(setup.system).clear('searxng');
  return Promise.all(
    Array.from({ length: calls }, async (_, index) => {
      const started = performance.now();
      try {
        const answer = await searchThroughQueues(setup.system, plainQuery(`${label} ${index}`));
        return {
          ms: performance.now() - started,
          provider: answer.provider,
          reason: answer.skipped[0]?.reason,
        };
      } catch (error) {
        const failure = error instanceof Error ? error.message : String(error);
        return { ms: performance.now() - started, failure };
      }
    }),
  );
}

export async function runHangingProvider(
  context: ScenarioContext,
  sizes: HangingProviderSizes = BENCH_SIZES,
): Promise<ScenarioFigures> {
  const good = await startFakeSearchServer();
  const setups = await Promise.all(MODES.map((mode) => setUp(mode, context, sizes, good.url)));
  const figures: ScenarioFigures = {
    calls_per_mode: sizes.calls * sizes.rounds,
    provider_timeout_ms: sizes.providerTimeoutMs,
    endless_timeout_ms: sizes.endlessTimeoutMs,
  };
  try {
    // Warm-up: as many calls at once straight to the good provider (its connections), then one call
    // through the whole chain (the connections a first call opens once: rest state, waiters, workers).
    await Promise.all(
      setups.map(async (setup) => {
        await Promise.all(
          Array.from({ length: sizes.calls }, () =>
            searchThroughQueues(setup.system, plainQuery('warm up'), { provider: 'good' }),
          ),
        );
        await roundOfCalls(setup, 1, 'warm up');
      }),
    );
    await settle(() => setups.every((setup) => setup.bad.openSockets === 0));
    const socketsBefore = processSockets();
    const memoryBefore = heldMemory();
    let memoryPeak = memoryBefore;
    const sampler = setInterval(() => (memoryPeak = Math.max(memoryPeak, heldMemory())), 20);
    const runMode = async (setup: Setup) => {
      const all = [];
      for (let round = 0; round < sizes.rounds; round++) {
        context.log(`  ${setup.mode} round ${round + 1}/${sizes.rounds}`);
        all.push(...(await roundOfCalls(setup, sizes.calls, `${setup.mode} ${round}`)));
      }
      return all;
    };
    const outcomes: Array<Awaited<ReturnType<typeof runMode>>> = [];
    if (sizes.sideBySide) outcomes.push(...(await Promise.all(setups.map(runMode))));
    else for (const setup of setups) outcomes.push(await runMode(setup));
    clearInterval(sampler);
    await settle(async () => {
      for (const setup of setups) {
        if (setup.bad.openSockets > 0) return false;
        if ((await setup.system.queue(searchQueueName('searxng')).getActiveCount()) > 0) return false;
      }
      return processSockets() <= socketsBefore;
    });
    for (const [index, setup] of setups.entries()) {
      const { mode } = setup;
      const results = outcomes[index]!;
      const failure = results.find((result) => result.failure)?.failure;
      const reason = results.find((result) => result.reason)?.reason;
      Object.assign(figures, {
        [`${mode}_moved_on`]: results.filter((result) => result.provider === 'good').length,
        [`${mode}_failed`]: results.filter((result) => result.failure).length,
        [`${mode}_p50_ms`]: round(
          percentile(
            results.map((result) => result.ms),
            0.5,
          ),
          1,
        ),
        [`${mode}_max_ms`]: round(Math.max(...results.map((result) => result.ms)), 1),
        [`${mode}_server_connections`]: setup.bad.connections,
        [`${mode}_server_sockets_left`]: setup.bad.openSockets,
        [`${mode}_active_jobs_left`]: await setup.system.queue(searchQueueName('searxng')).getActiveCount(),
      });
      if (failure) figures[`${mode}_first_failure`] = failure;
      if (reason) figures[`${mode}_reason`] = reason;
    }
    const endless = setups.find((setup) => setup.mode === 'endless');
    if (endless) figures.endless_bytes_sent_mb = round(endless.bad.bytesSent / MEGABYTE, 1);
    figures.process_sockets_added = Math.max(0, processSockets() - socketsBefore);
    figures.memory_peak_growth_mb = round((memoryPeak - memoryBefore) / MEGABYTE, 1);
    return figures;
  } finally {
    for (const setup of setups) {
      await setup.workers.close({ graceMs: 1_000 });
      await setup.system.close();
      await setup.bad.close();
      await removePrefix(setup.prefix);
    }
    await good.close();
  }
}

export const hangingProviderScenario: ReliabilityScenario = {
  name: 'hanging-provider',
  promise:
    'A provider that hangs, answers too late or never ends its body is left at the provider timeout (or the answer limit) for the next one; no worker slot and no socket stays held.',
  run: (context) => runHangingProvider(context),
};
