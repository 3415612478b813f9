// How a run names its agent: `claude-code`, `codex`, `openai`, or a kind with a command,
// `acp:"gemini --acp"` and `command:"./my-agent --fast"` (quotes optional).

export interface AgentSpec {
  kind: string;
  /** The shell command line for the kinds that start one (`acp`, `command`). */
  command?: string;
}

export class AgentSpecError extends Error {
  override readonly name = 'AgentSpecError';
}

/** Reads `kind` or `kind:"command"`; the error names the forms that exist. */
export function parseAgentSpec(spec: string, kinds: readonly string[]): AgentSpec {
  const trimmed = spec.trim();
  const match = /^([a-z][a-z0-9-]*)(?::(.*))?$/s.exec(trimmed);
  if (!match) {
    throw new AgentSpecError(
      `The agent "${spec}" is not a kind Quarry knows: use one of ${kinds.join(', ')} (acp and command take a command: acp:"gemini --acp").`,
    );
  }
  const kind = match[1]!;
  const rest = match[2];
  if (rest === undefined) return { kind };
  let command = rest.trim();
  const quoted = /^"(.*)"$/s.exec(command) ?? /^'(.*)'$/s.exec(command);
  if (quoted) command = quoted[1]!.trim();
  return { kind, command };
}
