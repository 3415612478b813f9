// A token an operator makes (POST /api/tokens, `npx quarry token create --run`), or a session of
// `npx quarry mcp --stdio --run`, never names a research run: that run's agent gets its own token when
// the run starts, and another session on its id would spend its budget and write its searches into
// the run's events. Token runs of an operator's own are unchanged (every token on them shares the
// budget).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBudget } from '../../src/queue/budgets.ts';
import type { RunView } from '../../src/research/run-view.ts';
import { runQuarry } from '../quarry-process.ts';
import { startResearchQuarry, type ResearchQuarry } from './run-harness.ts';

let quarry: ResearchQuarry;

beforeAll(async () => {
  // No worker: the run stays queued, which is enough to be a research run.
  quarry = await startResearchQuarry();
}, 60_000);

afterAll(async () => {
  await quarry?.close();
});

describe('tokens and research runs', { timeout: 60_000 }, () => {
  it("refuses a token for a research run's id, leaving its budget as it was", async () => {
    const created = await quarry.api<RunView>('POST', '/api/runs', {
      question: 'Whose budget is this?',
      agent: 'openai',
      budget: 3,
    });
    expect(created.status).toBe(201);
    const runId = created.body.id;

    const refused = await quarry.api<{ error: string }>('POST', '/api/tokens', {
      mode: 'deep',
      run_id: runId,
      budget: 50,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(
      `The token request is not valid: run_id ${runId} is a research run's (queued, agent openai), and its agent gets a token of its own when the run starts; a token made here would spend that run's budget and write into its events. Leave run_id out (the token gets a run of its own) or name another; to change that run's budget: npx quarry budget set ${runId} --searches N.`,
    );
    expect((await runBudget(quarry.system, runId)).searches).toMatchObject({ used: 0, limit: 3 });

    // The command line says the same and exits 2 (bad input).
    const { QUARRY_PROVIDERS: _order, QUARRY_ALPHA_URL: _alpha, ...environment } = quarry.environment;
    const cli = await runQuarry(['token', 'create', '--deep', '--run', runId], environment);
    expect(cli.code).toBe(2);
    expect(cli.stderr).toContain(`run_id ${runId} is a research run's`);
    expect(cli.stdout).toBe('');
    // `quarry mcp --stdio --run` (a session without a token) refuses it the same way.
    const stdio = await runQuarry(['mcp', '--stdio', '--deep', '--run', runId], environment);
    expect(stdio.code).toBe(2);
    expect(stdio.stderr).toContain(`--run ${runId} is a research run's (queued)`);
    expect((await runBudget(quarry.system, runId)).searches).toMatchObject({ used: 0, limit: 3 });

    // A run id of the operator's own still takes tokens, which share its budget.
    const first = await quarry.api<{ run_id: string; budget: number }>('POST', '/api/tokens', {
      mode: 'deep',
      run_id: 'run-operators-own',
      budget: 2,
    });
    const second = await quarry.api<{ run_id: string; budget: number }>('POST', '/api/tokens', {
      mode: 'deep',
      run_id: 'run-operators-own',
    });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.run_id).toBe('run-operators-own');
    expect((await runBudget(quarry.system, 'run-operators-own')).searches).toMatchObject({ limit: 2 });
  });
});
