// The agent-runner contract. Every runner file (Claude Code, Codex, ACP, Quarry's own researcher, a
// command) imports this and nothing of the run machinery: the `runs` processor calls a runner through
// this shape only, and a runner knows nothing of Redis, run records or queues.
import type { AgentSettings } from './agent-defaults.ts';

/** What the `runs` processor hands a runner for one run. */
export interface AgentRunInput {
  runId: string;
  question: string;
  /** Quarry's MCP endpoint (Streamable HTTP) and the run's deep token. The token never goes in argv or events. */
  mcp: { url: string; token: string };
  /** The run's own working folder (exists, empty). The agent's cwd. */
  workDir: string;
  /** The run's own HOME (exists), so a run never reads or changes the operator's agent settings. */
  homeDir: string;
  /** The model to ask for; unset, the runner's default (or the agent's own). */
  model?: string;
  /** The most turns the agent may take; unset, the agent's settings (`settings.maxTurns`), else the runner's default. */
  maxTurns?: number;
  /**
   * The operator's settings for this agent (`agents.<kind>`: model, address, key, command, turns),
   * read from the live settings at the run's start, environment variables already laid over them.
   * Unset, the runner's written defaults. The key never goes in argv or events.
   */
  settings?: AgentSettings;
  /** Agent-specific options from the run record; the runner validates them (bad ones: AgentRunError 'invalid'). */
  options: Record<string, unknown>;
  /**
   * The process environment to pass things through from (ANTHROPIC_BASE_URL, ANTHROPIC_API_KEY,
   * QUARRY_CODEX_BASE_URL, QUARRY_OPENAI_*, PATH, ...). Runners never read `process.env` themselves.
   */
  environment: Record<string, string | undefined>;
  /** Aborted: stop the agent now (cancel or time limit); the runner ends its whole process tree. */
  signal: AbortSignal;
  /** Each step the agent reports, as it happens. Never carries a key or token. */
  onEvent(event: AgentEvent): void;
}

/** One step the agent reported. Tool calls are also recorded on Quarry's MCP side; these are the agent's view. */
export type AgentEvent =
  | { type: 'message'; text: string }
  | { type: 'tool-call'; id?: string; tool: string; arguments: unknown }
  | { type: 'tool-result'; id?: string; tool?: string; summary: string; isError?: boolean }
  | { type: 'usage'; inputTokens?: number; outputTokens?: number; costUsd?: number }
  | { type: 'log'; text: string };

export interface AgentUsage {
  inputTokens?: number;
  outputTokens?: number;
}

/** A finished run's answer, with what the agent reported about its work. */
export interface AgentOutcome {
  answer: string;
  turns?: number;
  usage?: AgentUsage;
  costUsd?: number;
}

/**
 * Why a runner gave up, so the `runs` processor can say it and decide on a retry:
 * - `invalid`: the run's agent options (or the runner's settings) are wrong; a retry cannot help.
 * - `tools-unavailable`: the agent could not reach Quarry's MCP server (token refused, address wrong);
 *   the run must not go on with no tools.
 * - `agent-failed`: the agent's process failed or answered with an error (missing key, model API down).
 * - `max-turns`: the agent used its turns without a final answer.
 * - `cancelled`: the input's signal was aborted and the agent was stopped.
 */
export type AgentRunErrorKind = 'invalid' | 'tools-unavailable' | 'agent-failed' | 'max-turns' | 'cancelled';

/** A runner's failure. The message's first line names what failed and what to change. */
export class AgentRunError extends Error {
  override readonly name = 'AgentRunError';
  readonly kind: AgentRunErrorKind;

  constructor(kind: AgentRunErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = kind;
  }
}

export interface AgentRunner {
  /** The spec kind it answers to (`claude-code`, `codex`, `acp`, `openai`, `command`). */
  readonly kind: string;
  /** A name for people (`Claude Code`). */
  readonly name: string;
  /** Runs the agent on the question to its end; throws AgentRunError for every way it can fail. */
  run(input: AgentRunInput): Promise<AgentOutcome>;
}
