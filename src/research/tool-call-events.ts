// Every tool call a run makes, recorded on Quarry's side: the MCP session knows its run (its token's
// grant), so the run's events hold each call whatever the agent prints. An event says the tool, its
// arguments, who answered, what came back (the numbered pages, so a run's citations can be checked
// against them), the budget after the call and how long it took.
import type { ToolCallReport } from '../mcp/create-mcp-server.ts';
import { runBudget, type BudgetStatus } from '../queue/budgets.ts';
import type { QueueSystem } from '../queue/system.ts';
import { appendRunEvent } from './run-events.ts';

interface NumberedPage {
  n?: number;
  title?: string;
  url?: string;
}

/** What the answer held, in a few fields (the pages' text stays out: events are small). */
export function summariseToolAnswer(tool: string, structured: unknown): Record<string, unknown> {
  const answer = (structured ?? {}) as Record<string, unknown>;
  if (tool === 'web_search') {
    const results = Array.isArray(answer.results) ? (answer.results as NumberedPage[]) : [];
    return {
      provider: answer.provider,
      results_count: results.length,
      results: results.map(({ n, title, url }) => ({ n, title, url })),
      ...(Array.isArray(answer.skipped) && answer.skipped.length > 0 ? { skipped: answer.skipped } : {}),
      ...(Array.isArray(answer.ignored_filters) && answer.ignored_filters.length > 0
        ? { ignored_filters: answer.ignored_filters }
        : {}),
    };
  }
  if (tool === 'read_page') {
    const parts = Array.isArray(answer.parts) ? (answer.parts as Array<{ number?: number }>) : [];
    return {
      page: {
        n: answer.n,
        url: answer.url,
        title: answer.title,
        part_count: answer.part_count,
        parts: parts.map((part) => part.number),
        ...(answer.image ? { image: answer.image } : {}),
        ...(answer.method ? { method: answer.method } : {}),
      },
    };
  }
  if (tool === 'find_media') {
    const items = Array.isArray(answer.items) ? (answer.items as Array<Record<string, unknown>>) : [];
    return {
      items: items.map((item) => ({
        name: item.name,
        pictures: Array.isArray(item.pictures)
          ? (item.pictures as Array<{ url?: string; page?: string }>).map(({ url, page }) => ({ url, page }))
          : [],
        ...(Array.isArray(item.videos)
          ? { videos: (item.videos as Array<{ url?: string }>).map(({ url }) => url) }
          : {}),
      })),
    };
  }
  return {};
}

function budgetView(status: BudgetStatus): { used: number; limit: number | null } {
  return { used: status.used, limit: status.limit ?? null };
}

/** The MCP server's `onToolCall` for research runs: sessions without a run record nothing. */
export function recordRunToolCalls(system: QueueSystem): (report: ToolCallReport) => Promise<void> {
  return async (report) => {
    const runId = report.grant.runId;
    if (!runId) return;
    const budget = await runBudget(system, runId);
    await appendRunEvent(system, runId, 'tool', {
      tool: report.tool,
      arguments: report.arguments,
      ok: report.outcome.ok,
      ...(report.outcome.ok
        ? summariseToolAnswer(report.tool, report.outcome.structured)
        : { error: report.outcome.error }),
      budget: {
        searches: budgetView(budget.searches),
        reads: budgetView(budget.reads),
        media: budgetView(budget.media),
      },
      duration_ms: report.durationMs,
    });
  };
}
