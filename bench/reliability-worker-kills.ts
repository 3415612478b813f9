// Scenario 1, workers killed: agent sessions searching and reading pages (read_page, against a
// loopback page server) over MCP, and research runs with Quarry's own researcher (the `openai` runner
// against a loopback Chat Completions fake), while a worker process is killed with SIGKILL every few
// seconds and another started. Counts what each call ended as (answered, failed with a message,
// lost: no answer within its time limit), searches and reads charged more than once (the run
// budget's counts against the calls made), and what each run ended as (none may stay queued or
// running).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { issueToken } from '../src/mcp/issue-token.ts';
import { runBudget } from '../src/queue/budgets.ts';
import type { RunView } from '../src/research/run-view.ts';
import { connectClient, text } from '../test/mcp/quarry-harness.ts';
import {
  killWorker,
  startResearchQuarry,
  statusMoves,
  type RunWorker,
} from '../test/research/run-harness.ts';
import { startFakeModelApis } from '../test/research/fake-model-apis.ts';
import { startArticleServer } from './article-server.ts';
import { percentile, round } from './pipeline-stats.ts';
import { hitsIn, redisHits, type SecretHit } from './secrets-scan.ts';
import type { ReliabilityScenario, ScenarioContext, ScenarioFigures } from './reliability-scenario.ts';

export interface WorkerKillsSizes {
  sessions: number;
  runs: number;
  /** How long sessions keep searching while workers are killed. */
  durationMs: number;
  killEveryMs: number;
  /** Searches each run's researcher makes before answering. */
  searchesPerRun: number;
}

const BENCH_SIZES: WorkerKillsSizes = {
  sessions: 20,
  runs: 5,
  durationMs: 60_000,
  killEveryMs: 4_000,
  searchesPerRun: 3,
};
/** A call with no answer after this long is lost (the tool's own limit is 60 s; the queue wait 20 s). */
const LOST_AFTER_MS = 90_000;
/** How long runs get to end after the kills stop. */
const RUNS_END_WITHIN_MS = 90_000;
const WORKERS_AT_ONCE = 2;
/** Every this-many calls of a session is a read_page, the others web_search. */
const READ_EVERY = 2;
/** The page server answers after this long, so reads are in flight when a worker dies. */
const PAGE_DELAY_MS = 100;
const ENDED = ['succeeded', 'failed', 'cancelled', 'timed-out'];

type Outcome = 'answered' | 'error' | 'lost';
type Tool = 'web_search' | 'read_page';

const WORKER_SCRIPT = fileURLToPath(new URL('./reliability-run-worker-process.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Starts a worker process (searches and runs) with the scenario's settings; resolves once it takes jobs. */
async function startRunWorker(environment: Record<string, string>): Promise<RunWorker> {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER_SCRIPT], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'info', ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.join('').includes('READY')) resolve();
    });
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    void exited.then((code) =>
      reject(new Error(`worker process exited (${code}) before it was ready:\n${output.join('')}`)),
    );
  });
  return { child, pid: child.pid!, output, exited };
}

async function callOnce(
  client: Client,
  tool: Tool,
  args: Record<string, unknown>,
): Promise<{ tool: Tool; outcome: Outcome; message?: string; ms: number }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const lost = new Promise<'lost'>((resolve) => (timer = setTimeout(() => resolve('lost'), LOST_AFTER_MS)));
  try {
    const result = await Promise.race([
      client.callTool({ name: tool, arguments: args }, undefined, {
        timeout: LOST_AFTER_MS * 2,
      }),
      lost,
    ]);
    const ms = performance.now() - started;
    if (result === 'lost') return { tool, outcome: 'lost', ms };
    const toolResult = result as CallToolResult;
    if (toolResult.isError) return { tool, outcome: 'error', message: text(toolResult), ms };
    return { tool, outcome: 'answered', ms };
  } catch (error) {
    return {
      tool,
      outcome: 'error',
      message: error instanceof Error ? error.message : String(error),
      ms: performance.now() - started,
    };
  } finally {
    clearTimeout(timer);
  }
}

export async function runWorkerKills(
  context: ScenarioContext,
  sizes: WorkerKillsSizes = BENCH_SIZES,
): Promise<ScenarioFigures> {
  // Secrets planted where an operator puts them: the provider's key and the model API key (worker
  // settings), the operator token and the sessions' MCP tokens; scanned for after everything ran.
  const providerKey = `alpha-key-${Math.random().toString(36).slice(2)}${Date.now()}`;
  const modelKey = `sk-reliability-${Math.random().toString(36).slice(2)}${Date.now()}`;
  const models = await startFakeModelApis({ searches: sizes.searchesPerRun, delayMs: 200 });
  const articles = await startArticleServer({ delayMs: PAGE_DELAY_MS });
  const quarry = await startResearchQuarry({
    // The page server is on loopback, which read_page refuses unless allowed.
    QUARRY_FETCH_ALLOW: '127.0.0.1',
    QUARRY_RUN_ATTEMPTS: '4',
    QUARRY_SETTINGS: 'none',
    QUARRY_OPENAI_BASE_URL: `${models.url}/v1`,
    QUARRY_OPENAI_API_KEY: modelKey,
    QUARRY_ALPHA_KEY: providerKey,
    QUARRY_OPENAI_MODEL: 'chat-fake-1',
  });
  const clients: Client[] = [];
  const everyWorker: RunWorker[] = [];
  try {
    const workers: RunWorker[] = [];
    const first = Array.from({ length: WORKERS_AT_ONCE }, () => startRunWorker(quarry.environment));
    workers.push(...(await Promise.all(first)));
    everyWorker.push(...workers);
    // Each session's own token and budget (generous: the budget counts, it does not stop).
    const mcpTokens: string[] = [];
    const sessions = await Promise.all(
      Array.from({ length: sizes.sessions }, async (_, index) => {
        const issued = await issueToken(quarry.system, {
          budget: 100_000,
          read_budget: 100_000,
          label: `session ${index}`,
        });
        mcpTokens.push(issued.token);
        const client = await connectClient(`${quarry.url}/mcp`, issued.token, `reliability-${index}`);
        clients.push(client);
        return { client, runId: issued.record.runId! };
      }),
    );
    const runIds: string[] = [];
    for (let index = 0; index < sizes.runs; index++) {
      const created = await quarry.api<RunView>('POST', '/api/runs', {
        question: `What survives a killed worker, part ${index}?`,
        agent: 'openai',
        budget: sizes.searchesPerRun + 2,
      });
      if (created.status !== 201)
        throw new Error(`POST /api/runs answered ${created.status}: ${JSON.stringify(created.body)}`);
      runIds.push(created.body.id);
    }

    const deadline = Date.now() + sizes.durationMs;
    let kills = 0;
    const killer = (async () => {
      while (Date.now() + sizes.killEveryMs < deadline) {
        await new Promise((resolve) => setTimeout(resolve, sizes.killEveryMs));
        const victim = workers.shift()!;
        await killWorker(victim);
        kills += 1;
        context.log(`  killed worker ${victim.pid} (${kills})`);
        const started = await startRunWorker(quarry.environment);
        workers.push(started);
        everyWorker.push(started);
      }
    })();
    const perSession = await Promise.all(
      sessions.map(async (session, index) => {
        const results: Array<Awaited<ReturnType<typeof callOnce>>> = [];
        while (Date.now() < deadline) {
          const call = results.length;
          results.push(
            call % READ_EVERY === READ_EVERY - 1
              ? await callOnce(session.client, 'read_page', {
                  url: `${articles.url}/session-${index}/${call}`,
                })
              : await callOnce(session.client, 'web_search', { query: `kills ${index} ${call}` }),
          );
        }
        return { results, runId: session.runId };
      }),
    );
    await killer;

    // Runs end with the workers that are left.
    const runsEndBy = Date.now() + RUNS_END_WITHIN_MS;
    let views: RunView[] = [];
    do {
      views = await Promise.all(runIds.map((id) => quarry.run(id)));
      if (views.every((view) => ENDED.includes(view.status))) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    } while (Date.now() < runsEndBy);

    const all = perSession.flatMap((session) => session.results);
    const errors = all.filter((result) => result.outcome === 'error');
    const reads = all.filter((result) => result.tool === 'read_page');
    let chargedTwice = 0;
    let chargedNever = 0;
    for (const session of perSession) {
      const budget = await runBudget(quarry.system, session.runId);
      for (const [tool, used] of [
        ['web_search', budget.searches.used],
        ['read_page', budget.reads.used],
      ] as const) {
        // Both are charged once per call, before the job (src/mcp/queue-backends.ts).
        const made = session.results.filter((result) => result.tool === tool).length;
        chargedTwice += Math.max(0, used - made);
        chargedNever += Math.max(0, made - used);
      }
    }
    let retried = 0;
    for (const view of views) {
      const moves = statusMoves(await quarry.events(view.id));
      if (moves.includes('interrupted') && moves.lastIndexOf('running') > moves.indexOf('interrupted'))
        retried += 1;
    }
    const failedRuns = views.filter((view) => view.status === 'failed');

    // Errors too: wrong tool arguments, a bad run body, a token that does not exist.
    const secrets = [providerKey, modelKey, quarry.adminToken, ...mcpTokens];
    const answers: string[] = [];
    const wrong = await sessions[0]!.client.callTool({ name: 'web_search', arguments: { query: 7 } });
    answers.push(JSON.stringify(wrong));
    answers.push(
      JSON.stringify((await quarry.api('POST', '/api/runs', { question: '', agent: 'openai' })).body),
    );
    const unknownToken = await fetch(`${quarry.url}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${mcpTokens[0]}x`, 'content-type': 'application/json' },
      body: '{}',
    });
    answers.push(await unknownToken.text());
    for (const view of views) {
      answers.push(JSON.stringify(await quarry.run(view.id)));
      answers.push(JSON.stringify(await quarry.events(view.id)));
    }
    answers.push(JSON.stringify((await quarry.api('GET', '/api/runs')).body));
    const pages: string[] = [];
    for (const path of ['/', '/login', '/dashboard/queues', '/dashboard/queues/api/queues', '/metrics']) {
      const page = await fetch(`${quarry.url}${path}`, {
        headers: { authorization: `Bearer ${quarry.adminToken}` },
      });
      pages.push(`${path} ${await page.text()}`);
    }
    const hits: SecretHit[] = [
      ...(await redisHits(quarry.system.connection, quarry.config.prefix, secrets)),
      ...everyWorker.flatMap((worker) =>
        hitsIn(`worker ${worker.pid} output`, worker.output.join(''), secrets),
      ),
      ...answers.flatMap((answer) => hitsIn('API answer', answer, secrets)),
      ...pages.flatMap((page) => hitsIn(`page ${page.split(' ', 1)[0]}`, page, secrets)),
    ];
    const providerSawKey = quarry.fake.keysSeen.has(providerKey);
    const figures: ScenarioFigures = {
      sessions: sizes.sessions,
      duration_s: sizes.durationMs / 1_000,
      kills,
      calls: all.length,
      answered: all.filter((result) => result.outcome === 'answered').length,
      failed_with_message: errors.filter((result) => result.message && result.message.length > 20).length,
      failed_without_message: errors.filter((result) => !result.message || result.message.length <= 20)
        .length,
      lost: all.filter((result) => result.outcome === 'lost').length,
      reads: reads.length,
      reads_answered: reads.filter((result) => result.outcome === 'answered').length,
      reads_failed_with_message: reads.filter(
        (result) => result.outcome === 'error' && result.message && result.message.length > 20,
      ).length,
      reads_lost: reads.filter((result) => result.outcome === 'lost').length,
      call_p50_ms: round(
        percentile(
          all.map((result) => result.ms),
          0.5,
        ),
        1,
      ),
      call_p99_ms: round(
        percentile(
          all.map((result) => result.ms),
          0.99,
        ),
        1,
      ),
      charged_twice: chargedTwice,
      charged_never: chargedNever,
      runs: sizes.runs,
      runs_succeeded: views.filter((view) => view.status === 'succeeded').length,
      runs_interrupted_then_retried: retried,
      runs_failed_with_reason: failedRuns.filter((view) => view.reason).length,
      runs_failed_without_reason: failedRuns.filter((view) => !view.reason).length,
      runs_stuck: views.filter((view) => !ENDED.includes(view.status)).length,
    };
    Object.assign(figures, {
      secrets_planted: secrets.length,
      secret_hits: hits.length,
      // The planted provider key did reach the provider: the scan looked for a secret that was in use.
      provider_key_used: providerSawKey,
      worker_log_bytes: everyWorker.reduce((total, worker) => total + worker.output.join('').length, 0),
    });
    if (hits[0]) figures.first_secret_hit = `${hits[0].secret} in ${hits[0].where}`;
    if (errors[0]?.message) figures.first_error = errors[0].message.split('\n', 1)[0]!;
    if (failedRuns[0]?.reason) figures.first_run_failure = failedRuns[0].reason.split('\n', 1)[0]!;
    return figures;
  } finally {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    await Promise.all(everyWorker.map((worker) => killWorker(worker)));
    await quarry.close();
    await models.close();
    await articles.close();
  }
}

export const workerKillsScenario: ReliabilityScenario = {
  name: 'worker-kills',
  promise:
    'With a worker process killed (SIGKILL) every few seconds, no tool call (searches and page reads) is lost, none is charged twice, and every run ends (succeeded, retried after an interruption, or failed with a reason).',
  run: (context) => runWorkerKills(context),
};
