// One MCP server per session: lists the tools, validates arguments, runs the tool with the session's
// grant, and answers bad arguments and failures inside a tool as `isError` results whose first line
// teaches (specification 2025-11-25, SEP-1303: the model reads a tool error and corrects itself; it
// never sees a protocol error). Only an unknown tool is a protocol error. Built on the SDK's low-level
// `Server` so the messages, the JSON Schemas and the per-session grant stay ours.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { agentKindFromClientName } from './agent-kind.ts';
import { CitationNumbers } from './citation-numbers.ts';
import { SERVER_INSTRUCTIONS } from './server-instructions.ts';
import type { RedisTaskStore, TaskWork } from './redis-task-store.ts';
import type { SessionGrant } from './session-grant.ts';
import {
  ToolArgumentError,
  ToolFailure,
  type ToolCallContext,
  type ToolDefinition,
} from './tool-definition.ts';

export const SERVER_NAME = 'quarry';
export const SERVER_VERSION = '0.1.0';

export interface McpServerOptions {
  tools: readonly ToolDefinition[];
  grant: SessionGrant;
  /**
   * A whole tool call's time limit (QUARRY_TOOL_TIMEOUT_MS); a function is asked at each call, so a
   * live setting changed while a session is open applies to its next call.
   */
  toolTimeoutMs: number | (() => number);
  /**
   * Told of every tool call once it is answered (research runs record them in the run's events, so
   * the record never depends on what an agent prints). Its failures never fail the call.
   */
  onToolCall?: (report: ToolCallReport) => Promise<void> | void;
  /** Where tasks are kept (MCP tasks, for tools that support them); without it no tool runs as a task. */
  taskStore?: (work: TaskWork) => RedisTaskStore;
}

/** One answered tool call, as the session saw it. */
export interface ToolCallReport {
  tool: string;
  /** The arguments as validated (as given, when they did not validate). */
  arguments: unknown;
  grant: SessionGrant;
  durationMs: number;
  /** The tool's structured answer, or the failure's text (the first line of the isError result). */
  outcome: { ok: true; structured: unknown } | { ok: false; error: string };
}

/**
 * An invalid-params protocol error (only for an unknown tool) whose message goes on the wire as
 * written (McpError would put "MCP error -32602:" in front, and clients add it again).
 */
export class InvalidParamsError extends Error {
  override readonly name = 'InvalidParamsError';
  readonly code = ErrorCode.InvalidParams;
}

/** JSON Schemas are worked out once per tool list, not once per session. */
const listings = new WeakMap<readonly ToolDefinition[], Tool[]>();

function toolListing(tools: readonly ToolDefinition[]): Tool[] {
  const cached = listings.get(tools);
  if (cached) return cached;
  const listing = tools.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: jsonSchema(tool.inputSchema, 'input'),
    outputSchema: jsonSchema(tool.outputSchema, 'output'),
    ...(tool.annotations ? { annotations: { title: tool.title, ...tool.annotations } } : {}),
    ...(tool.task ? { execution: { taskSupport: 'optional' } } : {}),
  })) as Tool[];
  listings.set(tools, listing);
  return listing;
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
}

/** Words zod's problems as what the agent should change, one per line. */
export function describeArgumentProblems(toolName: string, error: z.ZodError, schema: z.ZodType): string {
  const known = argumentNames(schema);
  const problems = error.issues.map((issue) => {
    const where = issue.path.length > 0 ? issue.path.map(String).join('.') : '';
    if (issue.code === 'unrecognized_keys') {
      return `unknown argument${issue.keys.length === 1 ? '' : 's'} ${issue.keys.join(', ')}: ${toolName} takes ${known.join(', ')}`;
    }
    if (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) {
      return `${where} is missing: give ${where} (${issue.expected})`;
    }
    if (issue.code === 'invalid_type') return `${where}: ${issue.message.replace(/^Invalid input: /, '')}`;
    if (issue.code === 'invalid_value' && 'values' in issue) {
      return `${where} must be one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    }
    return where && !issue.message.startsWith(where.split('.')[0]!)
      ? `${where}: ${issue.message}`
      : issue.message;
  });
  return `Invalid arguments for ${toolName}: ${problems.join('; ')}.`;
}

function argumentNames(schema: z.ZodType): string[] {
  const json = jsonSchema(schema, 'input');
  const properties = json.properties;
  return properties && typeof properties === 'object' ? Object.keys(properties) : [];
}

/** The tools a grant is offered, the same array for the same choice (so their listing is worked out once). */
const offeredLists = new WeakMap<readonly ToolDefinition[], Map<string, readonly ToolDefinition[]>>();

function offeredTools(tools: readonly ToolDefinition[], grant: SessionGrant): readonly ToolDefinition[] {
  if (tools.every((tool) => !tool.offeredTo)) return tools;
  const offered = tools.filter((tool) => !tool.offeredTo || tool.offeredTo(grant));
  const key = offered.map((tool) => tool.name).join(',');
  let byKey = offeredLists.get(tools);
  if (!byKey) offeredLists.set(tools, (byKey = new Map()));
  const existing = byKey.get(key);
  if (existing) return existing;
  byKey.set(key, offered);
  return offered;
}

/** Creates the MCP server for one session. Connect it to a transport (HTTP session or stdio). */
export function createMcpServer(options: McpServerOptions): Server {
  const { grant } = options;
  const tools = offeredTools(options.tools, grant);
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const citations = new CitationNumbers();
  const taskStore = options.taskStore?.({
    async settle(toolName, key) {
      const ended = await byName.get(toolName)?.task?.settle(key);
      if (!ended) return undefined;
      return {
        status: ended.cancelled ? 'cancelled' : ended.isError ? 'failed' : 'completed',
        result: {
          content: [{ type: 'text', text: ended.answer.text }],
          structuredContent: ended.answer.structured as Record<string, unknown>,
          ...(ended.isError ? { isError: true } : {}),
        },
      };
    },
    async cancel(toolName, key) {
      await byName.get(toolName)?.task?.cancel?.(key);
    },
  });
  const tasksOffered = taskStore !== undefined && tools.some((tool) => tool.task);
  const server = new Server(
    { name: SERVER_NAME, title: 'Quarry', version: SERVER_VERSION },
    {
      capabilities: {
        tools: {},
        ...(tasksOffered ? { tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } } : {}),
      },
      instructions: SERVER_INSTRUCTIONS,
      ...(tasksOffered ? { taskStore } : {}),
    },
  );

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: toolListing(tools) }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const tool = byName.get(request.params.name);
    if (!tool) {
      throw new InvalidParamsError(
        `Unknown tool ${request.params.name}: this server has ${[...byName.keys()].join(', ')}.`,
      );
    }
    const started = performance.now();
    const report = async (givenArguments: unknown, outcome: ToolCallReport['outcome']) => {
      if (!options.onToolCall) return;
      const durationMs = Math.round(performance.now() - started);
      try {
        await options.onToolCall({ tool: tool.name, arguments: givenArguments, grant, durationMs, outcome });
      } catch {
        // Recording is the recorder's business; the agent still gets its answer.
      }
    };
    const refuse = async (text: string) => {
      await report(request.params.arguments ?? {}, { ok: false, error: text });
      return toolError(text);
    };
    const parsed = tool.inputSchema.safeParse(request.params.arguments ?? {});
    if (!parsed.success) {
      return refuse(describeArgumentProblems(tool.name, parsed.error, tool.inputSchema));
    }
    const problem = tool.checkArguments?.(parsed.data);
    if (problem) return refuse(`Invalid arguments for ${tool.name}: ${problem}`);

    const progressToken = request.params._meta?.progressToken;
    const timeoutMs =
      typeof options.toolTimeoutMs === 'function' ? options.toolTimeoutMs() : options.toolTimeoutMs;
    const signal = AbortSignal.any([extra.signal, AbortSignal.timeout(timeoutMs)]);
    const context: ToolCallContext = {
      agentKind: grant.agentKind ?? agentKindFromClientName(server.getClientVersion()?.name),
      mode: grant.mode,
      ...(grant.runId ? { runId: grant.runId } : {}),
      signal,
      citations,
      grant,
      async progress(progress, total, message) {
        if (progressToken === undefined || signal.aborted) return;
        await extra
          .sendNotification({
            method: 'notifications/progress',
            params: {
              progressToken,
              progress,
              ...(total !== undefined ? { total } : {}),
              ...(message ? { message } : {}),
            },
          })
          .catch(() => undefined); // a client that went away does not fail the call
      },
    };
    if (request.params.task) {
      if (!tool.task || !taskStore || !extra.taskStore)
        throw new InvalidParamsError(`${tool.name} does not run as a task: call it without "task".`);
      try {
        const key = await tool.task.start(parsed.data, context);
        const task = await extra.taskStore.createTask({
          ...(request.params.task.ttl !== undefined ? { ttl: request.params.task.ttl } : {}),
        });
        await taskStore.link(task.taskId, tool.name, key);
        await report(parsed.data, { ok: true, structured: { task_id: task.taskId, work: key } });
        return { task } as unknown as CallToolResult;
      } catch (error) {
        const text =
          error instanceof ToolArgumentError
            ? `Invalid arguments for ${tool.name}: ${error.message}`
            : failureText(tool.name, error, signal);
        await report(parsed.data, { ok: false, error: text });
        return toolError(text);
      }
    }
    try {
      const answer = await tool.run(parsed.data, context);
      await report(parsed.data, { ok: true, structured: answer.structured });
      return {
        content: [{ type: 'text', text: answer.text }],
        structuredContent: answer.structured as Record<string, unknown>,
      };
    } catch (error) {
      const text =
        error instanceof ToolArgumentError
          ? `Invalid arguments for ${tool.name}: ${error.message}`
          : failureText(tool.name, error, signal);
      await report(parsed.data, { ok: false, error: text });
      return toolError(text);
    }
  });

  return server;
}

/** A tool execution error: the model reads the text and can change its call. */
function toolError(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

function failureText(toolName: string, error: unknown, signal: AbortSignal): string {
  if (error instanceof ToolFailure) return error.message;
  if (signal.aborted && signal.reason instanceof DOMException && signal.reason.name === 'TimeoutError') {
    return `${toolName} ran out of time (QUARRY_TOOL_TIMEOUT_MS) before it finished: try again, or ask for less.`;
  }
  const message = error instanceof Error ? error.message : String(error);
  return `${toolName} failed: ${message}`;
}
