// The runners' defaults live in the settings store (`agents.<kind>`): a real runs worker process,
// started before the change, uses a model, key and turn limit set through the store for its next run
// (the loopback Chat Completions fake sees them), reads them again at each run's start, and keeps the
// key out of run events, API answers, job data and its logs. An environment variable fixes a setting
// and `npx quarry settings set` names it; a key reads "set, ends in …" in every display.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildConfig, readConfigSources } from '../../src/config.ts';
import { createQueueSystem } from '../../src/queue/system.ts';
import { startRun } from '../../src/research/start-run.ts';
import type { RunView } from '../../src/research/run-view.ts';
import { SettingsStore } from '../../src/settings/settings-store.ts';
import { runQuarry } from '../quarry-process.ts';
import { freshConfig, removePrefix } from '../queue/helpers.ts';
import { startFakeModelApis, type FakeModelApis } from './fake-model-apis.ts';
import { startResearchQuarry, toolEvents, type ResearchQuarry, type RunWorker } from './run-harness.ts';

const STORE_KEY = 'sk-key-set-through-the-store-7f3a';

let models: FakeModelApis;
let quarry: ResearchQuarry;
let worker: RunWorker;
let store: SettingsStore;
/** The worker's environment as a command line in another shell has it (no test-only provider ids). */
let cliEnvironment: Record<string, string>;

beforeAll(async () => {
  models = await startFakeModelApis({ searches: 3, query: 'settings store' });
  quarry = await startResearchQuarry();
  // The address comes from the worker's environment; model, key and turns are not set anywhere yet.
  worker = await quarry.startWorker({ QUARRY_OPENAI_BASE_URL: `${models.url}/v1` });
  const { QUARRY_PROVIDERS: _order, QUARRY_ALPHA_URL: _alpha, ...rest } = quarry.environment;
  cliEnvironment = rest;
  const sources = readConfigSources(cliEnvironment);
  store = await SettingsStore.open({ sources, config: buildConfig(sources) });
}, 60_000);

afterAll(async () => {
  await store?.close();
  await quarry?.close();
  await models?.close();
});

async function researcherRun(question: string): Promise<RunView> {
  const created = await quarry.api<RunView>('POST', '/api/runs', { question, agent: 'openai', budget: 5 });
  expect(created.status).toBe(201);
  return quarry.finished(created.body.id);
}

describe('agents.* in the live settings store', { timeout: 90_000 }, () => {
  it('fails a run with the setting to change while the researcher has no model', async () => {
    const run = await researcherRun('What does the store hold?');
    expect(run.status).toBe('failed');
    expect(run.reason).toMatch(/^invalid: Quarry's researcher has no model: set agents\.openai\.model /);
  });

  it('uses a model, key and turn limit set after the worker started, read again at each run', async () => {
    // The worker's environment fixes the address: the store's is not used there.
    await store.set('agents.openai.baseUrl', 'http://127.0.0.1:9/v1');
    await store.set('agents.openai.model', 'chat-from-the-store-1');
    await store.set('agents.openai.apiKey', STORE_KEY);
    // Two turns: one search, then the last turn must answer (no tools offered).
    await store.set('agents.openai.maxTurns', 2);
    const before = models.requests.length;
    const first = await researcherRun('How does the settings store reach a worker?');
    expect(first.reason).toBeNull();
    expect(first.status).toBe('succeeded');
    const requests = models.requests.slice(before).filter((request) => request.api === 'chat');
    expect(requests.map((request) => request.body.model)).toEqual([
      'chat-from-the-store-1',
      'chat-from-the-store-1',
    ]);
    expect(requests.map((request) => request.main)).toEqual([true, false]);
    expect(requests.every((request) => request.credential === STORE_KEY)).toBe(true);
    const events = await quarry.events(first.id);
    expect(toolEvents(events)).toHaveLength(1);

    // Changed again: the next run reads the settings at its start, not a copy from the first run.
    await store.set('agents.openai.model', 'chat-from-the-store-2');
    await store.unset('agents.openai.maxTurns');
    const middle = models.requests.length;
    const second = await researcherRun('And a second time?');
    expect(second.status).toBe('succeeded');
    const later = models.requests.slice(middle).filter((request) => request.api === 'chat');
    expect(new Set(later.map((request) => request.body.model))).toEqual(new Set(['chat-from-the-store-2']));
    // The default of 30 turns again: three searches (the script's), then the answer.
    expect(later.filter((request) => request.main)).toHaveLength(4);

    // The key is in none of what the run, the API or the worker wrote.
    const job = await quarry.system.queue('runs').getJob(second.id);
    for (const written of [
      JSON.stringify(events),
      JSON.stringify(await quarry.events(second.id)),
      JSON.stringify(first),
      JSON.stringify((await quarry.api('GET', '/api/runs')).body),
      JSON.stringify(job?.data),
      worker.output.join(''),
    ]) {
      expect(written).not.toContain(STORE_KEY);
    }
  });

  it('shows the key write-only, and says which variable fixes a setting', async () => {
    expect(store.display('agents.openai.apiKey')).toEqual([
      { path: 'agents.openai.apiKey', value: 'set, ends in …7f3a', source: 'store', live: true },
    ]);
    const shown = await runQuarry(['settings', 'get', 'agents.openai', '--json'], cliEnvironment);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).not.toContain(STORE_KEY);
    const rows = JSON.parse(shown.stdout) as Array<{ path: string; value: unknown; fixedIn?: string[] }>;
    expect(rows.find((row) => row.path === 'agents.openai.apiKey')?.value).toBe('set, ends in …7f3a');
    expect(rows.find((row) => row.path === 'agents.openai.maxTurns')?.value).toBe(30);
    // The worker's environment fixes the address: a display elsewhere names the variable and the process.
    expect(rows.find((row) => row.path === 'agents.openai.baseUrl')?.fixedIn).toEqual([
      expect.stringMatching(
        new RegExp(`^environment variable QUARRY_OPENAI_BASE_URL in quarry worker \\(pid ${worker.pid} on `),
      ),
    ]);

    // In the command's own environment the variable wins: `settings set` refuses, naming it, and
    // writes nothing.
    const set = await runQuarry(['settings', 'set', 'agents.openai.model', 'chat-other'], {
      ...cliEnvironment,
      QUARRY_OPENAI_MODEL: 'chat-from-the-environment',
    });
    expect(set.code).toBe(2);
    expect(set.stderr).toBe(
      'quarry settings: agents.openai.model was not changed: it is fixed by environment variable QUARRY_OPENAI_MODEL in this environment, which wins over the store. Unset QUARRY_OPENAI_MODEL (or change it there), or run this command where it is not set.\n',
    );
    expect(set.stdout).toBe('');
    // What the store holds, read from Redis itself.
    expect(await quarry.system.connection.hget(quarry.system.key('settings'), 'agents.openai.model')).toBe(
      JSON.stringify('chat-from-the-store-2'),
    );
    const refused = await runQuarry(['settings', 'set', 'agents.openai.maxTurns', 'many'], cliEnvironment);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/agents\.openai\.maxTurns: expected a number, got "many"/);
  });
});

describe('agents.* from the settings file and in a run request', () => {
  it('reads them from the settings file, the environment winning, with written defaults', () => {
    const folder = mkdtempSync(join(tmpdir(), 'quarry-agent-settings-'));
    const file = join(folder, 'settings.json');
    writeFileSync(
      file,
      JSON.stringify({
        agents: { openai: { model: 'from-the-file', maxTurns: 12 }, codex: { model: 'gpt-x' } },
      }),
    );
    const fromFile = buildConfig(readConfigSources({ QUARRY_SETTINGS: file }));
    expect(fromFile.agents.openai).toEqual({ model: 'from-the-file', maxTurns: 12 });
    expect(fromFile.agents.codex).toEqual({ command: 'codex', model: 'gpt-x', maxTurns: 40 });
    expect(fromFile.agents['claude-code']).toEqual({ command: 'claude', maxTurns: 40 });
    const fixed = buildConfig(
      readConfigSources({
        QUARRY_SETTINGS: file,
        QUARRY_OPENAI_MODEL: 'from-env',
        QUARRY_CODEX_MAX_TURNS: '7',
      }),
    );
    expect(fixed.agents.openai.model).toBe('from-env');
    expect(fixed.agents.codex.maxTurns).toBe(7);
  });

  it("gives a run its agent's time limit when the request names none", async () => {
    const config = freshConfig({ agents: { openai: { timeLimitSeconds: 120 } } });
    const system = createQueueSystem(config);
    try {
      const openai = await startRun(system, { question: 'q', agent: 'openai' });
      const codex = await startRun(system, { question: 'q', agent: 'codex' });
      const asked = await startRun(system, { question: 'q', agent: 'openai', time_limit_seconds: 60 });
      expect([openai, codex, asked].map((run) => run.timeLimitSeconds)).toEqual([120, 30 * 60, 60]);
    } finally {
      await system.close();
      await removePrefix(config.prefix);
    }
  });
});
