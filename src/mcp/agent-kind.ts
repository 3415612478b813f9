// Which agent is on the other end: its built-in tools differ, so the advice we give it differs too.

/** The agents Quarry words its advice for; anything else is `other`. */
export const AGENT_KINDS = ['claude-code', 'codex', 'other'] as const;
export type AgentKind = (typeof AGENT_KINDS)[number];

/**
 * Reads the kind from the `clientInfo.name` an MCP client sends in `initialize`. Claude Code says
 * `claude-code`; Codex says `codex-mcp-client` (older builds `codex`); anything else is `other`.
 */
export function agentKindFromClientName(clientName: string | undefined): AgentKind {
  if (!clientName) return 'other';
  if (/claude[\s_-]?code/i.test(clientName)) return 'claude-code';
  if (/codex/i.test(clientName)) return 'codex';
  return 'other';
}

export function isAgentKind(value: string): value is AgentKind {
  return (AGENT_KINDS as readonly string[]).includes(value);
}
