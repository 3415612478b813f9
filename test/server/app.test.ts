import { afterEach, describe, expect, it } from 'vitest';
import { addAndWait } from '../../src/queue/add-and-wait.ts';
import { createQueueSystem, type QueueSystem } from '../../src/queue/system.ts';
import { createApp } from '../../src/server/app.ts';
import { startHttpServer, type RunningHttpServer } from '../../src/server/http-server.ts';
import { startWorkers } from '../../src/workers/start-workers.ts';
import { fakeProvider } from '../queue/fake-provider.ts';
import { freshConfig, removePrefix } from '../queue/helpers.ts';

const ADMIN_TOKEN = 'operator-token-for-tests-0123456789';
let system: QueueSystem | undefined;
let server: RunningHttpServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
  if (system) {
    await system.close();
    await removePrefix(system.prefix);
    system = undefined;
  }
});

async function serveApp(overrides: Parameters<typeof freshConfig>[0] = {}) {
  system = createQueueSystem(freshConfig(overrides));
  const app = await createApp(system, {
    adminToken: ADMIN_TOKEN,
    dashboardQueues: ['jobs'],
    routes: [
      (routes, context) =>
        void routes.get('/api/echo', (c) => c.json({ hasToken: context.adminToken.length > 0 })),
    ],
  });
  server = await startHttpServer(app, { host: '127.0.0.1', port: 0 });
  return server.url;
}

describe('HTTP server', () => {
  it('binds loopback and says Redis answers on /healthz', async () => {
    const url = await serveApp();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, redis: 'answers' });
  });

  it('says 503 on /healthz when Redis does not answer', async () => {
    // A port nothing listens on: the connection keeps retrying, the ping gives up.
    system = createQueueSystem(freshConfig({ redisUrl: 'redis://127.0.0.1:1' }));
    system.connection.on('error', () => undefined);
    const app = await createApp(system, { adminToken: ADMIN_TOKEN, dashboardQueues: [] });
    server = await startHttpServer(app, { host: '127.0.0.1', port: 0 });
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(503);
    const body = (await response.json()) as { ok: boolean; error: string };
    expect(body.ok).toBe(false);
    expect(body.error).toContain('redis://127.0.0.1:1');
    system.connection.disconnect();
  });

  it('adds the routes other modules register, /api/ ones behind the operator', async () => {
    const url = await serveApp();
    expect((await fetch(`${url}/api/echo`)).status).toBe(401);
    const answer = await fetch(`${url}/api/echo`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(await answer.json()).toEqual({ hasToken: true });
  });

  it('keeps the dashboard behind the operator: bearer token, else a browser is sent to sign in', async () => {
    const url = await serveApp();
    const refused = await fetch(`${url}/dashboard/queues/api/queues`);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: string }).error).toContain('operator token');
    const browser = await fetch(`${url}/dashboard/queues`, {
      headers: { accept: 'text/html' },
      redirect: 'manual',
    });
    expect(browser.status).toBe(302);
    expect(browser.headers.get('location')).toBe('/login?next=%2Fdashboard%2Fqueues');
    // The token in the address no longer signs in (it would stay in history and logs).
    const withQuery = await fetch(`${url}/dashboard/queues?token=${ADMIN_TOKEN}`, { redirect: 'manual' });
    expect(withQuery.status).toBe(401);

    const withBearer = await fetch(`${url}/dashboard/queues`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(withBearer.status).toBe(200);
    expect(await withBearer.text()).toContain('<html');
  });

  it('never shows API keys in job data on the dashboard', async () => {
    const url = await serveApp();
    await startWorkers(system!, {
      processors: { jobs: async () => ({ ok: true, token: 'returned-secret-value' }) },
    });
    await addAndWait(
      system!,
      'jobs',
      { query: 'cats', key: 'sk-live-secret-value', nested: { apiKey: 'another-secret' } },
      {
        timeoutMs: 10_000,
      },
    );
    const response = await fetch(
      `${url}/dashboard/queues/api/queues?activeQueue=jobs&status=completed&page=1`,
      {
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      },
    );
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain('cats');
    expect(body).not.toContain('sk-live-secret-value');
    expect(body).not.toContain('another-secret');
    expect(body).not.toContain('returned-secret-value');
  });

  it('lists every queue Quarry has on the dashboard: each search provider, read, media, runs, run-sweep', async () => {
    system = createQueueSystem(freshConfig({ providerOrder: ['alpha', 'beta'] }), {
      providers: [fakeProvider('alpha'), fakeProvider('beta')],
    });
    const app = await createApp(system, { adminToken: ADMIN_TOKEN });
    server = await startHttpServer(app, { host: '127.0.0.1', port: 0 });
    const answer = await fetch(`${server.url}/dashboard/queues/api/queues`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(answer.status).toBe(200);
    const names = ((await answer.json()) as { queues: Array<{ name: string }> }).queues.map(
      (queue) => queue.name,
    );
    expect(names.sort()).toEqual(['media', 'read', 'run-sweep', 'runs', 'search.alpha', 'search.beta']);
  });
});
