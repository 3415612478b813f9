// Who may use /mcp: bearer tokens (missing, wrong, revoked, another token's session), the admin API
// that makes them, and the Origin/Host checks against foreign web pages and DNS rebinding.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenStoreFor } from '../../src/mcp/issue-token.ts';
import {
  connectClient,
  RECORDED,
  startFakeProviders,
  startQuarry,
  type FakeProviders,
  type RunningQuarry,
} from './quarry-harness.ts';

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw-http', version: '1' } },
};

/** A POST with any headers (fetch will not let a caller set Host). */
function post(
  url: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((done, fail) => {
    const address = new URL(url);
    const outgoing = httpRequest(
      {
        host: address.hostname,
        port: address.port,
        path: address.pathname,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          done({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        // An accepted initialize answers on an event stream: the first event is enough.
        if (response.statusCode === 200) setTimeout(() => response.destroy(), 200).unref();
        response.on('close', () =>
          done({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    outgoing.on('error', fail);
    outgoing.end(JSON.stringify(body));
  });
}

describe('access to /mcp', () => {
  let fakes: FakeProviders;
  let quarry: RunningQuarry;

  beforeAll(async () => {
    fakes = await startFakeProviders({ searxng: RECORDED.searxng() });
    // Every request looks its token up again here, so a revocation shows at once (the default is every 5 s).
    quarry = await startQuarry({
      providers: [['searxng', 'searxng']],
      fakes,
      settings: { mcp: { tokenRecheckMs: 0 } },
    });
  });

  afterAll(async () => {
    await quarry?.close();
    await fakes?.close();
  });

  it('answers a request without a token with 401 and says how to get one', async () => {
    const answer = await post(quarry.mcpUrl, {}, INITIALIZE);
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toMatch(/^Bearer /);
    const message = (JSON.parse(answer.body) as { error: { message: string } }).error.message;
    expect(message).toMatch(/^Quarry needs a bearer token\./);
    expect(message).toContain('quarry token create');
    expect(message).toContain('POST /api/tokens');
    expect(message).toContain('Authorization: Bearer <token>');
  });

  it('answers a wrong token with 401, and the SDK client fails to connect', async () => {
    const answer = await post(quarry.mcpUrl, { authorization: 'Bearer qry_not-a-real-token' }, INITIALIZE);
    expect(answer.status).toBe(401);
    expect(answer.body).toContain('This bearer token is not valid');
    await expect(connectClient(quarry.mcpUrl, 'qry_not-a-real-token')).rejects.toThrow();
  });

  it('stops a revoked token (looked up again every tokenRecheckMs, here every request), and keeps a session to the token that started it', async () => {
    const { token } = await quarry.token();
    const client = await connectClient(quarry.mcpUrl, token);
    await expect(client.listTools()).resolves.toHaveProperty('tools');
    const sessionId = (client.transport as { sessionId?: string }).sessionId!;

    const other = await quarry.token();
    const borrowed = await post(
      quarry.mcpUrl,
      { authorization: `Bearer ${other.token}`, 'mcp-session-id': sessionId },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
    );
    expect(borrowed.status).toBe(404);

    await tokenStoreFor(quarry.system).revoke(token);
    await expect(client.listTools()).rejects.toThrow();
    await client.close();
  });

  it('refuses a foreign Origin and a foreign Host, and lets loopback ones through', async () => {
    const { token } = await quarry.token();
    const authorization = `Bearer ${token}`;
    const foreignOrigin = await post(
      quarry.mcpUrl,
      { authorization, origin: 'https://evil.example' },
      INITIALIZE,
    );
    expect(foreignOrigin.status).toBe(403);
    expect(foreignOrigin.body).toContain('Origin https://evil.example may not use this MCP server');

    const rebound = await post(quarry.mcpUrl, { authorization, host: 'evil.example:8787' }, INITIALIZE);
    expect(rebound.status).toBe(403);
    expect(rebound.body).toContain('DNS-rebinding protection');

    const nullOrigin = await post(quarry.mcpUrl, { authorization, origin: 'null' }, INITIALIZE);
    expect(nullOrigin.status).toBe(403);

    const local = await post(
      quarry.mcpUrl,
      { authorization, origin: 'http://localhost:5173', host: `localhost:${new URL(quarry.url).port}` },
      INITIALIZE,
    );
    expect(local.status).toBe(200);
    expect(local.headers['mcp-session-id']).toBeTruthy();
  });

  it('closes sessions that idled past QUARRY_MCP_SESSION_IDLE_SECONDS', async () => {
    const { token } = await quarry.token();
    const client = await connectClient(quarry.mcpUrl, token);
    const endpoint = quarry.endpoint();
    const open = endpoint.sessionCount;
    expect(await endpoint.closeIdleSessions(Date.now())).toBe(0);
    const idleMs = quarry.config.mcp.sessionIdleSeconds * 1_000;
    expect(await endpoint.closeIdleSessions(Date.now() + idleMs + 1_000)).toBe(open);
    expect(endpoint.sessionCount).toBe(0);
    await expect(client.listTools()).rejects.toThrow();
    await client.close();
  });

  it('checks Origin before the token, so a foreign page learns nothing about tokens', async () => {
    const answer = await post(quarry.mcpUrl, { origin: 'https://evil.example' }, INITIALIZE);
    expect(answer.status).toBe(403);
  });

  it('makes tokens only for the operator, and says what is wrong with a bad request', async () => {
    const anonymous = await fetch(`${quarry.url}/api/tokens`, { method: 'POST', body: '{}' });
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: string }).error).toContain('operator token');

    const bad = await fetch(`${quarry.url}/api/tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${quarry.adminToken}` },
      body: JSON.stringify({ mode: 'deeper', budget: -1, colour: 'red' }),
    });
    expect(bad.status).toBe(400);
    const problem = ((await bad.json()) as { error: string }).error;
    expect(problem).toContain('mode must be normal or deep');
    expect(problem).toContain('budget must be at least 1 search');
    expect(problem).toContain('unknown field colour');

    const made = await quarry.token({
      mode: 'deep',
      run_id: 'run-access-test',
      budget: 7,
      agent_kind: 'codex',
    });
    expect(made).toMatchObject({ mode: 'deep', run_id: 'run-access-test', budget: 7, agent_kind: 'codex' });
    expect(made.token).toMatch(/^qry_/);
    // Redis keeps the hash, never the token.
    const keys = await quarry.system.connection.keys(`${quarry.config.prefix}:state:mcp-token:*`);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.join(' ')).not.toContain(made.token.slice(4));
    expect(await tokenStoreFor(quarry.system).verify(made.token)).toMatchObject({
      mode: 'deep',
      runId: 'run-access-test',
      agentKind: 'codex',
    });
  });
});
