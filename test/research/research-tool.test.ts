// The `research` MCP tool through the real SDK client over Streamable HTTP: offered only to tokens
// that allow it; as a plain call (the run id at once, the report with `run_id` later); and as an MCP
// task (create, poll tasks/get, tasks/result) answered by a Quarry server that was restarted between
// the task's creation and its end. The runs themselves run in a real worker process with the scripted
// agent, which the operator put on the token (`research_agent`).
import {
  CallToolResultSchema,
  CreateTaskResultSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQueueSystem } from '../../src/queue/system.ts';
import { createApp } from '../../src/server/app.ts';
import { startHttpServer, type RunningHttpServer } from '../../src/server/http-server.ts';
import { createMcpRoute } from '../../src/server/mcp-route.ts';
import { connectMcp as connect, createAgentToken, taskEnd } from './research-mcp-client.ts';
import { startResearchQuarry, type ResearchQuarry } from './run-harness.ts';

let quarry: ResearchQuarry;

beforeAll(async () => {
  quarry = await startResearchQuarry();
  await quarry.startWorker();
}, 60_000);

afterAll(async () => {
  await quarry?.close();
});

async function token(body: Record<string, unknown>): Promise<string> {
  return createAgentToken(quarry, body);
}

const RESEARCH_TOKEN = { research: true, research_agent: 'command:"scripted"' };
// The scripted agent answers plainly: the tool gives a run no options.
const QUESTION = { question: 'What is QUIC?', budget: 3, time_limit_seconds: 120 };

describe('the research tool', { timeout: 90_000 }, () => {
  it('is offered only to sessions whose token allows it', async () => {
    const plain = await connect(quarry.url, await token({}));
    const plainTools = (await plain.listTools()).tools.map((tool) => tool.name);
    expect(plainTools).not.toContain('research');
    await plain.close();
    const allowed = await connect(quarry.url, await token(RESEARCH_TOKEN));
    const listed = (await allowed.listTools()).tools.find((tool) => tool.name === 'research');
    expect(listed).toMatchObject({ execution: { taskSupport: 'optional' } });
    await allowed.close();
  });

  it('as a plain call: answers the run id at once, and the report with run_id once the run ended', async () => {
    const client = await connect(quarry.url, await token(RESEARCH_TOKEN));
    const started = (await client.callTool({ name: 'research', arguments: QUESTION })) as CallToolResult;
    expect(started.isError).toBeFalsy();
    const { run_id: runId, status } = started.structuredContent as { run_id: string; status: string };
    expect(runId).toMatch(/^run-[0-9a-f]{16}$/);
    expect(status).toBe('queued');
    expect((started.content[0] as { text: string }).text).toContain(`{"run_id": "${runId}"}`);
    // Its own run with its own budget, not the caller's session.
    const run = await quarry.finished(runId);
    expect(run).toMatchObject({ status: 'succeeded', question: 'What is QUIC?', budget: { limit: 3 } });
    const read = (await client.callTool({
      name: 'research',
      arguments: { run_id: runId },
    })) as CallToolResult;
    const report = (read.structuredContent as { report: { sources: unknown[]; status: string } }).report;
    expect(report.status).toBe('succeeded');
    expect((read.content[0] as { text: string }).text).toMatch(/^# What is QUIC\?/);
    const wrong = (await client.callTool({ name: 'research', arguments: {} })) as CallToolResult;
    expect(wrong.isError).toBe(true);
    expect((wrong.content[0] as { text: string }).text).toMatch(/give question .* or run_id/);
    await client.close();
  });

  it('as a task: created at once, polled and its result read from a Quarry that restarted meanwhile', async () => {
    const bearer = await token(RESEARCH_TOKEN);
    // A second Quarry server on the same Redis (as another process would be); it is the one restarted.
    const serve = async (): Promise<{ http: RunningHttpServer; close(): Promise<void> }> => {
      const system = createQueueSystem(quarry.config);
      const app = await createApp(system, { adminToken: quarry.adminToken, routes: [createMcpRoute()] });
      const http = await startHttpServer(app, { host: '127.0.0.1', port: 0 });
      return {
        http,
        async close() {
          await http.close();
          await system.close();
        },
      };
    };
    const first = await serve();
    const client = await connect(first.http.url, bearer);
    const created = await client.request(
      {
        method: 'tools/call',
        params: { name: 'research', arguments: QUESTION, task: { ttl: 600_000 } },
      },
      CreateTaskResultSchema,
    );
    const { taskId } = created.task;
    expect(created.task.status).toBe('working');
    await client.close().catch(() => undefined);
    await first.close();

    const restarted = await serve();
    try {
      const again = await connect(restarted.http.url, bearer);
      expect(await taskEnd(again, taskId)).toBe('completed');
      const result = await again.experimental.tasks.getTaskResult(taskId, CallToolResultSchema);
      const structured = result.structuredContent as { run_id: string; status: string; report: unknown };
      expect(structured).toMatchObject({ status: 'succeeded' });
      expect(structured.report).not.toBeNull();
      expect((result.content[0] as { text: string }).text).toMatch(/^# What is QUIC\?/);
      // Another token cannot see the task.
      const stranger = await connect(restarted.http.url, await token(RESEARCH_TOKEN));
      await expect(stranger.experimental.tasks.getTask(taskId)).rejects.toThrow(/not found/i);
      await stranger.close();
      await again.close();
    } finally {
      await restarted.close();
    }
  });
});
