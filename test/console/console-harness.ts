// A real Quarry for the console's browser tests: the HTTP server in this process (every default
// route, following the live settings store), one real worker process (`quarry worker`, following the
// same store) that runs searches and research runs, loopback fakes of the search providers (recorded
// vendor answers; each request's key header is kept) and of a Chat Completions model API.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM } from '../../scripts/chromium.mjs';
import { buildConfig, readConfigSources } from '../../src/config.ts';
import { PROVIDERS } from '../../src/providers/index.ts';
import { createQueueSystem, type QueueSystem } from '../../src/queue/system.ts';
import { createApp } from '../../src/server/app.ts';
import { startHttpServer, type RunningHttpServer } from '../../src/server/http-server.ts';
import { defaultRoutes } from '../../src/server/routes.ts';
import { SettingsStore } from '../../src/settings/settings-store.ts';
import { RECORDED, REPO_ROOT, REDIS_URL, deleteKeys, type FakeBehaviour } from '../mcp/quarry-harness.ts';
import { startFakeModelApis, type FakeModelApis } from '../research/fake-model-apis.ts';

/**
 * Debian's Chromium (scripts/chromium.mjs installs it), headless, as the console's browser tests run
 * it; a clear error when it is missing.
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(`Chromium is missing at ${CHROMIUM}: apt-get install -y chromium (.ci/run installs it).`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

export interface SeenProviderRequest {
  route: string;
  /** The key the request carried (Brave's X-Subscription-Token, Tavily's bearer, ...). */
  key: string | undefined;
}

export interface FakeSearchVendors {
  url(route: string): string;
  seen: SeenProviderRequest[];
  close(): Promise<void>;
}

/** One loopback server; `/<route>/...` answers that route's behaviour and records the key it was sent. */
export async function startFakeSearchVendors(
  routes: Record<string, FakeBehaviour>,
): Promise<FakeSearchVendors> {
  const seen: SeenProviderRequest[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    request.on('end', () => {
      const route = (request.url ?? '/').split('/')[1] ?? '';
      const authorization = request.headers.authorization?.replace(/^Bearer /, '');
      const key =
        (request.headers['x-subscription-token'] as string | undefined) || authorization || undefined;
      seen.push({ route, key });
      const behaviour = routes[route];
      if (!behaviour) {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"no such fake route"}');
        return;
      }
      const status = behaviour.kind === 'answer' ? 200 : behaviour.status;
      const headers = behaviour.kind === 'status' ? (behaviour.headers ?? {}) : {};
      response
        .writeHead(status, { 'content-type': 'application/json', ...headers })
        .end(JSON.stringify(behaviour.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (route) => `http://127.0.0.1:${port}/${route}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface ConsoleQuarry {
  url: string;
  adminToken: string;
  system: QueueSystem;
  settings: SettingsStore;
  vendors: FakeSearchVendors;
  models: FakeModelApis;
  /** A model API that never gives its answer after the first search (for cancelling a run). */
  hangingModels: FakeModelApis;
  workerOutput: string[];
  /** Calls the REST API with the operator token. */
  api<Body = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; body: Body }>;
  close(): Promise<void>;
}

/** The key the settings file gives Brave at first, before the Settings page changes it. */
export const FIRST_BRAVE_KEY = 'brave-key-from-the-file-0001';
/** Tavily's key comes from the environment: the Settings page shows it fixed. */
export const ENVIRONMENT_TAVILY_KEY = 'tvly-key-from-the-environment-9876';

export async function startConsoleQuarry(): Promise<ConsoleQuarry> {
  const vendors = await startFakeSearchVendors({
    searxng: RECORDED.searxng(),
    brave: RECORDED.brave(),
    limited: RECORDED.limited(),
  });
  const models = await startFakeModelApis({ searches: 2, delayMs: 1_500 });
  const hangingModels = await startFakeModelApis({ hangAfterSearches: 1 });
  const dataDir = mkdtempSync(join(tmpdir(), 'quarry-console-'));
  const prefix = `{console-${randomBytes(5).toString('hex')}}`;
  const adminToken = randomBytes(18).toString('base64url');
  // The fakes answer at once: lift the vendors' plan limits (Brave's free plan allows 1 request a second).
  const fast = { concurrency: 20, rateMax: 10_000, ratePerMs: 1_000 };
  const settingsPath = join(dataDir, 'settings.json');
  writeFileSync(
    settingsPath,
    JSON.stringify({
      providerOrder: ['searxng', 'brave', 'tavily'],
      providers: {
        searxng: { url: vendors.url('searxng'), ...fast },
        brave: { url: vendors.url('brave'), key: FIRST_BRAVE_KEY, ...fast },
        tavily: fast,
      },
    }),
  );
  const environment: Record<string, string> = {
    REDIS_URL,
    QUARRY_PREFIX: prefix,
    QUARRY_SETTINGS: settingsPath,
    QUARRY_DATA_DIR: dataDir,
    QUARRY_EMBEDDED_REDIS: 'false',
    QUARRY_ADMIN_TOKEN: adminToken,
    TAVILY_API_KEY: ENVIRONMENT_TAVILY_KEY,
    QUARRY_TAVILY_URL: vendors.url('limited'),
    QUARRY_MCP_TOKEN_RECHECK_MS: '0',
    QUARRY_QUEUE_WAIT_MS: '20000',
    LOG_LEVEL: 'silent',
  };
  const sources = readConfigSources(environment);
  const settings = await SettingsStore.open({ sources, config: buildConfig(sources) });
  const system = createQueueSystem(settings.current(), { providers: PROVIDERS, live: settings });
  system.onClose(() => settings.close());
  let http: RunningHttpServer | undefined;
  let worker: ChildProcess | undefined;
  const workerOutput: string[] = [];
  const close = async () => {
    if (worker && worker.exitCode === null && worker.signalCode === null) {
      const exited = new Promise((resolve) => worker!.once('exit', resolve));
      worker.kill('SIGKILL');
      await exited;
    }
    await http?.close();
    await system.close();
    await Promise.all([vendors.close(), models.close(), hangingModels.close()]);
    await deleteKeys(prefix);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const app = await createApp(system, { adminToken, routes: defaultRoutes(), settings });
    http = await startHttpServer(app, { host: '127.0.0.1', port: 0 });
    const url = http.url;
    worker = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'worker'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        ...environment,
        LOG_LEVEL: 'info',
        QUARRY_RUN_MCP_URL: `${url}/mcp`,
        QUARRY_OPENAI_BASE_URL: `${models.url}/v1`,
        QUARRY_OPENAI_API_KEY: 'sk-console-test-key',
        QUARRY_OPENAI_MODEL: 'chat-fake-1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await new Promise<void>((resolve, reject) => {
      worker!.stdout!.on('data', (chunk: Buffer) => {
        workerOutput.push(chunk.toString());
        if (workerOutput.join('').includes('workers started')) resolve();
      });
      worker!.stderr!.on('data', (chunk: Buffer) => workerOutput.push(chunk.toString()));
      worker!.once('exit', (code) =>
        reject(new Error(`the worker exited (${code}) before it started:\n${workerOutput.join('')}`)),
      );
    });
    return {
      url,
      adminToken,
      system,
      settings,
      vendors,
      models,
      hangingModels,
      workerOutput,
      async api<Body>(method: string, path: string, body?: unknown) {
        const response = await fetch(`${url}${path}`, {
          method,
          headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        });
        const text = await response.text();
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // not JSON: the text as it is
        }
        return { status: response.status, body: parsed as Body };
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
