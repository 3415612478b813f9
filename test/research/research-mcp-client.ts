// What the research tool's tests do as an agent would: make an agent token through the REST API,
// connect the real MCP SDK client over Streamable HTTP with it, and wait for a research task to end.
import { createServer } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect } from 'vitest';
import { until } from '../queue/helpers.ts';
import type { ResearchQuarry } from './run-harness.ts';

/** An agent token made with the operator token (POST /api/tokens); `body` says what it allows. */
export async function createAgentToken(
  quarry: ResearchQuarry,
  body: Record<string, unknown>,
): Promise<string> {
  const answer = await quarry.api<{ token: string }>('POST', '/api/tokens', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.token;
}

/** A real MCP client connected to `${url}/mcp` with the bearer token. */
export async function connectMcp(url: string, bearer: string): Promise<Client> {
  const client = new Client({ name: 'quarry-research-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${bearer}` } },
    }),
  );
  return client;
}

/** Polls tasks/get until the task is no longer `working`; its status then. */
export async function taskEnd(client: Client, taskId: string): Promise<string> {
  let status = '';
  await until(
    async () => {
      status = (await client.experimental.tasks.getTask(taskId)).status;
      return status !== 'working';
    },
    60_000,
    'the research task to end',
  );
  return status;
}

/** A loopback port nothing listens on (for a Quarry process that is killed and started again on it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
