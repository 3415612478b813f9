// The runners' defaults, each with its reason, next to the runners that use them; the configuration
// (src/config.ts, `agents.*`, live in the settings store) refers to these, and an operator overrides
// them there. Imports nothing, so the settings can read it without loading the runners.

/** An agent's settings (`agents.<kind>` in the settings store), as a run's runner is given them. */
export interface AgentSettings {
  /** The program that starts the agent (Claude Code, Codex): a name on PATH or a path. */
  command?: string;
  /** The model API's address (Chat Completions, Responses, Anthropic Messages). */
  baseUrl?: string;
  /** The model API's key; write-only in every display. */
  apiKey?: string;
  /** The model a run asks for when it names none. */
  model?: string;
  /** The agent CLI's login file of the operator's, copied into each run's home. */
  loginFile?: string;
  /** The most turns a run's agent may take when the run gives no number. */
  maxTurns?: number;
  /** A run's time limit when its request gives none (else `runs.timeLimitSeconds`). */
  timeLimitSeconds?: number;
}

/** The agents with settings of their own, by kind (the `--agent` names). */
export const AGENTS_WITH_SETTINGS = ['openai', 'codex', 'claude-code'] as const;
export type AgentWithSettings = (typeof AGENTS_WITH_SETTINGS)[number];

export const AGENT_DEFAULTS = {
  openai: {
    /** Model turns: a few dozen searches and reads, then the answer. */
    maxTurns: 30,
  },
  codex: {
    command: 'codex',
    /**
     * Codex has no turn limit of its own: a run's turns are counted as its tool calls (each is one
     * model answer), and it is stopped past the limit. Enough for a few dozen searches and reads.
     */
    maxTurns: 40,
  },
  'claude-code': {
    command: 'claude',
    /** Claude Code's `--max-turns`: enough for a few dozen searches and reads. */
    maxTurns: 40,
  },
} as const satisfies Record<AgentWithSettings, AgentSettings>;

/** The settings of the agent of `kind` within the `agents` section, or none for kinds without settings. */
export function agentSettingsOf(
  agents: Readonly<Record<AgentWithSettings, AgentSettings>>,
  kind: string,
): AgentSettings | undefined {
  return (AGENTS_WITH_SETTINGS as readonly string[]).includes(kind)
    ? agents[kind as AgentWithSettings]
    : undefined;
}
