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
    expect(notices).toHaveLength(1);
    const token = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
    expect(notices[0]).toContain(token);
    expect(statSync(join(dataDir, 'admin-token')).mode & 0o777).toBe(0o600);
    const url = running.url!;
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
    await running.stop();
    const { prefix } = running.system;
    running = undefined;
    await removePrefix(prefix);

    // A second start keeps the token and prints nothing.
    running = await startPipelineProcess({
      config: freshConfig({ dataDir, port: 0, embeddedRedis: false }),
      server: true,
      processors: defaultProcessors(),
      routes: defaultRoutes(),
      notice: (text) => notices.push(text),
    });
    expect(notices).toHaveLength(1);
    const again = await fetch(`${running.url}/dashboard/queues/api/queues`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(again.status).toBe(200);
  });
});
