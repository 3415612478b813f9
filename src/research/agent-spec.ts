// Which agent works on a run, as an operator writes it: `claude-code`, `codex`, `openai` (Quarry's own
// researcher), `acp:"<command>"` (any Agent Client Protocol agent) or `command:"<command>"` (any
// program). The run keeps the spec as written; the runs worker hands it to the runner list.

export const AGENT_SPEC_KINDS = ['claude-code', 'codex', 'openai', 'acp', 'command'] as const;
export type AgentSpecKind = (typeof AGENT_SPEC_KINDS)[number];

export type AgentSpec =
  { kind: 'claude-code' | 'codex' | 'openai' } | { kind: 'acp' | 'command'; command: string };

/** What `agent` accepts, for error messages. */
export const AGENT_SPEC_FORMS = 'claude-code, codex, openai, acp:"<command>" or command:"<command>"';

export class AgentSpecError extends Error {
  override readonly name = 'AgentSpecError';
}

/** Reads a spec; throws AgentSpecError saying what the spec may be. */
export function parseAgentSpec(spec: string): AgentSpec {
  const trimmed = spec.trim();
  if (trimmed === 'claude-code' || trimmed === 'codex' || trimmed === 'openai') return { kind: trimmed };
  const match = /^(acp|command):(.*)$/s.exec(trimmed);
  if (match) {
    const kind = match[1] as 'acp' | 'command';
    let command = match[2]!.trim();
    // A shell keeps the quotes of acp:"npx agent --acp" when it is typed inside single quotes.
    if (command.length >= 2 && command.startsWith('"') && command.endsWith('"'))
      command = command.slice(1, -1).trim();
    if (!command)
      throw new AgentSpecError(
        `${kind}: needs the command that starts the agent, such as ${kind}:"my-agent --flag"`,
      );
    return { kind, command };
  }
  throw new AgentSpecError(`"${trimmed.slice(0, 60)}" is not an agent: give ${AGENT_SPEC_FORMS}`);
}
