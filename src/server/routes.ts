// The route modules the Quarry server carries, in order: /mcp and /api/tokens, /api/site-icon/:host,
// /api/runs/:id/budget, /api/runs/:id/report and /pictures/:name, /api/runs, the operators' console
// (/console) and /metrics.
import type { RouteRegistrar } from './app.ts';
import { createConsoleRoute } from './console/console-route.tsx';
import { createMcpRoute } from './mcp-route.ts';
import { createMetricsRoute } from './metrics-route.ts';
import { createRunBudgetRoute } from './run-budget-route.ts';
import { createRunReportRoute } from './run-report-route.ts';
import { createRunsRoute } from './runs-route.ts';
import { createSiteIconRoute } from './site-icon-route.ts';

export function defaultRoutes(): RouteRegistrar[] {
  return [
    createMcpRoute(),
    createSiteIconRoute(),
    createRunBudgetRoute(),
    createRunReportRoute(),
    createRunsRoute(),
    createConsoleRoute(),
    createMetricsRoute(),
  ];
}
