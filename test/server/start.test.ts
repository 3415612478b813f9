// The process `npm start` runs, in this process: workers, the HTTP server with every route module,
// the operator token generated once and printed once.
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultRoutes } from '../../src/server/routes.ts';
import { defaultProcessors, startPipelineProcess, type PipelineProcess } from '../../src/commands/compose.ts';
import { freshConfig, removePrefix } from '../queue/helpers.ts';

let running: PipelineProcess | undefined;

afterEach(async () => {
  if (!running) return;
  const { prefix } = running.system;
  await running.stop();
  await removePrefix(prefix);
  running = undefined;
});

describe('the npm start process', () => {
  it('generates the operator token once, prints it once, and serves health, MCP and the dashboard', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quarry-start-'));
    const config = freshConfig({ dataDir, port: 0, embeddedRedis: false });
    const notices: string[] = [];
    running = await startPipelineProcess({
      config,
      server: true,
      processors: defaultProcessors(),
      routes: defaultRoutes(),
      notice: (text) => notices.push(text),
    });
    // The generated token, once; then the banner.
    expect(notices).toHaveLength(2);
    const token = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
    expect(notices[0]).toContain(token);
    const url = running.url!;
    const banner = notices[1]!;
    expect(banner).toContain(`Quarry is listening at ${url}`);
    expect(banner).toContain(`MCP for agents:  ${url}/mcp`);
    expect(banner).toContain('npx quarry token create');
    expect(banner).not.toContain(token);
    expect(statSync(join(dataDir, 'admin-token')).mode & 0o777).toBe(0o600);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:/);

    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect((await fetch(`${url}/mcp`, { method: 'POST' })).status).toBe(401);
    expect((await fetch(`${url}/dashboard/queues`)).status).toBe(401);
    const dashboard = await fetch(`${url}/dashboard/queues/api/queues`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(dashboard.status).toBe(200);
    const names = ((await dashboard.json()) as { queues: Array<{ name: string }> }).queues.map(
      (queue) => queue.name,
    );
    expect(names).toEqual(expect.arrayContaining(['search.duckduckgo', 'read', 'media']));

    // The banner's dashboard link signs a browser in once, then leads to the dashboard.
    const link = /dashboard: +(\S+)/.exec(banner)![1]!;
    expect(link).toMatch(new RegExp(`^${url}/login\\?once=`));
    const signIn = await fetch(link, { redirect: 'manual' });
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get('location')).toBe('/dashboard/queues');
    const cookie = signIn.headers.get('set-cookie')!.split(';', 1)[0]!;
    expect((await fetch(`${url}/dashboard/queues`, { headers: { cookie } })).status).toBe(200);
    expect((await fetch(link, { redirect: 'manual' })).status).toBe(401);
    // The bare address leads somewhere useful.
    expect((await fetch(`${url}/`, { redirect: 'manual' })).headers.get('location')).toBe(
      '/login?next=%2Fconsole%2Fruns',
    );
    await running.stop();
    const { prefix } = running.system;
    running = undefined;
    await removePrefix(prefix);

    running = await startPipelineProcess({
      config: freshConfig({ dataDir, port: 0, embeddedRedis: false }),
      server: true,
      processors: defaultProcessors(),
      routes: defaultRoutes(),
      notice: (text) => notices.push(text),
    });
    // A second start keeps the token: only the banner, with a new link.
    expect(notices).toHaveLength(3);
    expect(notices[2]).not.toContain(token);
    expect(/dashboard: +(\S+)/.exec(notices[2]!)![1]).not.toBe(link);
    const again = await fetch(`${running.url}/dashboard/queues/api/queues`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(again.status).toBe(200);
  });
});
