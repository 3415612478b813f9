// A running Quarry for the MCP tests and the sessions bench: real Redis (a fresh key prefix), real
// workers, the HTTP server on a loopback port, fake search providers on loopback replaying the
// recorded answers in ../shared/corpora/search-fixtures, and a loopback page server for read_page.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  createServer,
  type IncomingMessage,
  type Server as HttpServer,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Redis } from 'ioredis';
import { parseConfig, type Config } from '../../src/config.ts';
import type { McpHttpEndpoint } from '../../src/mcp/http-endpoint.ts';
import { PROVIDERS } from '../../src/providers/index.ts';
import { createQueueSystem, type QueueSystem } from '../../src/queue/system.ts';
import { createApp } from '../../src/server/app.ts';
import { startHttpServer } from '../../src/server/http-server.ts';
import { createMcpRoute } from '../../src/server/mcp-route.ts';
import { defaultProcessors } from '../../src/commands/compose.ts';
import { createRunBudgetRoute } from '../../src/server/run-budget-route.ts';
import { startWorkers, type RunningWorkers } from '../../src/workers/start-workers.ts';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const CORPORA = resolve(REPO_ROOT, '../shared/corpora');
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

function fixture(path: string): unknown {
  return (JSON.parse(readFileSync(join(CORPORA, 'search-fixtures', path), 'utf8')) as { response: unknown })
    .response;
}

/** What each fake route answers: a recorded vendor answer, or a failure. */
export type FakeBehaviour =
  | { kind: 'answer'; body: unknown }
  | { kind: 'status'; status: number; body: unknown; headers?: Record<string, string> };

export const RECORDED = {
  brave: (): FakeBehaviour => ({ kind: 'answer', body: fixture('brave/query_1_full.json') }),
  searxng: (): FakeBehaviour => ({ kind: 'answer', body: fixture('searxng/openclaw_latest_features.json') }),
  tavily: (): FakeBehaviour => ({ kind: 'answer', body: fixture('tavily/test_basic_search.json') }),
  serper: (): FakeBehaviour => ({ kind: 'answer', body: fixture('serper/olivia_wilde.json') }),
  /** A rate limit with a long Retry-After: the provider rests and the chain moves on. */
  limited: (): FakeBehaviour => ({
    kind: 'status',
    status: 429,
    body: { error: 'Too many requests: 1 request per second on this plan.' },
    headers: { 'retry-after': '3600' },
  }),
  down: (): FakeBehaviour => ({
    kind: 'status',
    status: 503,
    body: { error: 'Service temporarily unavailable' },
  }),
  /** Wikipedia's REST page summary for Tokyo (media-fixtures), for find_media. */
  wikipediaTokyo: (): FakeBehaviour => ({
    kind: 'answer',
    body: JSON.parse(
      readFileSync(join(CORPORA, 'media-fixtures/wikipedia/summary_standard_image_Tokyo_2018.json'), 'utf8'),
    ),
  }),
};

export interface SeenRequest {
  route: string;
  method: string;
  url: string;
  body: string;
}

export interface FakeProviders {
  /** The base address of one route, for QUARRY_<ID>_URL. */
  url(route: string): string;
  seen: SeenRequest[];
  close(): Promise<void>;
}

/** One loopback server; `/<route>/...` answers with that route's behaviour, whatever the path after it. */
export async function startFakeProviders(routes: Record<string, FakeBehaviour>): Promise<FakeProviders> {
  const seen: SeenRequest[] = [];
  // Bodies are written once, so a fake answers at once (the sessions bench asks it a thousand times).
  const bodies = new Map(
    Object.entries(routes).map(([route, behaviour]) => [route, Buffer.from(JSON.stringify(behaviour.body))]),
  );
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const route = (request.url ?? '/').split('/')[1] ?? '';
      seen.push({
        route,
        method: request.method ?? 'GET',
        url: request.url ?? '/',
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const behaviour = routes[route];
      if (!behaviour) {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"no such fake route"}');
        return;
      }
      const status = behaviour.kind === 'answer' ? 200 : behaviour.status;
      const headers = behaviour.kind === 'status' ? (behaviour.headers ?? {}) : {};
      response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(bodies.get(route));
    });
  });
  const address = await listen(server);
  return {
    url: (route) => `http://127.0.0.1:${address.port}/${route}`,
    seen,
    close: () => closeServer(server),
  };
}

/** Real pages from ../shared/corpora/readability, served on loopback: `/<folder>` answers its source.html. */
export async function startPageServer(): Promise<{ url(folder: string): string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const folder = (request.url ?? '/').slice(1).replace(/[^a-z0-9-]/gi, '');
    try {
      const html = readFileSync(join(CORPORA, 'readability', folder, 'source.html'));
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  const address = await listen(server);
  return { url: (folder) => `http://127.0.0.1:${address.port}/${folder}`, close: () => closeServer(server) };
}

function listen(server: HttpServer): Promise<AddressInfo> {
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => done(server.address() as AddressInfo));
  });
}

function closeServer(server: HttpServer): Promise<void> {
  return new Promise((done) => {
    server.close(() => done());
    server.closeAllConnections();
  });
}

export interface RunningQuarry {
  url: string;
  mcpUrl: string;
  adminToken: string;
  config: Config;
  system: QueueSystem;
  endpoint: () => McpHttpEndpoint;
  /** Makes a token through the admin API, as an operator would. */
  token(request?: Record<string, unknown>): Promise<{ token: string; run_id: string | null }>;
  /** The settings as environment variables, for a `quarry mcp --stdio` child on the same queues. */
  environment: Record<string, string>;
  close(): Promise<void>;
}

export interface QuarryOptions {
  /** Provider id → fake route, in chain order. */
  providers: Array<[string, string]>;
  fakes: FakeProviders;
  settings?: Record<string, unknown>;
  /** Workers per queue in this process. */
  workerConcurrency?: number;
}

export async function startQuarry(options: QuarryOptions): Promise<RunningQuarry> {
  const prefix = `{mcptest-${randomBytes(5).toString('hex')}}`;
  const adminToken = randomBytes(18).toString('base64url');
  const providers: Record<string, Record<string, unknown>> = {};
  for (const [id, route] of options.providers) {
    // The fakes answer at once: lift the vendors' plan limits (Brave's free plan allows 1 request a second).
    providers[id] = {
      key: `test-key-${id}`,
      url: options.fakes.url(route),
      concurrency: 100,
      rateMax: 10_000,
      ratePerMs: 1_000,
    };
  }
  const config = parseConfig({
    redisUrl: REDIS_URL,
    prefix,
    host: '127.0.0.1',
    port: 0,
    adminToken,
    logLevel: 'silent',
    providerOrder: options.providers.map(([id]) => id),
    providers,
    fetch: { allow: ['127.0.0.1'] },
    read: { partSize: 1_500 },
    workerConcurrency: options.workerConcurrency ?? 20,
    ...options.settings,
  } as Parameters<typeof parseConfig>[0]);
  const system = createQueueSystem(config, { providers: PROVIDERS });
  let workers: RunningWorkers | undefined;
  let endpoint: McpHttpEndpoint | undefined;
  try {
    workers = await startWorkers(system, { processors: defaultProcessors() });
    const app = await createApp(system, {
      adminToken,
      routes: [createMcpRoute({ onEndpoint: (made) => (endpoint = made) }), createRunBudgetRoute()],
    });
    const http = await startHttpServer(app, { host: '127.0.0.1', port: 0 });
    const environment: Record<string, string> = {
      REDIS_URL,
      QUARRY_PREFIX: prefix,
      QUARRY_PROVIDERS: options.providers.map(([id]) => id).join(','),
      QUARRY_FETCH_ALLOW: '127.0.0.1',
      QUARRY_READ_PART_SIZE: '1500',
      QUARRY_EMBEDDED_REDIS: 'false',
      // No settings file: the environment above is the whole configuration.
      QUARRY_SETTINGS: 'none',
      LOG_LEVEL: 'silent',
    };
    for (const [id, route] of options.providers) {
      environment[`QUARRY_${id.toUpperCase()}_URL`] = options.fakes.url(route);
      environment[`QUARRY_${id.toUpperCase()}_KEY`] = `test-key-${id}`;
    }
    return {
      url: http.url,
      mcpUrl: `${http.url}/mcp`,
      adminToken,
      config,
      system,
      endpoint: () => endpoint!,
      environment,
      async token(request = {}) {
        const response = await fetch(`${http.url}/api/tokens`, {
          method: 'POST',
          headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
          body: JSON.stringify(request),
        });
        if (response.status !== 201)
          throw new Error(`POST /api/tokens answered ${response.status}: ${await response.text()}`);
        return (await response.json()) as { token: string; run_id: string | null };
      },
      async close() {
        await http.close();
        await workers?.close({ graceMs: 1_000 });
        await system.close();
        await deleteKeys(prefix);
      },
    };
  } catch (error) {
    await workers?.close({ graceMs: 0 });
    await system.close();
    await deleteKeys(prefix);
    throw error;
  }
}

export async function deleteKeys(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1_000);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/**
 * An MCP client over Streamable HTTP with a bearer token, introducing itself as `clientName`. It lists
 * the tools once, so the SDK's client validates every result's `structuredContent` against the tool's
 * declared `outputSchema` (ajv) and rejects a call whose answer does not match.
 */
export async function connectClient(
  mcpUrl: string,
  token: string,
  clientName = 'quarry-test',
): Promise<Client> {
  const client = new Client({ name: clientName, version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(mcpUrl), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  await client.listTools();
  return client;
}

/** The result of a call whose arguments were wrong: a tool execution error (SEP-1303), never a protocol error. */
export async function argumentError(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<string> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  if (result.isError !== true) throw new Error(`${name} accepted ${JSON.stringify(args)}: ${text(result)}`);
  return text(result);
}

/** A tool result's text content, joined. */
export function text(result: CallToolResult): string {
  return result.content.map((item) => (item.type === 'text' ? item.text : '')).join('\n');
}
