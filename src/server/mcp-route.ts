// Mounts the MCP endpoint (`/mcp`, Streamable HTTP with sessions) and the token API
// (`POST /api/tokens`, behind `requireOperator` like every operator route under /api) on the Quarry server.
import type { Hono } from 'hono';
import { McpHttpEndpoint } from '../mcp/http-endpoint.ts';
import { issueToken, keptBudgetNote, tokenStoreFor, TokenRequestError } from '../mcp/issue-token.ts';
import { OriginGuard } from '../mcp/origin-guard.ts';
import { queueToolBackends } from '../mcp/queue-backends.ts';
import { createQuarryTools } from '../mcp/quarry-tools.ts';
import { queueResearchBackend } from '../mcp/research-backend.ts';
import { RedisTaskStore } from '../mcp/redis-task-store.ts';
import { createResearchTool } from '../mcp/research-tool.ts';
import type { ToolDefinition } from '../mcp/tool-definition.ts';
import type { QueueSystem } from '../queue/system.ts';
import { recordRunToolCalls } from '../research/tool-call-events.ts';
import type { RouteRegistrar } from './app.ts';

export const MCP_PATH = '/mcp';
export const TOKENS_PATH = '/api/tokens';

export interface McpRouteOptions {
  /** The tools; default web_search, read_page, find_media and research (for tokens that allow it) through the queues. */
  tools?: (system: QueueSystem) => readonly ToolDefinition[];
  /** Receives the endpoint, for tests and benchmarks that count sessions. */
  onEndpoint?: (endpoint: McpHttpEndpoint) => void;
}

export function createMcpRoute(options: McpRouteOptions = {}): RouteRegistrar {
  return (app: Hono, { system }) => {
    const { config } = system;
    const endpoint = new McpHttpEndpoint({
      tools:
        options.tools?.(system) ??
        createQuarryTools(queueToolBackends(system), [createResearchTool(queueResearchBackend(system))]),
      tokens: tokenStoreFor(system),
      guard: new OriginGuard({
        bindHost: config.host,
        allowedOrigins: config.mcp.allowedOrigins,
        allowedHosts: config.mcp.allowedHosts,
      }),
      // Read at each call: toolTimeoutMs is a live setting (system.config follows the settings store).
      toolTimeoutMs: () => system.config.toolTimeoutMs,
      sessionIdleMs: config.mcp.sessionIdleSeconds * 1_000,
      tokenRecheckMs: config.mcp.tokenRecheckMs,
      // Each tool call of a research run goes into the run's events, recorded here, not by the agent.
      onToolCall: recordRunToolCalls(system),
      // Tasks in Redis, owned by their token: any Quarry process answers tasks/get and tasks/result.
      taskStore: (owner, work) =>
        new RedisTaskStore({ redis: system.connection, prefix: system.prefix, owner, work }),
    });
    options.onEndpoint?.(endpoint);
    system.onClose(() => endpoint.close());

    app.all(MCP_PATH, (context) => endpoint.handle(context.req.raw));

    app.post(TOKENS_PATH, async (context) => {
      let body: unknown = {};
      const text = await context.req.text();
      if (text.trim()) {
        try {
          body = JSON.parse(text);
        } catch {
          return context.json(
            { error: 'The body is not JSON: send {"mode": "deep", "run_id": "...", "budget": 40} or {}.' },
            400,
          );
        }
      }
      try {
        const issued = await issueToken(system, body);
        const { record } = issued;
        return context.json(
          {
            token: issued.token,
            mode: record.mode,
            run_id: record.runId ?? null,
            budget: issued.budgets.searches ?? null,
            read_budget: issued.budgets.reads ?? null,
            media_budget: issued.budgets.media ?? null,
            agent_kind: record.agentKind ?? null,
            created_at: record.createdAt,
            ...(keptBudgetNote(issued) ? { note: keptBudgetNote(issued) } : {}),
          },
          201,
        );
      } catch (error) {
        if (error instanceof TokenRequestError) return context.json({ error: error.message }, 400);
        throw error;
      }
    });
  };
}
