// The live settings store on the real Redis: a change made in one process applies in another without a
// restart; environment variables win and say so; keys never appear in a display read; the settings file
// seeds the store once; a settings file named by QUARRY_SETTINGS must exist.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildConfig, ConfigError, loadConfig, readConfigSources } from '../../src/config.ts';
import { searchThroughQueues } from '../../src/queue/search.ts';
import { createQueueSystem, type QueueSystem } from '../../src/queue/system.ts';
import { SettingsError, SettingsStore } from '../../src/settings/settings-store.ts';
import { runQuarry } from '../quarry-process.ts';
import {
  fakeProvider,
  plainQuery,
  startFakeSearchServer,
  type FakeSearchServer,
} from '../queue/fake-provider.ts';
import { freshConfig, removePrefix, until, REDIS_URL } from '../queue/helpers.ts';
import { startWorkerProcess, stopWorkerProcess, type WorkerProcess } from '../workers/processes.ts';

let fake: FakeSearchServer;
const stores: SettingsStore[] = [];
const systems: QueueSystem[] = [];
const processes: WorkerProcess[] = [];
const prefixes = new Set<string>();

beforeAll(async () => {
  fake = await startFakeSearchServer();
});
afterAll(async () => {
  await fake.close();
});
afterEach(async () => {
  await Promise.all(processes.splice(0).map(stopWorkerProcess));
  await Promise.all(systems.splice(0).map((system) => system.close()));
  await Promise.all(stores.splice(0).map((store) => store.close()));
  for (const prefix of prefixes) await removePrefix(prefix);
  prefixes.clear();
  fake.reset();
});

/** An environment for a fresh prefix, as a Quarry process would have it. */
function environmentFor(extra: Record<string, string> = {}): Record<string, string> {
  const { prefix } = freshConfig();
  prefixes.add(prefix);
  return {
    REDIS_URL,
    QUARRY_PREFIX: prefix,
    QUARRY_SETTINGS: 'none',
    QUARRY_DATA_DIR: mkdtempSync(join(tmpdir(), 'quarry-settings-')),
    QUARRY_EMBEDDED_REDIS: 'false',
    LOG_LEVEL: 'silent',
    ...extra,
  };
}

async function openStore(
  environment: Record<string, string>,
  providerIds?: string[],
): Promise<SettingsStore> {
  const sources = readConfigSources(environment, providerIds ? { providerIds } : {});
  const store = await SettingsStore.open({ sources, config: buildConfig(sources) });
  stores.push(store);
  return store;
}

describe('the live settings store', () => {
  it('applies `quarry settings set` in a running worker process and in a caller within a second, without a restart', async () => {
    const environment = environmentFor({
      FAKE_PROVIDERS: JSON.stringify([{ id: 'alpha', concurrency: 50 }]),
      QUARRY_ALPHA_URL: fake.url,
      QUARRY_WORKER_CONCURRENCY: '10',
    });
    processes.push(await startWorkerProcess(environment));
    // The caller: its own queue system and store, on its own connections.
    const callerStore = await openStore(environment, ['alpha']);
    const caller = createQueueSystem(callerStore.current(), {
      providers: [fakeProvider('alpha')],
      live: callerStore,
    });
    systems.push(caller);
    const queue = caller.queue('search.alpha');
    await until(
      async () => (await queue.getGlobalConcurrency()) === 50,
      10_000,
      'the worker to write its limit',
    );

    // Limits: only a worker process writes a queue's global concurrency, so 7 there is the worker applying it.
    const set = await runQuarry(['settings', 'set', 'providers.alpha.concurrency', '7'], environment);
    expect(set.code, set.stderr).toBe(0);
    await until(
      async () => (await queue.getGlobalConcurrency()) === 7,
      1_000,
      'the worker to apply the limit',
    );

    // What the worker's environment fixes is reported by a display in another process (names, not values).
    const [worker] = processes;
    const shown = await runQuarry(['settings', 'get', 'providers.alpha', '--json'], environment);
    const rows = JSON.parse(shown.stdout) as Array<{ path: string; fixedIn?: string[] }>;
    expect(rows.find((row) => row.path === 'providers.alpha.url')?.fixedIn).toEqual([
      expect.stringMatching(
        new RegExp(`^environment variable QUARRY_ALPHA_URL in quarry worker \\(pid ${worker!.pid} on `),
      ),
    ]);

    // Keys: the worker asks the provider with the key set after it started; the caller follows the order.
    await callerStore.set('providerOrder', ['alpha']);
    await callerStore.set('providers.alpha.key', 'alpha-key-set-while-running');
    expect(callerStore.current().providerOrder).toEqual(['alpha']);
    await until(
      async () => {
        await searchThroughQueues(caller, plainQuery('otters'));
        return fake.keysSeen.has('alpha-key-set-while-running');
      },
      1_000,
      'the worker to use the new key',
    );
  });

  it('lets an environment variable win over the store and says which one fixes the setting', async () => {
    const environment = environmentFor({ BRAVE_API_KEY: 'brave-key-from-environment-1234' });
    const store = await openStore(environment);
    const outcome = await store.set('providers.brave.key', 'brave-key-from-the-store-9876');
    expect(outcome.fixedBy).toBe('environment variable BRAVE_API_KEY');
    expect(store.current().providers.brave?.key).toBe('brave-key-from-environment-1234');
    expect(store.display('providers.brave.key')).toEqual([
      {
        path: 'providers.brave.key',
        value: 'set, ends in …1234',
        source: 'environment',
        fixedBy: 'environment variable BRAVE_API_KEY',
        live: true,
      },
    ]);
    // Per-provider limits from the environment, reported the same way; the rate is requests per second.
    const limited = await openStore(
      environmentFor({ QUARRY_SEARXNG_CONCURRENCY: '20', QUARRY_SEARXNG_RATE: '0.5' }),
    );
    expect(limited.current().providers.searxng).toMatchObject({
      concurrency: 20,
      rateMax: 1,
      ratePerMs: 2_000,
    });
    expect(limited.display('providers.searxng.ratePerMs')[0]).toMatchObject({
      fixedBy: 'environment variable QUARRY_SEARXNG_RATE',
    });
  });

  it('never shows a key in a display read: not in display(), not in `settings get`, not in its JSON', async () => {
    const environment = environmentFor();
    const store = await openStore(environment);
    await store.set('providers.tavily.key', 'tvly-secret-value-abcd');
    await store.set('providers.google.keyId', 'google-engine-id-ef12');
    const everything = JSON.stringify(store.display());
    expect(everything).not.toContain('tvly-secret-value');
    expect(everything).not.toContain('google-engine-id');
    expect(store.display('providers.tavily.key')[0]?.value).toBe('set, ends in …abcd');
    const text = await runQuarry(['settings', 'get'], environment);
    const json = await runQuarry(['settings', 'get', 'providers', '--json'], environment);
    for (const run of [text, json]) {
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout + run.stderr).not.toContain('tvly-secret-value');
      expect(run.stdout + run.stderr).not.toContain('google-engine-id');
    }
    expect(text.stdout).toContain('providers.tavily.key = set, ends in …abcd  (store)');
    expect(JSON.parse(json.stdout)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'providers.google.keyId', value: 'set, ends in …ef12' }),
      ]),
    );
  });

  it('refuses a setting read at start-up and a value the configuration rejects, exiting 2', async () => {
    const environment = environmentFor();
    const store = await openStore(environment);
    await expect(store.set('port', 9000)).rejects.toThrow(SettingsError);
    await expect(store.set('providerOrder', ['brave', 'bravee'])).rejects.toThrow(
      /^providerOrder was not changed: providerOrder names "bravee", which is not a search provider: list some of duckduckgo, /,
    );
    const run = await runQuarry(['settings', 'set', 'providers.brave.concurrency', 'many'], environment);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/providers\.brave\.concurrency: expected a number, got "many"/);
  });

  it('is seeded from the settings file at the first start only; the default file follows QUARRY_DATA_DIR', async () => {
    const environment = environmentFor();
    delete environment.QUARRY_SETTINGS;
    const file = join(environment.QUARRY_DATA_DIR!, 'settings.json');
    writeFileSync(file, JSON.stringify({ providerOrder: ['wikipedia'], queueWaitMs: 1234, port: 9999 }));
    const first = await openStore(environment);
    expect(first.current()).toMatchObject({ providerOrder: ['wikipedia'], queueWaitMs: 1234, port: 9999 });
    await first.set('queueWaitMs', 4321);
    // The file changes; the store keeps what it holds, and the file still gives what is read at start-up.
    writeFileSync(file, JSON.stringify({ providerOrder: ['duckduckgo'], queueWaitMs: 1, port: 9998 }));
    const second = await openStore(environment);
    expect(second.current()).toMatchObject({ providerOrder: ['wikipedia'], queueWaitMs: 4321, port: 9998 });
    expect(second.display('queueWaitMs')[0]).toMatchObject({ source: 'store' });
    expect(second.display('port')[0]).toMatchObject({ source: 'settings file', live: false });
  });

  it('stops with an error when the file QUARRY_SETTINGS names does not exist', () => {
    const missing = join(tmpdir(), 'quarry-missing-settings', 'settings.json');
    expect(() => loadConfig({ QUARRY_SETTINGS: missing })).toThrow(ConfigError);
    expect(() => loadConfig({ QUARRY_SETTINGS: missing })).toThrow(
      /^The settings file .*quarry-missing-settings\/settings\.json \(QUARRY_SETTINGS\) does not exist: /,
    );
    // Unset, a missing file in the data folder is no error: there are no settings yet.
    expect(loadConfig({ QUARRY_DATA_DIR: mkdtempSync(join(tmpdir(), 'quarry-empty-')) }).port).toBe(8787);
  });
});
