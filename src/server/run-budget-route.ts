// A run's budget for the operator: `GET /api/runs/:id/budget` shows it, `POST /api/runs/:id/budget`
// ({"budget": 60} and/or read_budget, media_budget) changes it, recorded in the audit stream. Both sit
// under /api, so `requireOperator` guards them.
import type { Context, Hono } from 'hono';
import {
  changeRunBudget,
  RUN_ID_PATTERN,
  RunBudgetChangeError,
  type RunBudgets,
} from '../mcp/change-run-budget.ts';
import { runBudget } from '../queue/budgets.ts';
import type { RouteRegistrar } from './app.ts';

export const RUN_BUDGET_PATH = '/api/runs/:id/budget';

function budgetJson(runId: string, budgets: RunBudgets): Record<string, unknown> {
  return {
    run_id: runId,
    ...Object.fromEntries(
      Object.values(budgets).map((status) => [
        status.kind,
        { used: status.used, limit: status.limit ?? null, remaining: status.remaining ?? null },
      ]),
    ),
  };
}

function actorOf(context: Context): string {
  return context.get('operator')?.via === 'session' ? 'api (session)' : 'api (bearer)';
}

export function createRunBudgetRoute(): RouteRegistrar {
  return (app: Hono, { system }) => {
    app.get(RUN_BUDGET_PATH, async (context) => {
      const runId = context.req.param('id');
      if (!RUN_ID_PATTERN.test(runId))
        return context.json({ error: 'The run id takes letters, digits and . _ : - (at most 100).' }, 400);
      return context.json(budgetJson(runId, await runBudget(system, runId)));
    });

    app.post(RUN_BUDGET_PATH, async (context) => {
      const runId = context.req.param('id');
      let body: unknown;
      try {
        body = JSON.parse(await context.req.text());
      } catch {
        return context.json(
          { error: 'The body is not JSON: send {"budget": 60} (and/or read_budget, media_budget).' },
          400,
        );
      }
      try {
        const { before, after } = await changeRunBudget(system, runId, body, actorOf(context));
        return context.json({ ...budgetJson(runId, after), before: budgetJson(runId, before) });
      } catch (error) {
        if (error instanceof RunBudgetChangeError) return context.json({ error: error.message }, 400);
        throw error;
      }
    });
  };
}
