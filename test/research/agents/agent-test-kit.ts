// What every agent-runner test needs: a real Quarry (Redis, workers, HTTP, a loopback search
// provider), a fake of the agent's model API, a proxy that records any try to reach outside, a run's
// token, folders and events, and a watch on the processes the runner starts.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { runBudget } from '../../../src/queue/budgets.ts';
import { agentSettingsOf } from '../../../src/research/agents/agent-defaults.ts';
import type { AgentEvent, AgentRunInput } from '../../../src/research/agents/agent-runner.ts';
import {
  REPO_ROOT,
  RECORDED,
  startFakeProviders,
  startQuarry,
  type FakeProviders,
  type RunningQuarry,
} from '../../mcp/quarry-harness.ts';
import { startFakeModelApis, type FakeModelApis, type ModelScript } from '../fake-model-apis.ts';
import { startOutsideTrafficRecorder, type OutsideTrafficRecorder } from '../outside-traffic-recorder.ts';
import { watchProcesses, type ProcessWatch } from '../process-watch.ts';

/** The real agent CLIs, installed by `npm test` (scripts/prepare.mjs) in their own folder. */
export const AGENTS_CLI_BIN = join(REPO_ROOT, 'test/agents-cli/node_modules/.bin');

export interface AgentWorld {
  quarry: RunningQuarry;
  providers: FakeProviders;
  outside: OutsideTrafficRecorder;
  close(): Promise<void>;
}

/** Quarry with SearXNG on a loopback fake as its only provider, and the outside-traffic recorder. */
export async function startAgentWorld(): Promise<AgentWorld> {
  const providers = await startFakeProviders({ searxng: RECORDED.searxng() });
  const quarry = await startQuarry({
    providers: [['searxng', 'searxng']],
    fakes: providers,
    workerConcurrency: 4,
  });
  const outside = await startOutsideTrafficRecorder();
  return {
    quarry,
    providers,
    outside,
    async close() {
      await quarry.close();
      await providers.close();
      await outside.close();
    },
  };
}

export interface TestRun {
  input: AgentRunInput;
  runId: string;
  events: AgentEvent[];
  models: FakeModelApis;
  controller: AbortController;
  processes: ProcessWatch;
  /** Searches charged to the run, read from Redis. */
  searchesUsed(): Promise<number>;
  /** Provider requests that reached the loopback search provider since the run started. */
  providerSearches(): number;
  close(): Promise<void>;
}

export interface TestRunOptions {
  script?: ModelScript;
  budget?: number;
  /** A token Quarry does not know, to see the runner refuse to go on without tools. */
  badToken?: boolean;
  environment?: (models: FakeModelApis) => Record<string, string>;
  /**
   * The agent whose settings (`agents.<kind>`) the run gets, built from `environment` the way a
   * worker builds them (QUARRY_OPENAI_MODEL → agents.openai.model, ...).
   */
  agent?: string;
  options?: Record<string, unknown>;
  maxTurns?: number;
  model?: string;
  question?: string;
}

export async function prepareRun(world: AgentWorld, options: TestRunOptions = {}): Promise<TestRun> {
  const models = await startFakeModelApis(options.script);
  const { token, run_id } = await world.quarry.token({ mode: 'deep', budget: options.budget ?? 5 });
  const base = await mkdtemp(join(tmpdir(), 'quarry-agent-test-'));
  const workDir = join(base, 'work');
  const homeDir = join(base, 'home');
  await import('node:fs/promises').then(({ mkdir }) =>
    Promise.all([mkdir(workDir), mkdir(homeDir, { mode: 0o700 })]),
  );
  const events: AgentEvent[] = [];
  const controller = new AbortController();
  const providerSearchesBefore = world.providers.seen.length;
  const environment: Record<string, string | undefined> = {
    PATH: `${AGENTS_CLI_BIN}:${process.env.PATH ?? ''}`,
    // Quarry's own secrets are in its environment too: the runners must not pass them on.
    QUARRY_ADMIN_TOKEN: 'quarry-admin-secret-never-passed',
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    ...world.outside.environment,
    ...options.environment?.(models),
  };
  const settings = options.agent
    ? agentSettingsOf(loadConfig({ ...environment, QUARRY_SETTINGS: 'none' }).agents, options.agent)
    : undefined;
  const input: AgentRunInput = {
    runId: run_id!,
    question: options.question ?? "What are openclaw's latest features?",
    mcp: { url: world.quarry.mcpUrl, token: options.badToken ? 'qry_this-token-was-never-issued' : token },
    workDir,
    homeDir,
    model: options.model,
    maxTurns: options.maxTurns,
    options: options.options ?? {},
    ...(settings ? { settings } : {}),
    environment,
    signal: controller.signal,
    onEvent: (event) => events.push(event),
  };
  const processes = watchProcesses();
  return {
    input,
    runId: run_id!,
    events,
    models,
    controller,
    processes,
    async searchesUsed() {
      return (await runBudget(world.quarry.system, run_id!)).searches?.used ?? 0;
    },
    providerSearches: () =>
      world.providers.seen.slice(providerSearchesBefore).filter((request) => request.route === 'searxng')
        .length,
    async close() {
      processes.stop();
      await models.close();
      await rm(base, { recursive: true, force: true });
    },
  };
}

export interface AgentSuite {
  /** The suite's world (started before its first test). */
  readonly world: AgentWorld;
  /** A run with the suite's defaults (the runner's model API settings), `options` over them. */
  prepare(options?: TestRunOptions): Promise<TestRun>;
}

/**
 * One agent world for the tests of the describe block this is called in: started before the first,
 * the runs each test prepared closed after it, the world closed after the last.
 */
export function agentSuite(defaults: TestRunOptions = {}): AgentSuite {
  let world: AgentWorld | undefined;
  const runs: TestRun[] = [];
  beforeAll(async () => {
    world = await startAgentWorld();
  });
  afterEach(async () => {
    await Promise.all(runs.splice(0).map((run) => run.close()));
  });
  afterAll(async () => {
    await world?.close();
  });
  const started = (): AgentWorld => {
    if (!world) throw new Error('The agent world is not started yet: use it inside a test.');
    return world;
  };
  return {
    get world() {
      return started();
    },
    async prepare(options = {}) {
      const run = await prepareRun(started(), { ...defaults, ...options });
      runs.push(run);
      return run;
    },
  };
}

/** Resolves when `check` is true, polling; rejects after `timeoutMs`. */
export async function waitFor(
  check: () => boolean,
  timeoutMs = 20_000,
  what = 'the condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}
