// A runner's own MCP connection to Quarry, over the same Streamable HTTP path and token as every agent
// (so budgets and recorded tool calls are the same): Quarry's own researcher works through it, and the
// command runner checks with it that the token is good before it starts a program that may not say.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolRequest, CallToolResult } from '@modelcontextprotocol/sdk/types.js';
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

/** Whether an MCP request failed because the server no longer knows the session (HTTP 404). */
function sessionLost(error: unknown): boolean {
  return error instanceof StreamableHTTPError && error.code === 404;
}

/**
 * A runner's connection to Quarry that outlives a Quarry restart: a server that no longer knows the
 * session answers 404, and the client then starts a new session (MCP 2025-11-25, Streamable HTTP,
 * session management) and sends the call again. A 404 means the server refused the call before
 * running it, so sending it again runs it once.
 */
export class QuarryConnection {
  #client: Client;
  readonly #mcp: AgentRunInput['mcp'];
  readonly #clientName: string;
  readonly #agentName: string;

  private constructor(client: Client, mcp: AgentRunInput['mcp'], clientName: string, agentName: string) {
    this.#client = client;
    this.#mcp = mcp;
    this.#clientName = clientName;
    this.#agentName = agentName;
  }

  static async open(
    mcp: AgentRunInput['mcp'],
    clientName: string,
    agentName: string,
  ): Promise<QuarryConnection> {
    return new QuarryConnection(
      await connectToQuarry(mcp, clientName, agentName),
      mcp,
      clientName,
      agentName,
    );
  }

  /** The session's client now (a new one after a restart). */
  get client(): Client {
    return this.#client;
  }

  async callTool(params: CallToolRequest['params'], options: RequestOptions): Promise<CallToolResult> {
    try {
      return (await this.#client.callTool(params, undefined, options)) as CallToolResult;
    } catch (error) {
      if (!sessionLost(error) || options.signal?.aborted) throw error;
      await this.#client.close().catch(() => {});
      this.#client = await connectToQuarry(this.#mcp, this.#clientName, this.#agentName);
      return (await this.#client.callTool(params, undefined, options)) as CallToolResult;
    }
  }

  async close(): Promise<void> {
    await this.#client.close().catch(() => {});
  }
}
