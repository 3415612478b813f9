// A run's budget is set when the run gets its first budgeted token, and only an explicit operator
// action changes it afterwards: a second token (HTTP or `quarry token create`) keeps it, so a spent
// run stays spent; `POST /api/runs/:id/budget` and `quarry budget set` change it, each recorded in the
// audit stream with who did it and what it was before.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorActions } from '../../src/mcp/operator-audit.ts';
import { runBudget } from '../../src/queue/budgets.ts';
import { runQuarry } from '../quarry-process.ts';
import {
  connectClient,
  RECORDED,
  startFakeProviders,
  startQuarry,
  type FakeProviders,
  type RunningQuarry,
  text,
} from './quarry-harness.ts';

/** Four command-line processes in a row: each starts tsx, which takes seconds on a busy machine. */
const PROCESSES_MS = 120_000;

describe('changing a run budget is its own recorded action', () => {
  let fakes: FakeProviders;
  let quarry: RunningQuarry;

  beforeAll(async () => {
    fakes = await startFakeProviders({ searxng: RECORDED.searxng() });
    quarry = await startQuarry({ providers: [['searxng', 'searxng']], fakes });
  });

  afterAll(async () => {
    await quarry?.close();
    await fakes?.close();
  });

  async function search(token: string): Promise<CallToolResult> {
    const client = await connectClient(quarry.mcpUrl, token);
    try {
      return (await client.callTool({
        name: 'web_search',
        arguments: { query: 'openclaw' },
      })) as CallToolResult;
    } finally {
      await client.close();
    }
  }

  function changeBudget(runId: string, body: unknown): Promise<Response> {
    return fetch(`${quarry.url}/api/runs/${runId}/budget`, {
      method: 'POST',
      headers: { authorization: `Bearer ${quarry.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  it('keeps a spent run spent when another token is issued for it, over HTTP', async () => {
    const first = await quarry.token({ mode: 'deep', run_id: 'run-keep-http', budget: 1 });
    expect((await search(first.token)).isError).toBeFalsy();
    expect((await search(first.token)).isError).toBe(true);

    const second = (await quarry.token({ mode: 'deep', run_id: 'run-keep-http', budget: 50 })) as unknown as {
      token: string;
      budget: number;
      note?: string;
    };
    expect(second.budget).toBe(1);
    expect(second.note).toMatch(/^Run run-keep-http already has a budget and keeps it \(1 searches\)/);
    expect(second.note).toContain('npx quarry budget set run-keep-http');
    const refused = await search(second.token);
    expect(refused.isError).toBe(true);
    expect(text(refused)).toBe("This run's 1 searches are used; answer from what you have.");
    expect((await runBudget(quarry.system, 'run-keep-http')).searches).toMatchObject({ used: 1, limit: 1 });
  });

  it('changes a budget through POST /api/runs/:id/budget, for the operator only, and records it', async () => {
    const { token } = await quarry.token({ mode: 'deep', run_id: 'run-change-http', budget: 1 });
    expect((await search(token)).isError).toBeFalsy();

    const anonymous = await fetch(`${quarry.url}/api/runs/run-change-http/budget`, {
      method: 'POST',
      body: JSON.stringify({ budget: 99 }),
    });
    expect(anonymous.status).toBe(401);
    const bad = await changeBudget('run-change-http', { budget: -3, colour: 'red' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(
      /budget \(searches\) must be 0 or more.*unknown field colour/,
    );

    const changed = await changeBudget('run-change-http', { budget: 2 });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({
      run_id: 'run-change-http',
      searches: { used: 1, limit: 2, remaining: 1 },
      before: { searches: { used: 1, limit: 1 } },
    });
    expect((await search(token)).isError).toBeFalsy();
    expect((await search(token)).isError).toBe(true);

    const shown = await fetch(`${quarry.url}/api/runs/run-change-http/budget`, {
      headers: { authorization: `Bearer ${quarry.adminToken}` },
    });
    expect(await shown.json()).toMatchObject({ searches: { used: 2, limit: 2, remaining: 0 } });

    const [latest] = await operatorActions(quarry.system);
    expect(latest).toMatchObject({
      action: 'run-budget-set',
      actor: 'api (bearer)',
      details: { run_id: 'run-change-http', before: { searches: 1 }, after: { searches: 2 } },
    });
    expect(JSON.stringify(latest)).not.toContain(quarry.adminToken);
  });

  it(
    'keeps the budget with `quarry token create`, and changes it with `quarry budget set` (recorded)',
    async () => {
      const env = quarry.environment;
      const first = await runQuarry(['token', 'create', '--run', 'run-keep-cli', '--budget', '3'], env);
      expect(first.code).toBe(0);
      const again = await runQuarry(['token', 'create', '--run', 'run-keep-cli', '--budget', '30'], env);
      expect(again.code).toBe(0);
      expect(again.stderr).toContain('Token made (mode normal, run run-keep-cli, 3 searches)');
      expect(again.stderr).toContain('Run run-keep-cli already has a budget and keeps it (3 searches)');
      expect((await runBudget(quarry.system, 'run-keep-cli')).searches.limit).toBe(3);

      const set = await runQuarry(['budget', 'set', 'run-keep-cli', '--searches', '7'], env);
      expect(set.code).toBe(0);
      expect(set.stdout).toMatch(/^Run run-keep-cli: searches: 0 of 7 used; page reads: 0 used, no limit/);
      expect((await runBudget(quarry.system, 'run-keep-cli')).searches.limit).toBe(7);
      const [latest] = await operatorActions(quarry.system);
      expect(latest).toMatchObject({
        action: 'run-budget-set',
        actor: 'cli',
        details: { run_id: 'run-keep-cli', before: { searches: 3 }, after: { searches: 7 } },
      });

      const nothing = await runQuarry(['budget', 'set', 'run-keep-cli'], env);
      expect(nothing.code).toBe(2);
      expect(nothing.stderr).toBe('quarry budget set needs at least one of --searches, --reads, --media.\n');
    },
    PROCESSES_MS,
  );
});
