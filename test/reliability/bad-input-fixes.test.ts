// Faults the bad-input scenario found (bench/reliability-bad-input.ts), each shown here on its own:
// - POST /api/tokens with a body that is JSON but not an object ([], "x", 7) said "Invalid input:
//   expected object, received array", and a field of the wrong type ("label": 5) did not name the field;
// - an /api/ address no route answers got the framework's plain-text 404, not a JSON error;
// - `quarry search --recency weekly` (and a bad --from, --to, --language or --provider) exited 2 without
//   naming the flag, and an empty --recency searched as if none was given;
// - `quarry token create --budget 0` (or --ttl 5) was checked only after Redis answered: with Redis
//   down it exited 1 "Redis does not answer" instead of 2 naming the flag;
// - number flags took what JavaScript's Number() takes: `--part 0x10` was part 16, `--budget 1e3` a
//   budget of 1000, and an empty `--searches ''` a budget of 0.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpRoute } from '../../src/server/mcp-route.ts';
import { createQueueSystem, type QueueSystem } from '../../src/queue/system.ts';
import { createApp } from '../../src/server/app.ts';
import { startHttpServer, type RunningHttpServer } from '../../src/server/http-server.ts';
import { freshConfig, removePrefix } from '../queue/helpers.ts';
import { runQuarry } from '../quarry-process.ts';

const ADMIN_TOKEN = 'operator-token-for-tests-0123456789';
const NO_REDIS = {
  REDIS_URL: 'redis://127.0.0.1:1',
  QUARRY_EMBEDDED_REDIS: 'false',
  QUARRY_SETTINGS: 'none',
};

describe('the REST API, given bodies and paths it cannot use', () => {
  let system: QueueSystem;
  let server: RunningHttpServer;
  beforeAll(async () => {
    system = createQueueSystem(freshConfig());
    const app = await createApp(system, { adminToken: ADMIN_TOKEN, routes: [createMcpRoute()] });
    server = await startHttpServer(app, { host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await server?.close();
    await system?.close();
    await removePrefix(system.prefix);
  });

  const post = async (path: string, body: string) => {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body,
    });
    return { status: response.status, body: (await response.json()) as { error: string } };
  };

  it.each(['[]', '"a token please"', '7', 'true'])(
    'answers a token request body %s with 400 saying to send an object of the fields',
    async (body) => {
      const answer = await post('/api/tokens', body);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatch(/send a JSON object of the token's fields \(mode, run_id, budget/);
    },
  );

  it('names the field whose value has the wrong type', async () => {
    const answer = await post('/api/tokens', '{"label": 5}');
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/label: Invalid input: expected string, received number/);
  });

  it('answers an /api/ path no route has with a JSON 404 naming it', async () => {
    for (const [method, path] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/runs/a/b/budget'],
    ] as const) {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(((await response.json()) as { error: string }).error).toContain(`no ${method} ${path}`);
    }
  });
});

/** Command-line processes, each starting tsx, which takes seconds on a busy machine. */
const PROCESSES_MS = 120_000;

describe('the command line, given flags it cannot use', () => {
  it(
    'refuses a bad or empty search filter by its flag, with exit code 2, before searching',
    async () => {
      const runs = await Promise.all(
        [
          ['--recency', 'weekly'],
          ['--recency', ''],
          ['--from', '2024-02-31'],
          ['--to', 'tomorrow'],
          ['--language', 'eng'],
        ].map(([flag, value]) =>
          runQuarry(['search', 'tokyo', `${flag}=${value}`], {
            ...NO_REDIS,
            QUARRY_PROVIDERS: 'searxng',
            SEARXNG_URL: 'http://127.0.0.1:1',
          }).then((run) => ({ flag: flag!, run })),
        ),
      );
      runs.push({
        flag: '--provider',
        run: await runQuarry(['search', 'tokyo', '--provider', 'no-such'], NO_REDIS),
      });
      for (const { run } of runs.slice(-1)) {
        expect(run.code, run.stderr).toBe(2);
        expect(run.stderr).toContain('quarry search: --provider: There is no search provider "no-such"');
      }
      for (const { flag, run } of runs.slice(0, -1)) {
        expect(run.code, run.stderr).toBe(2);
        expect(run.stderr).toContain(`option '${flag} `);
        expect(run.stderr).not.toMatch(/could not be reached/);
      }
    },
    PROCESSES_MS,
  );

  it(
    'refuses a token budget or lifetime out of range by its flag, with Redis down',
    async () => {
      const [budget, ttl] = await Promise.all([
        runQuarry(['token', 'create', '--budget', '0'], NO_REDIS),
        runQuarry(['token', 'create', '--ttl', '5'], NO_REDIS),
      ]);
      expect(budget.code, budget.stderr).toBe(2);
      expect(budget.stderr).toContain('quarry token create: --budget must be at least 1 search.');
      expect(ttl.code, ttl.stderr).toBe(2);
      expect(ttl.stderr).toContain('--ttl must be at least 60');
    },
    PROCESSES_MS,
  );

  it(
    'takes a number flag only written in decimal digits',
    async () => {
      const runs = await Promise.all(
        [
          { args: ['read', 'https://example.org/', '--part', '0x10'], flag: '--part' },
          { args: ['token', 'create', '--budget', '1e3'], flag: '--budget' },
          { args: ['budget', 'set', 'run-1', '--searches', ''], flag: '--searches' },
          { args: ['runs', 'list', '--limit', ' '], flag: '--limit' },
          { args: ['search', 'tokyo', '--k', '0b11'], flag: '--k' },
        ].map(async ({ args, flag }) => ({ flag, run: await runQuarry(args, NO_REDIS) })),
      );
      for (const { flag, run } of runs) {
        expect(run.code, run.stderr).toBe(2);
        expect(run.stderr).toContain(`${flag} takes a whole number`);
      }
    },
    PROCESSES_MS,
  );
});
