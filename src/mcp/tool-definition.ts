// The shape every Quarry tool has: zod input and output schemas, and a handler that gets validated
// arguments plus what it needs to know about the session. One more tool is one more entry in a list.
import type { z } from 'zod';
import type { AgentKind } from './agent-kind.ts';
import type { CitationNumbers } from './citation-numbers.ts';
import type { SessionGrant, SessionMode } from './session-grant.ts';

/** What a tool handler knows about the call and its session. */
export interface ToolCallContext {
  agentKind: AgentKind;
  mode: SessionMode;
  runId?: string;
  /** Aborted when the client cancels the call, the session closes or the tool's time limit passes. */
  signal: AbortSignal;
  /** Sends `notifications/progress` when the client asked for them (a progressToken); otherwise does nothing. */
  progress(progress: number, total?: number, message?: string): Promise<void>;
  citations: CitationNumbers;
  /** The session's grant (the research tool reads its agent from it). */
  grant: SessionGrant;
}

/** What a tool answers: text for every client, structured content matching its output schema. */
export interface ToolAnswer<Output> {
  text: string;
  structured: Output;
}

export interface ToolDefinition<Input extends z.ZodType = z.ZodType, Output extends z.ZodType = z.ZodType> {
  name: string;
  title: string;
  description: string;
  inputSchema: Input;
  outputSchema: Output;
  /** MCP hints for clients: all Quarry tools read the open web and change nothing. */
  annotations?: { readOnlyHint?: boolean; openWorldHint?: boolean; idempotentHint?: boolean };
  /** Whether a session with this grant is offered the tool; default every session. */
  offeredTo?(grant: SessionGrant): boolean;
  /** Checks that need more than the schema (e.g. a provider id that exists); returns what to change, or nothing. */
  checkArguments?(input: z.output<Input>): string | undefined;
  run(input: z.output<Input>, context: ToolCallContext): Promise<ToolAnswer<z.output<Output>>>;
  /**
   * MCP tasks (2025-11-25): a tool that may run as a task starts its work and names it (`start`),
   * says when that work has ended and what it answered (`settle`, asked whenever the task is read;
   * `cancelled` when the work was stopped before it finished), and stops it (`cancel`, tasks/cancel).
   */
  task?: {
    start(input: z.output<Input>, context: ToolCallContext): Promise<string>;
    settle(
      key: string,
    ): Promise<{ answer: ToolAnswer<z.output<Output>>; isError: boolean; cancelled?: boolean } | undefined>;
    cancel?(key: string): Promise<void>;
  };
}

/** Keeps a tool's input and output types tied to its schemas while the list holds them all alike. */
export function defineTool<Input extends z.ZodType, Output extends z.ZodType>(
  definition: ToolDefinition<Input, Output>,
): ToolDefinition {
  return definition as unknown as ToolDefinition;
}

/**
 * A failure inside a tool that the agent can act on: it becomes an `isError` result whose first line is
 * this message (the provider's own words, the budget message, what to fix).
 */
export class ToolFailure extends Error {
  override readonly name = 'ToolFailure';
}

/** Arguments that pass the schema but still cannot work; becomes an `isError` result starting "Invalid arguments for <tool>:". */
export class ToolArgumentError extends Error {
  override readonly name = 'ToolArgumentError';
}
