// Scenario 4, load: many MCP sessions (real MCP clients over Streamable HTTP, in this process) for a
// fixed time against a real Quarry: a `quarry start` process (server, with its own workers) and
// `quarry worker` processes, started from src/cli.ts as an operator would, on a Redis of the
// scenario's own (so its memory figure is Quarry's alone), with the fakes (Brave's recorded answer,
// articles for read_page) in a process of their own. Figures: errors (must be 0), p50/p99 of the tool
// calls, each process's memory idle, after the warm-up and at the end (RSS from /proc/<pid>/status;
// for the Quarry processes also the JavaScript heap after a full garbage collection, asked over the
// inspector each is started with), with a stated bound on heap growth under load, and Redis memory per
// finished job kept.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Redis } from 'ioredis';
import { WebSocket } from 'undici';
import { connectClient, text } from '../test/mcp/quarry-harness.ts';
import { percentile, round } from './pipeline-stats.ts';
import { freePort, startRedis, stopRedis } from './reliability-redis-restart.ts';
import { startProcess, type Started } from './ready-process.ts';
import type { ReliabilityScenario, ScenarioContext, ScenarioFigures } from './reliability-scenario.ts';

export interface LoadSizes {
  sessions: number;
  durationMs: number;
  /** `quarry worker` processes besides the `quarry start` process's own workers. */
  workerProcesses: number;
  /** Every this-many calls of a session is a read_page, the others web_search. */
  readEvery: number;
}

const BENCH_SIZES: LoadSizes = { sessions: 100, durationMs: 60_000, workerProcesses: 2, readEvery: 5 };

/**
 * The bound on memory growth under load: no Quarry process's JavaScript heap, measured after a full
 * garbage collection, may grow by more than this between the end of the warm-up (every session
 * connected and answered once) and the end of the load. What the load needs (sessions, sockets, jobs
 * in flight, the finished jobs' results waiters still read) is there soon after the warm-up, so
 * growth past it is what a leak would look like. RSS is reported, not bounded: V8 keeps the pages it
 * grew its heap into while nothing makes it give them back, so RSS under load says little about leaks.
 */
export const HEAP_GROWTH_BOUND_MB = 32;
/** Finished jobs each queue keeps (removeOnComplete / removeOnFail: the defaults of keepFinished). */
const KEEP_FINISHED = { ageSeconds: 3_600, count: 1_000 };
/** Reads go to this many articles in turn (after the first read of each, the page cache answers). */
const ARTICLES = 20;
/** A call with no answer after this long counts as an error (the tool's own limit is 60 s). */
const CALL_LIMIT_MS = 90_000;
const QUEUES = ['search.brave', 'read'];

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = join(ROOT, 'src/cli.ts');
const FAKES = fileURLToPath(new URL('./load-fakes-process.ts', import.meta.url));

/** Runs a full garbage collection over the inspector, then answers the heap in use, in MB. */
async function heapAfterCollection(inspector: string): Promise<number> {
  const socket = new WebSocket(inspector);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve());
    socket.addEventListener('error', () => reject(new Error(`the inspector at ${inspector} did not answer`)));
  });
  let id = 0;
  const pending = new Map<number, (result: Record<string, unknown>) => void>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: Record<string, unknown> };
    if (message.id !== undefined) pending.get(message.id)?.(message.result ?? {});
  });
  const send = (method: string) =>
    new Promise<Record<string, unknown>>((resolve) => {
      id += 1;
      pending.set(id, resolve);
      socket.send(JSON.stringify({ id, method }));
    });
  try {
    await send('HeapProfiler.collectGarbage');
    const usage = await send('Runtime.getHeapUsage');
    return round(Number(usage.usedSize) / 1_048_576, 1);
  } finally {
    socket.close();
  }
}

/** SIGTERM, as an operator stops Quarry; the exit code, or 'killed' when it did not stop in time. */
async function stopProcess(started: Started, graceMs = 15_000): Promise<number | 'killed' | null> {
  if (started.child.exitCode !== null || started.child.signalCode !== null) return started.child.exitCode;
  started.child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const result = await Promise.race([
    started.exited,
    new Promise<'killed'>((resolve) => (timer = setTimeout(() => resolve('killed'), graceMs))),
  ]);
  clearTimeout(timer);
  if (result === 'killed') {
    started.child.kill('SIGKILL');
    await started.exited;
  }
  return result;
}

/** A process's resident memory in MB, from /proc/<pid>/status (VmRSS). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN);
  return round(kilobytes / 1_024, 1);
}

async function usedMemory(redis: Redis): Promise<number> {
  const info = await redis.info('memory');
  return Number(/^used_memory:(\d+)/m.exec(info)?.[1] ?? Number.NaN);
}

type Outcome = { tool: string; ok: boolean; message?: string; ms: number };

async function callOnce(client: Client, name: string, args: Record<string, unknown>): Promise<Outcome> {
  const started = performance.now();
  try {
    const result = (await client.callTool({ name, arguments: args }, undefined, {
      timeout: CALL_LIMIT_MS,
    })) as CallToolResult;
    const ms = performance.now() - started;
    return result.isError
      ? { tool: name, ok: false, message: text(result), ms }
      : { tool: name, ok: true, ms };
  } catch (error) {
    return {
      tool: name,
      ok: false,
      message: error instanceof Error ? error.message : String(error),
      ms: performance.now() - started,
    };
  }
}

export async function runLoad(
  context: ScenarioContext,
  sizes: LoadSizes = BENCH_SIZES,
): Promise<ScenarioFigures> {
  const loadAtStart = loadavg()[0]!;
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'quarry-reliability-load-'));
  const redisUrl = `redis://127.0.0.1:${port}`;
  // Without the append-only file: this Redis is thrown away, and its disk writes would only add noise.
  const redisServer = await startRedis(port, dir, { appendOnly: false });
  const redis = new Redis(redisUrl);
  const processes: Started[] = [];
  const clients: Client[] = [];
  let fakes: Started | undefined;
  try {
    fakes = await startProcess('fakes', [FAKES], {}, '\n');
    const fakeAddresses = JSON.parse(fakes.output.join('').trim()) as { brave: string; articles: string };
    const adminToken = `load-operator-${Math.random().toString(36).slice(2)}${Date.now()}`;
    const serverPort = await freePort();
    const prefix = '{rel-load}';
    const environment: Record<string, string> = {
      REDIS_URL: redisUrl,
      QUARRY_PREFIX: prefix,
      QUARRY_SETTINGS: 'none',
      QUARRY_DATA_DIR: dir,
      QUARRY_EMBEDDED_REDIS: 'false',
      QUARRY_ADMIN_TOKEN: adminToken,
      HOST: '127.0.0.1',
      PORT: String(serverPort),
      LOG_LEVEL: 'warn',
      QUARRY_PROVIDERS: 'brave',
      QUARRY_BRAVE_URL: fakeAddresses.brave,
      QUARRY_BRAVE_KEY: 'load-brave-key',
      // The fake answers at once: lift Brave's free-plan limits (1 call in flight, 1 a second).
      QUARRY_BRAVE_CONCURRENCY: '500',
      QUARRY_BRAVE_RATE: '100000',
      // The articles are on loopback, which read_page refuses unless allowed.
      QUARRY_FETCH_ALLOW: '127.0.0.1',
      QUARRY_KEEP_FINISHED_SECONDS: String(KEEP_FINISHED.ageSeconds),
      QUARRY_KEEP_FINISHED_COUNT: String(KEEP_FINISHED.count),
    };
    // The server logs at warn; its banner goes to stderr whatever the level.
    processes.push(
      await startProcess('server', [CLI, 'start'], environment, 'Quarry is listening at', { inspect: true }),
    );
    for (let index = 0; index < sizes.workerProcesses; index++)
      processes.push(
        await startProcess(
          `worker-${index + 1}`,
          [CLI, 'worker'],
          { ...environment, LOG_LEVEL: 'info' },
          'workers started',
          { inspect: true },
        ),
      );
    const url = `http://127.0.0.1:${serverPort}`;
    const memory = (): Record<string, number> => {
      const figures: Record<string, number> = {};
      for (const started of processes) figures[started.name] = rssMb(started.child.pid!);
      figures.redis = rssMb(redisServer.pid!);
      figures.fakes = rssMb(fakes!.child.pid!);
      figures.clients = round(process.memoryUsage().rss / 1_048_576, 1);
      return figures;
    };
    const heaps = async (): Promise<Record<string, number>> => {
      const figures: Record<string, number> = {};
      for (const started of processes) figures[started.name] = await heapAfterCollection(started.inspector!);
      return figures;
    };
    const idle = memory();
    const heapIdle = await heaps();
    const redisIdle = await usedMemory(redis);

    // One token per session, made through the admin API as an operator would.
    const tokens: string[] = [];
    for (let index = 0; index < sizes.sessions; index++) {
      const response = await fetch(`${url}/api/tokens`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ label: `load session ${index}` }),
      });
      if (response.status !== 201)
        throw new Error(`POST /api/tokens answered ${response.status}: ${await response.text()}`);
      tokens.push(((await response.json()) as { token: string }).token);
    }
    for (const [index, token] of tokens.entries())
      clients.push(await connectClient(`${url}/mcp`, token, `load-agent-${index}`));
    context.log(`  ${clients.length} sessions connected; warming up`);
    const warmUp = await Promise.all(
      clients.map((client, index) => callOnce(client, 'web_search', { query: `warm up ${index}` })),
    );
    const afterWarmUp = memory();
    const heapAfterWarmUp = await heaps();
    const clientsHeapAfterWarmUp = process.memoryUsage().heapUsed;

    context.log(`  load for ${sizes.durationMs / 1_000} s`);
    const peak: Record<string, number> = { ...afterWarmUp };
    const sampler = setInterval(() => {
      for (const [name, value] of Object.entries(memory())) peak[name] = Math.max(peak[name] ?? 0, value);
    }, 2_000);
    const deadline = Date.now() + sizes.durationMs;
    const perSession = await Promise.all(
      clients.map(async (client, session) => {
        const outcomes: Outcome[] = [];
        while (Date.now() < deadline) {
          const call = outcomes.length;
          outcomes.push(
            call % sizes.readEvery === sizes.readEvery - 1
              ? await callOnce(client, 'read_page', {
                  url: `${fakeAddresses.articles}/load/${(session + call) % ARTICLES}`,
                })
              : await callOnce(client, 'web_search', { query: `load ${session} ${call}` }),
          );
        }
        return outcomes;
      }),
    );
    clearInterval(sampler);
    const heapAtEnd = await heaps();
    const atEnd = memory();
    for (const [name, value] of Object.entries(atEnd)) peak[name] = Math.max(peak[name] ?? 0, value);
    const clientsHeapAtEnd = process.memoryUsage().heapUsed;
    const loadAtEnd = loadavg()[0]!;

    // Redis: what the finished jobs kept cost.
    const redisAtEnd = await usedMemory(redis);
    let jobsKept = 0;
    const jobBytes: number[] = [];
    let eventStreamBytes = 0;
    for (const queue of QUEUES) {
      for (const state of ['completed', 'failed']) {
        const key = `${prefix}:${queue}:${state}`;
        jobsKept += await redis.zcard(key);
        for (const id of await redis.zrange(key, 0, 99)) {
          const bytes = await redis.memory('USAGE', `${prefix}:${queue}:${id}`);
          if (typeof bytes === 'number') jobBytes.push(bytes);
        }
      }
      eventStreamBytes += Number((await redis.memory('USAGE', `${prefix}:${queue}:events`)) ?? 0);
    }

    const all = perSession.flat();
    const failures = [...warmUp, ...all].filter((outcome) => !outcome.ok);
    const figures: ScenarioFigures = {
      sessions: sizes.sessions,
      duration_s: sizes.durationMs / 1_000,
      quarry_processes: `server (quarry start, with its own workers) + ${sizes.workerProcesses} quarry worker`,
      calls: all.length,
      searches: all.filter((outcome) => outcome.tool === 'web_search').length,
      reads: all.filter((outcome) => outcome.tool === 'read_page').length,
      errors: failures.length,
      calls_per_s: round(all.length / (sizes.durationMs / 1_000), 1),
      call_p50_ms: round(
        percentile(
          all.map((outcome) => outcome.ms),
          0.5,
        ),
        1,
      ),
      call_p99_ms: round(
        percentile(
          all.map((outcome) => outcome.ms),
          0.99,
        ),
        1,
      ),
      search_p50_ms: round(
        percentile(
          all.filter((outcome) => outcome.tool === 'web_search').map((outcome) => outcome.ms),
          0.5,
        ),
        1,
      ),
      read_p50_ms: round(
        percentile(
          all.filter((outcome) => outcome.tool === 'read_page').map((outcome) => outcome.ms),
          0.5,
        ),
        1,
      ),
    };
    let worstGrowth = 0;
    for (const name of Object.keys(idle)) {
      figures[`rss_mb_${name}`] =
        `${idle[name]} idle, ${afterWarmUp[name]} warm, ${atEnd[name]} end, ${peak[name]} peak`;
      figures[`rss_growth_mb_${name}`] = round(atEnd[name]! - afterWarmUp[name]!, 1);
    }
    for (const name of Object.keys(heapIdle)) {
      figures[`heap_mb_${name}`] =
        `${heapIdle[name]} idle, ${heapAfterWarmUp[name]} warm, ${heapAtEnd[name]} end`;
      const growth = round(heapAtEnd[name]! - heapAfterWarmUp[name]!, 1);
      figures[`heap_growth_mb_${name}`] = growth;
      worstGrowth = Math.max(worstGrowth, growth);
    }
    Object.assign(figures, {
      heap_growth_bound_mb: HEAP_GROWTH_BOUND_MB,
      heap_growth_worst_quarry_mb: worstGrowth,
      heap_growth_within_bound: worstGrowth <= HEAP_GROWTH_BOUND_MB,
      clients_heap_mb: `${round(clientsHeapAfterWarmUp / 1_048_576, 1)} warm, ${round(clientsHeapAtEnd / 1_048_576, 1)} end`,
      keep_finished: `removeOnComplete/removeOnFail { age: ${KEEP_FINISHED.ageSeconds} s, count: ${KEEP_FINISHED.count} } per queue`,
      jobs_kept: jobsKept,
      redis_used_memory_mb: `${round(redisIdle / 1_048_576, 2)} idle, ${round(redisAtEnd / 1_048_576, 2)} end`,
      redis_bytes_per_job_kept: jobsKept > 0 ? Math.round((redisAtEnd - redisIdle) / jobsKept) : -1,
      // The events streams (one per queue, capped by BullMQ at about 10,000 events) hold each completed
      // job's result once more: most of the memory above; without them, what the kept jobs cost.
      redis_bytes_per_job_kept_without_event_streams:
        jobsKept > 0 ? Math.round((redisAtEnd - redisIdle - eventStreamBytes) / jobsKept) : -1,
      redis_job_hash_bytes_avg:
        jobBytes.length > 0 ? Math.round(jobBytes.reduce((a, b) => a + b, 0) / jobBytes.length) : -1,
      redis_event_streams_kb: Math.round(eventStreamBytes / 1_024),
      load_avg_1m: `${round(loadAtStart, 2)} start, ${round(loadAtEnd, 2)} end`,
    });
    if (failures[0]?.message) figures.first_error = failures[0].message.split('\n', 1)[0]!;
    // Stopping as an operator does: every Quarry process ends by itself, exit code 0.
    await Promise.all(clients.splice(0).map((client) => client.close().catch(() => undefined)));
    const exits = await Promise.all(processes.map((started) => stopProcess(started)));
    figures.stopped_cleanly = exits.every((code) => code === 0);
    if (!figures.stopped_cleanly) figures.exit_codes = exits.join(', ');
    return figures;
  } finally {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    await Promise.all(processes.map((started) => stopProcess(started, 2_000)));
    if (fakes) await stopProcess(fakes, 2_000);
    redis.disconnect();
    await stopRedis(redisServer);
    rmSync(dir, { recursive: true, force: true });
  }
}

export const loadScenario: ReliabilityScenario = {
  name: 'load',
  promise: `${BENCH_SIZES.sessions} MCP sessions for ${BENCH_SIZES.durationMs / 1_000} s against a quarry start process and ${BENCH_SIZES.workerProcesses} quarry worker processes: no errors, and no Quarry process grows its heap (after a full collection) by more than ${HEAP_GROWTH_BOUND_MB} MB after the warm-up.`,
  run: (context) => runLoad(context),
};
