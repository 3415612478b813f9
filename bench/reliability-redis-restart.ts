// Scenario 2, Redis restarts: a Redis of the scenario's own (append-only file on, its own port and
// folder) is stopped and started again while callers search through a worker process. No process may
// crash or hang; a call in flight completes or fails with a message that says Redis was unreachable;
// the time until searches answer again is measured; and the state Quarry keeps in Redis (run
// budgets, provider credits, MCP tokens, provider rest, live settings, run records) is all there after.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig, readConfigSources } from '../src/config.ts';
import { issueToken, tokenStoreFor } from '../src/mcp/issue-token.ts';
import { chargeRun, runBudget, setRunBudget } from '../src/queue/budgets.ts';
import { chargeCredits, creditsUsed } from '../src/queue/credits.ts';
import { restStateOf } from '../src/queue/rest-state.ts';
import { searchThroughQueues } from '../src/queue/search.ts';
import { createQueueSystem } from '../src/queue/system.ts';
import { createRun, getRun } from '../src/research/run-store.ts';
import { SettingsStore } from '../src/settings/settings-store.ts';
import { fakeProvider, plainQuery, startFakeSearchServer } from '../test/queue/fake-provider.ts';
import { startWorkerProcess, stopWorkerProcess } from '../test/workers/processes.ts';
import { round } from './pipeline-stats.ts';
import type { ReliabilityScenario, ScenarioContext, ScenarioFigures } from './reliability-scenario.ts';

export interface RedisRestartSizes {
  callers: number;
  /** Load before the stop, Redis down, and load after the start. */
  beforeMs: number;
  downMs: number;
  afterMs: number;
}

const BENCH_SIZES: RedisRestartSizes = { callers: 20, beforeMs: 10_000, downMs: 5_000, afterMs: 20_000 };
/** A call with no answer after this long hangs (the tool's own limit below is 10 s). */
const HUNG_AFTER_MS = 30_000;
const TOOL_TIMEOUT_MS = 10_000;
/** What an error must say for a caller to know Redis was the trouble. */
const SAYS_REDIS = /redis/i;

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startRedis(
  port: number,
  dir: string,
  options: { appendOnly?: boolean } = {},
): Promise<ChildProcess> {
  const appendOnly = (options.appendOnly ?? true) ? 'yes' : 'no';
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--appendonly', appendOnly, '--dir', dir, '--save', ''],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) =>
      reject(new Error(`redis-server exited (${code}) before it was ready: ${output}`)),
    );
  });
  return child;
}

export async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

interface CallRecord {
  startedAt: number;
  endedAt: number;
  outcome: 'answered' | 'failed' | 'hung';
  message?: string;
}

export async function runRedisRestart(
  context: ScenarioContext,
  sizes: RedisRestartSizes = BENCH_SIZES,
): Promise<ScenarioFigures> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'quarry-reliability-redis-'));
  const redisUrl = `redis://127.0.0.1:${port}`;
  let redis = await startRedis(port, dir);
  const fake = await startFakeSearchServer();
  const prefix = '{rel-redis}';
  const environment = {
    REDIS_URL: redisUrl,
    QUARRY_PREFIX: prefix,
    QUARRY_SETTINGS: 'none',
    QUARRY_DATA_DIR: dir,
    QUARRY_EMBEDDED_REDIS: 'false',
    QUARRY_PROVIDERS: 'alpha',
    QUARRY_ALPHA_URL: fake.url,
    FAKE_PROVIDERS: JSON.stringify([{ id: 'alpha' }, { id: 'beta' }]),
  };
  const config = parseConfig({
    redisUrl,
    prefix,
    logLevel: 'silent',
    providerOrder: ['alpha'],
    providers: { alpha: { url: fake.url, creditsPerDay: 1_000_000 }, beta: { url: fake.url } },
    queueWaitMs: 3_000,
    toolTimeoutMs: TOOL_TIMEOUT_MS,
  });
  const system = createQueueSystem(config, { providers: [fakeProvider('alpha'), fakeProvider('beta')] });
  const sources = readConfigSources(
    { ...environment, QUARRY_PROVIDERS: '' },
    { providerIds: ['alpha', 'beta'] },
  );
  const worker = await startWorkerProcess(environment);
  let settings: SettingsStore | undefined;
  try {
    // The state that must outlive the restart.
    const runId = 'reliability-redis-run';
    await setRunBudget(system, runId, { searches: 1_000 });
    for (let index = 0; index < 3; index++) await chargeRun(system, runId, 'searches');
    for (let index = 0; index < 5; index++) await chargeCredits(system, 'alpha');
    const issued = await issueToken(system, { budget: 50, label: 'outlives a restart' });
    await restStateOf(system).set('beta', {
      kind: 'limit',
      reason: 'reliability: resting on purpose',
      until: Date.now() + 3_600_000,
    });
    settings = await SettingsStore.open({ sources, config: { redisUrl, prefix } });
    await settings.set('queueWaitMs', 4_321);
    const run = await createRun(system, {
      question: 'Does a run record outlive a Redis restart?',
      agent: 'openai',
      budgets: { searches: 3 },
      timeLimitSeconds: 600,
    });
    await settings.close();
    settings = undefined;

    const calls: CallRecord[] = [];
    const loadEnds = () => Date.now() >= endAt;
    let endAt = Number.POSITIVE_INFINITY;
    const callers = Array.from({ length: sizes.callers }, async (_, caller) => {
      let index = 0;
      while (!loadEnds()) {
        const startedAt = Date.now();
        let timer: NodeJS.Timeout | undefined;
        const hung = new Promise<'hung'>(
          (resolve) => (timer = setTimeout(() => resolve('hung'), HUNG_AFTER_MS)),
        );
        const result = await Promise.race([
          searchThroughQueues(system, plainQuery(`restart ${caller} ${index++}`)).then(
            () => ({ outcome: 'answered' as const }),
            (error: unknown) => ({
              outcome: 'failed' as const,
              message: error instanceof Error ? error.message : String(error),
            }),
          ),
          hung.then(() => ({ outcome: 'hung' as const })),
        ]);
        clearTimeout(timer);
        calls.push({ startedAt, endedAt: Date.now(), ...result });
        // A failing call comes back at once; pause a little so an outage is not a tight loop.
        if (result.outcome !== 'answered') await new Promise((resolve) => setTimeout(resolve, 100));
      }
    });
    await new Promise((resolve) => setTimeout(resolve, sizes.beforeMs));
    context.log('  stopping Redis');
    const stoppedAt = Date.now();
    await stopRedis(redis);
    await new Promise((resolve) => setTimeout(resolve, sizes.downMs));
    redis = await startRedis(port, dir);
    const restartedAt = Date.now();
    context.log('  Redis started again');
    endAt = restartedAt + sizes.afterMs;
    await Promise.all(callers);

    const firstAnsweredAfter = calls
      .filter((call) => call.outcome === 'answered' && call.startedAt >= restartedAt)
      .sort((a, b) => a.endedAt - b.endedAt)[0];
    const duringOutage = calls.filter((call) => call.endedAt >= stoppedAt && call.startedAt <= restartedAt);
    const failed = calls.filter((call) => call.outcome === 'failed');
    const failedSilent = failed.filter((call) => !SAYS_REDIS.test(call.message ?? ''));

    // What Redis kept.
    const budget = await runBudget(system, runId);
    const credits = await creditsUsed(system, 'alpha');
    const token = await tokenStoreFor(system).verify(issued.token);
    const rest = await restStateOf(system).get('beta');
    settings = await SettingsStore.open({ sources, config: { redisUrl, prefix } });
    const storedRun = await getRun(system, run.id);
    const figures: ScenarioFigures = {
      callers: sizes.callers,
      down_ms: sizes.downMs,
      calls: calls.length,
      answered: calls.filter((call) => call.outcome === 'answered').length,
      in_outage: duringOutage.length,
      failed_saying_redis: failed.length - failedSilent.length,
      failed_not_saying_redis: failedSilent.length,
      hung: calls.filter((call) => call.outcome === 'hung').length,
      back_after_restart_ms: firstAnsweredAfter ? firstAnsweredAfter.endedAt - restartedAt : -1,
      back_after_stop_ms: firstAnsweredAfter ? firstAnsweredAfter.endedAt - stoppedAt : -1,
      worker_alive: worker.child.exitCode === null && worker.child.signalCode === null,
      budget_kept: budget.searches.used >= 3 && budget.searches.limit === 1_000,
      credits_kept: credits.day >= 5,
      token_kept: token?.runId === issued.record.runId,
      rest_kept: rest?.reason === 'reliability: resting on purpose',
      settings_kept: settings.current().queueWaitMs === 4_321,
      run_record_kept: storedRun?.question === run.question,
    };
    if (failedSilent[0]) figures.first_failure_not_saying_redis = failedSilent[0].message!.split('\n', 1)[0]!;
    const sayingRedis = failed.find((call) => SAYS_REDIS.test(call.message ?? ''));
    if (sayingRedis) figures.first_failure_saying_redis = sayingRedis.message!.split('\n', 1)[0]!;
    figures.seconds_in_outage = round((restartedAt - stoppedAt) / 1_000, 1);
    return figures;
  } finally {
    await settings?.close();
    await stopWorkerProcess(worker);
    await system.close();
    await fake.close();
    await stopRedis(redis);
    rmSync(dir, { recursive: true, force: true });
  }
}

export const redisRestartScenario: ReliabilityScenario = {
  name: 'redis-restart',
  promise:
    'Redis stopped and started mid-load: no process crashes or hangs, calls in flight answer or say Redis was unreachable, service comes back, and budgets, credits, tokens, rest, settings and run records are kept.',
  run: (context) => runRedisRestart(context),
};
