// A Quarry for the research tests: the HTTP server (MCP and /api/runs) in this process on a loopback
// port, real worker processes (searches and runs) started on demand, the loopback fake provider
// `alpha`, real Redis under a fresh prefix, and a data folder of its own. Every site's icon (a report
// kept as a file embeds them) comes from one loopback site, never from the sites themselves.
// Everything is removed after.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../../src/config.ts';
import type { RunEvent } from '../../src/research/run-events.ts';
import type { RunView } from '../../src/research/run-view.ts';
import { createQueueSystem, type QueueSystem } from '../../src/queue/system.ts';
import { createApp } from '../../src/server/app.ts';
import { startHttpServer, type RunningHttpServer } from '../../src/server/http-server.ts';
import { createMcpRoute } from '../../src/server/mcp-route.ts';
import { createRunReportRoute } from '../../src/server/run-report-route.ts';
import { createRunsRoute } from '../../src/server/runs-route.ts';
import { fakeProvider, startFakeSearchServer, type FakeSearchServer } from '../queue/fake-provider.ts';
import { photo, startPictureHost, type PictureHost } from './picture-host.ts';
import { freshConfig, removePrefix, REDIS_URL, until } from '../queue/helpers.ts';

/** A 400's body: the message, and each field with what it accepts. */
export interface ProblemAnswer {
  error: string;
  problems: Array<{ field: string; message: string }>;
}

/** A `tool` event's data, as the run's stream keeps it. */
export interface ToolEventData {
  tool: string;
  arguments: { query?: string };
  ok: boolean;
  error?: string;
  budget: { searches: { used: number; limit: number | null } };
  duration_ms: number;
}

export function toolEvents(events: RunEvent[]): ToolEventData[] {
  return events
    .filter((event) => event.type === 'tool')
    .map((event) => event.data as unknown as ToolEventData);
}

export function statusMoves(events: RunEvent[]): unknown[] {
  return events.filter((event) => event.type === 'status').map((event) => event.data.to);
}

const WORKER_SCRIPT = fileURLToPath(new URL('./run-worker-process.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface RunWorker {
  child: ChildProcess;
  pid: number;
  output: string[];
  exited: Promise<number | null>;
}

export interface ResearchQuarry {
  url: string;
  adminToken: string;
  config: Config;
  system: QueueSystem;
  fake: FakeSearchServer;
  /** The loopback site every site icon is fetched from (`/favicon.ico`, a PNG). */
  iconSite: PictureHost;
  dataDir: string;
  /** The settings every worker process gets. */
  environment: Record<string, string>;
  /** Calls the REST API with the operator token; the answer's body as JSON (or text). */
  api<Body = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; body: Body }>;
  /** The run as GET /api/runs/:id answers it. */
  run(runId: string): Promise<RunView>;
  /** Polls the run until it has finished. */
  finished(runId: string): Promise<RunView>;
  /** The run's events so far. */
  events(runId: string): Promise<RunEvent[]>;
  startWorker(extra?: Record<string, string>): Promise<RunWorker>;
  close(): Promise<void>;
}

export async function startResearchQuarry(settings: Record<string, string> = {}): Promise<ResearchQuarry> {
  const fake = await startFakeSearchServer();
  const iconSite = await startPictureHost();
  iconSite.serve('/favicon.ico', await photo(32, 32, 'png'), 'image/png');
  const dataDir = mkdtempSync(join(tmpdir(), 'quarry-research-'));
  const adminToken = randomBytes(18).toString('base64url');
  const config = freshConfig({
    providerOrder: ['alpha'],
    providers: { alpha: { url: fake.url } },
    dataDir,
    adminToken,
    host: '127.0.0.1',
    port: 0,
    queueWaitMs: 20_000,
    mcp: { tokenRecheckMs: 0 },
    // This process fetches only site icons, and only from the loopback icon site.
    fetch: { allow: ['127.0.0.1'] },
  });
  const system = createQueueSystem(config, { providers: [fakeProvider('alpha')] });
  const workers: RunWorker[] = [];
  let http: RunningHttpServer | undefined;
  try {
    const app = await createApp(system, {
      adminToken,
      routes: [
        createMcpRoute(),
        createRunReportRoute({ siteIcons: { siteUrl: () => `${iconSite.url}/` } }),
        createRunsRoute(),
      ],
    });
    http = await startHttpServer(app, { host: '127.0.0.1', port: 0 });
  } catch (error) {
    await system.close();
    await iconSite.close();
    throw error;
  }
  const url = http.url;
  const environment: Record<string, string> = {
    REDIS_URL,
    QUARRY_PREFIX: config.prefix,
    QUARRY_SETTINGS: 'none',
    QUARRY_DATA_DIR: dataDir,
    QUARRY_EMBEDDED_REDIS: 'false',
    QUARRY_PROVIDERS: 'alpha',
    QUARRY_ALPHA_URL: fake.url,
    QUARRY_WORKER_CONCURRENCY: '10',
    QUARRY_QUEUE_WAIT_MS: '20000',
    QUARRY_RUN_MCP_URL: `${url}/mcp`,
    QUARRY_MCP_TOKEN_RECHECK_MS: '0',
    // A killed worker's run is found within seconds, not the minute a real installation waits. A run's
    // lock lasts longer than a tool call's: on a loaded 2-core machine a live worker's renewal (every
    // half lock) can come late, and a run whose lock lapsed under a live worker is counted interrupted.
    QUARRY_LOCK_MS: '2000',
    QUARRY_STALLED_INTERVAL_MS: '1000',
    QUARRY_RUN_LOCK_MS: '5000',
    QUARRY_RUN_STALLED_INTERVAL_MS: '1000',
    QUARRY_SHUTDOWN_GRACE_MS: '1000',
    ...settings,
  };
  async function api<Body>(method: string, path: string, body?: unknown) {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: the text as it is
    }
    return { status: response.status, body: parsed as Body };
  }
  async function run(runId: string): Promise<RunView> {
    return (await api<RunView>('GET', `/api/runs/${runId}`)).body;
  }
  async function finished(runId: string): Promise<RunView> {
    let latest: RunView | undefined;
    await until(
      async () => {
        latest = await run(runId);
        return ['succeeded', 'failed', 'cancelled', 'timed-out'].includes(latest.status);
      },
      30_000,
      `run ${runId} to finish`,
    );
    return latest!;
  }
  async function events(runId: string): Promise<RunEvent[]> {
    return (await api<{ events: RunEvent[] }>('GET', `/api/runs/${runId}/events?format=json`)).body.events;
  }
  return {
    url,
    adminToken,
    config,
    system,
    fake,
    iconSite,
    dataDir,
    environment,
    api,
    run,
    finished,
    events,
    async startWorker(extra = {}) {
      const child = spawn(process.execPath, ['--import', 'tsx', WORKER_SCRIPT], {
        cwd: ROOT,
        env: { ...process.env, LOG_LEVEL: 'warn', ...environment, ...extra },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const output: string[] = [];
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      await new Promise<void>((resolve, reject) => {
        child.stdout!.on('data', (chunk: Buffer) => {
          output.push(chunk.toString());
          if (output.join('').includes('READY')) resolve();
        });
        child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
        void exited.then((code) =>
          reject(new Error(`worker process exited (${code}) before it was ready:\n${output.join('')}`)),
        );
      });
      const worker = { child, pid: child.pid!, output, exited };
      workers.push(worker);
      return worker;
    },
    async close() {
      await Promise.all(workers.map((worker) => killWorker(worker)));
      await http?.close();
      await system.close();
      await fake.close();
      await iconSite.close();
      await removePrefix(config.prefix);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function killWorker(worker: RunWorker): Promise<void> {
  if (worker.child.exitCode !== null || worker.child.signalCode !== null) return;
  worker.child.kill('SIGKILL');
  await worker.exited;
}

/** Whether a process with this id is alive (a zombie is not: it has ended). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A zombie has ended; only its parent has not read its exit yet.
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return false;
  }
}

/** The events of a Server-Sent Events answer, read to its end. */
export async function readServerSentEvents(
  response: Response,
): Promise<Array<{ id?: string; event?: string; data: unknown }>> {
  const text = await response.text();
  return (
    text
      .split('\n\n')
      // Comment blocks (`: keep-alive`) carry nothing.
      .filter((block) => block.trim() && !block.trim().startsWith(':'))
      .map((block) => {
        const fields: Record<string, string> = {};
        for (const line of block.split('\n')) {
          const colon = line.indexOf(':');
          if (colon <= 0) continue;
          fields[line.slice(0, colon)] = line.slice(colon + 1).replace(/^ /, '');
        }
        return {
          ...(fields.id ? { id: fields.id } : {}),
          ...(fields.event ? { event: fields.event } : {}),
          data: fields.data ? JSON.parse(fields.data) : undefined,
        };
      })
  );
}
