// The agents a run can use, one line each. Adding one is one file plus one line here.
import { acpAgent } from './acp.ts';
import type { AgentRunner } from './agent-runner.ts';
import { parseAgentSpec, AgentSpecError, type AgentSpec } from './agent-spec.ts';
import { claudeCode } from './claude-code.ts';
import { codex } from './codex.ts';
import { commandAgent } from './command.ts';
import { openaiResearcher } from './openai-researcher.ts';
import { guardSecrets } from './secret-guard.ts';

/** One kind of agent: a fixed runner, or one made for the command the spec gives. */
export interface AgentRunnerEntry {
  kind: string;
  name: string;
  /** Whether the spec must give a command (`acp:"..."`, `command:"..."`). */
  takesCommand: boolean;
  create(command: string | undefined): AgentRunner;
}

function fixed(runner: AgentRunner): AgentRunnerEntry {
  return { kind: runner.kind, name: runner.name, takesCommand: false, create: () => runner };
}

function withCommand(kind: string, name: string, create: (command: string) => AgentRunner): AgentRunnerEntry {
  return { kind, name, takesCommand: true, create: (command) => create(command!) };
}

/** Throws at start-up when two entries share a kind or a kind is not stable lowercase. */
export function checkRunners(entries: readonly AgentRunnerEntry[]): AgentRunnerEntry[] {
  const seen = new Set<string>();
  for (const entry of entries) {
    if (!/^[a-z][a-z0-9-]*$/.test(entry.kind)) {
      throw new Error(
        `Agent kind "${entry.kind}" must be lowercase letters, digits and dashes: rename it in its file.`,
      );
    }
    if (seen.has(entry.kind)) {
      throw new Error(
        `Two agent runners have the kind "${entry.kind}": give one of them another kind in its file.`,
      );
    }
    seen.add(entry.kind);
  }
  return [...entries];
}

export const AGENT_RUNNERS: AgentRunnerEntry[] = checkRunners([
  fixed(claudeCode),
  fixed(codex),
  withCommand('acp', 'An ACP agent', acpAgent),
  fixed(openaiResearcher),
  withCommand('command', 'A command', commandAgent),
]);

/** The spec forms that exist, for messages and help: `claude-code`, `acp:"<command>"`, ... */
export function agentKinds(): string[] {
  return AGENT_RUNNERS.map((entry) => (entry.takesCommand ? `${entry.kind}:"<command>"` : entry.kind));
}

/**
 * The runner for a spec (`codex`, `acp:"gemini --acp"`), its events and failures kept clean of the
 * run's secrets; the error lists the kinds that exist.
 */
export function runnerFor(spec: string | AgentSpec): AgentRunner {
  const parsed = typeof spec === 'string' ? parseAgentSpec(spec, agentKinds()) : spec;
  const entry = AGENT_RUNNERS.find((candidate) => candidate.kind === parsed.kind);
  if (!entry) {
    throw new AgentSpecError(`There is no agent "${parsed.kind}": use one of ${agentKinds().join(', ')}.`);
  }
  if (entry.takesCommand && !parsed.command) {
    throw new AgentSpecError(
      `The agent ${entry.kind} needs the command that starts it: ${entry.kind}:"<command>", for example ${entry.kind}:"./my-agent --flag".`,
    );
  }
  if (!entry.takesCommand && parsed.command !== undefined) {
    throw new AgentSpecError(`The agent ${entry.kind} takes no command: write just "${entry.kind}".`);
  }
  return guardSecrets(entry.create(parsed.command));
}
