// A runner's own MCP connection to Quarry, over the same Streamable HTTP path and token as every agent
// (so budgets and recorded tool calls are the same): Quarry's own researcher works through it, and the
// command runner checks with it that the token is good before it starts a program that may not say.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { AgentRunError, type AgentRunInput } from './agent-runner.ts';

/** Connects as `clientName`; a refused token or an unreachable Quarry is AgentRunError 'tools-unavailable'. */
export async function connectToQuarry(
  mcp: AgentRunInput['mcp'],
  clientName: string,
  agentName: string,
): Promise<Client> {
  const client = new Client({ name: clientName, version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(mcp.url), {
    requestInit: { headers: { authorization: `Bearer ${mcp.token}` } },
  });
  try {
    await client.connect(transport);
    return client;
  } catch (error) {
    await client.close().catch(() => {});
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new AgentRunError(
      'tools-unavailable',
      `${agentName} could not use Quarry's tools: connecting to ${mcp.url} failed (${reason}). Check that Quarry answers at that address and that the run's token is valid.`,
      { cause: error },
    );
  }
}

/** Connects, lists the tools and closes: whether an agent given this address and token will have Quarry's tools. */
export async function checkQuarryReachable(mcp: AgentRunInput['mcp'], agentName: string): Promise<void> {
  const client = await connectToQuarry(mcp, 'quarry-runner-check', agentName);
  try {
    await client.listTools();
  } finally {
    await client.close().catch(() => {});
  }
}
