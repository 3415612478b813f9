// Provider queues get a worker only while their provider is switched on: a real worker process started
// with one provider on serves only that queue (one blocking Redis connection, not one per provider);
// switching a provider on through the settings store starts its worker there within moments, without
// a restart, and a search through it works; switching it off closes its worker once its job in flight
// is done. A search naming a switched-off provider gets an isError result that says where to switch it
// on, at once, instead of waiting on a queue nobody serves.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildConfig, readConfigSources } from '../../src/config.ts';
import { searchThroughQueues } from '../../src/queue/search.ts';
import { createQueueSystem, type QueueSystem } from '../../src/queue/system.ts';
import { createApp } from '../../src/server/app.ts';
import { startHttpServer, type RunningHttpServer } from '../../src/server/http-server.ts';
import { createMcpRoute } from '../../src/server/mcp-route.ts';
import { SettingsStore } from '../../src/settings/settings-store.ts';
import { connectClient, text } from '../mcp/quarry-harness.ts';
import {
  fakeProvider,
  plainQuery,
  startFakeSearchServer,
  type FakeSearchServer,
} from '../queue/fake-provider.ts';
import { freshConfig, removePrefix, until, REDIS_URL } from '../queue/helpers.ts';
import { startWorkerProcess, stopWorkerProcess, type WorkerProcess } from './processes.ts';

const IDS = ['alpha', 'beta', 'gamma'];

let fake: FakeSearchServer;
let prefix: string;
let store: SettingsStore;
let caller: QueueSystem;
let worker: WorkerProcess;
let http: RunningHttpServer;
let client: Client;

beforeAll(async () => {
  fake = await startFakeSearchServer();
  ({ prefix } = freshConfig());
  const environment: Record<string, string> = {
    REDIS_URL,
    QUARRY_PREFIX: prefix,
    QUARRY_SETTINGS: 'none',
    QUARRY_DATA_DIR: mkdtempSync(join(tmpdir(), 'quarry-provider-workers-')),
    QUARRY_EMBEDDED_REDIS: 'false',
    LOG_LEVEL: 'silent',
    FAKE_PROVIDERS: JSON.stringify(IDS.map((id) => ({ id }))),
    QUARRY_WORKER_CONCURRENCY: '4',
    ...Object.fromEntries(IDS.map((id) => [`QUARRY_${id.toUpperCase()}_URL`, fake.url])),
  };
  // The caller: a queue system and the store of its own, as `quarry start` has them.
  const sources = readConfigSources(environment, { providerIds: IDS });
  store = await SettingsStore.open({ sources, config: buildConfig(sources) });
  await store.set('providerOrder', ['alpha']);
  caller = createQueueSystem(store.current(), { providers: IDS.map((id) => fakeProvider(id)), live: store });
  worker = await startWorkerProcess(environment);
  const adminToken = randomBytes(18).toString('base64url');
  const app = await createApp(caller, { adminToken, routes: [createMcpRoute()] });
  http = await startHttpServer(app, { host: '127.0.0.1', port: 0 });
  const made = await fetch(`${http.url}/api/tokens`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: '{}',
  });
  const { token } = (await made.json()) as { token: string };
  client = await connectClient(`${http.url}/mcp`, token);
}, 60_000);

afterAll(async () => {
  await client?.close();
  await http?.close();
  if (worker) await stopWorkerProcess(worker);
  await caller?.close();
  await store?.close();
  await fake?.close();
  if (prefix) await removePrefix(prefix);
});

/** BullMQ workers (blocking Redis connections, by CLIENT LIST) serving each provider's queue. */
async function providerWorkers(): Promise<Record<string, number>> {
  const counts = await Promise.all(IDS.map((id) => caller.queue(`search.${id}`).getWorkersCount()));
  return Object.fromEntries(IDS.map((id, index) => [id, counts[index]!]));
}

async function searchNaming(provider: string): Promise<CallToolResult> {
  return (await client.callTool({
    name: 'web_search',
    arguments: { query: 'otters', provider },
  })) as CallToolResult;
}

describe('provider workers follow the switched-on providers', { timeout: 60_000 }, () => {
  it('serves only the providers that are on, and refuses a named one that is off with where to switch it on', async () => {
    expect(await providerWorkers()).toEqual({ alpha: 1, beta: 0, gamma: 0 });
    const refused = await searchNaming('beta');
    expect(refused.isError).toBe(true);
    expect(text(refused)).toContain(
      'beta: Fake beta is switched off on this server, so no worker asks it: leave provider out to let the chain choose, or an operator switches beta on in the console (Settings → Search) or with `npx quarry settings set providerOrder alpha,beta` (or QUARRY_PROVIDERS).',
    );
    expect(fake.perPath.get('/beta')).toBeUndefined();
  });

  it('starts a worker for a provider switched on, without a restart, and closes it after its job in flight when switched off', async () => {
    await store.set('providerOrder', ['alpha', 'beta']);
    await until(async () => (await providerWorkers()).beta === 1, 5_000, "beta's worker to start");
    const answered = await searchNaming('beta');
    expect(answered.isError, text(answered)).toBeFalsy();
    expect((answered.structuredContent as { provider: string }).provider).toBe('beta');

    // A search in flight at beta when it is switched off still gets its answer; then beta's worker is gone.
    fake.behave('/beta', { delayMs: 1_500 });
    const inFlight = searchThroughQueues(caller, plainQuery('slow otters'), { provider: 'beta' });
    await until(
      async () => (await caller.queue('search.beta').getActiveCount()) === 1,
      5_000,
      'the job to start',
    );
    await store.set('providerOrder', ['alpha']);
    expect((await inFlight).provider).toBe('beta');
    await until(async () => (await providerWorkers()).beta === 0, 5_000, "beta's worker to close");
    expect(await providerWorkers()).toEqual({ alpha: 1, beta: 0, gamma: 0 });

    // Switched off by its own switch (kept in the order), the refusal names that switch.
    await store.set('providers.gamma.enabled', false);
    await store.set('providerOrder', ['alpha', 'gamma']);
    const off = await searchNaming('gamma');
    expect(off.isError).toBe(true);
    expect(text(off)).toContain('`npx quarry settings set providers.gamma.enabled true`');
    expect(await providerWorkers()).toEqual({ alpha: 1, beta: 0, gamma: 0 });
    expect(worker.child.exitCode).toBeNull();
  });
});
