// The MCP route follows the live settings store: a tool call's time limit (toolTimeoutMs) is read at
// each call, so `quarry settings set toolTimeoutMs ...` applies to the next call of a session that is
// already open, without a restart.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildConfig, readConfigSources } from '../../src/config.ts';
import { defineTool, ToolFailure } from '../../src/mcp/tool-definition.ts';
import { createQueueSystem, type QueueSystem } from '../../src/queue/system.ts';
import { createApp } from '../../src/server/app.ts';
import { startHttpServer, type RunningHttpServer } from '../../src/server/http-server.ts';
import { createMcpRoute } from '../../src/server/mcp-route.ts';
import { SettingsStore } from '../../src/settings/settings-store.ts';
import { connectClient, text } from '../mcp/quarry-harness.ts';
import { freshConfig, removePrefix, REDIS_URL } from '../queue/helpers.ts';

const ADMIN_TOKEN = 'operator-token-for-live-tests-0123456789';
let system: QueueSystem | undefined;
let store: SettingsStore | undefined;
let server: RunningHttpServer | undefined;

afterEach(async () => {
  await server?.close();
  await system?.close();
  await store?.close();
  if (system) await removePrefix(system.prefix);
  server = undefined;
  system = undefined;
  store = undefined;
});

/** A tool that answers only when its call is aborted: the time limit is the only way it ends. */
const waitForTheLimit = defineTool({
  name: 'wait_for_the_limit',
  title: 'Wait for the limit',
  description: 'Waits until the call is aborted.',
  inputSchema: z.object({}),
  outputSchema: z.object({}),
  run: (_input, context) =>
    new Promise((_resolve, reject) => {
      context.signal.addEventListener('abort', () => reject(new ToolFailure('The call was stopped.')), {
        once: true,
      });
    }),
});

describe('the MCP route with live settings', () => {
  it(
    'reads toolTimeoutMs at each call, so a change applies to an open session',
    { timeout: 30_000 },
    async () => {
      const { prefix } = freshConfig();
      const sources = readConfigSources({
        REDIS_URL,
        QUARRY_PREFIX: prefix,
        QUARRY_SETTINGS: 'none',
        QUARRY_EMBEDDED_REDIS: 'false',
        LOG_LEVEL: 'silent',
      });
      store = await SettingsStore.open({ sources, config: buildConfig(sources) });
      // The default limit (a minute) is longer than this test may take.
      expect(store.current().toolTimeoutMs).toBeGreaterThanOrEqual(60_000);
      system = createQueueSystem(store.current(), { live: store });
      const app = await createApp(system, {
        adminToken: ADMIN_TOKEN,
        routes: [createMcpRoute({ tools: () => [waitForTheLimit] })],
      });
      server = await startHttpServer(app, { host: '127.0.0.1', port: 0 });
      const issued = await fetch(`${server.url}/api/tokens`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(issued.status).toBe(201);
      const { token } = (await issued.json()) as { token: string };
      const client = await connectClient(`${server.url}/mcp`, token);
      try {
        // The session is open; now the operator shortens the limit.
        await store.set('toolTimeoutMs', 300);
        expect(system.config.toolTimeoutMs).toBe(300);
        const result = (await client.callTool({
          name: 'wait_for_the_limit',
          arguments: {},
        })) as CallToolResult;
        expect(result.isError).toBe(true);
        expect(text(result)).toContain('The call was stopped.');
      } finally {
        await client.close();
      }
    },
  );
});
