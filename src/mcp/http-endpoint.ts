// The Streamable HTTP endpoint: checks Origin and Host, then the bearer token, then routes each request
// to its session's transport. A session (one MCP server with the token's grant) starts with an
// `initialize` POST and lives until the client deletes it, or it idles past the configured time.
import { randomUUID } from 'node:crypto';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { bearerToken } from './bearer-token.ts';
import { createMcpServer, type McpServerOptions } from './create-mcp-server.ts';
import type { OriginGuard } from './origin-guard.ts';
import type { RedisTaskStore, TaskWork } from './redis-task-store.ts';
import type { SessionGrant } from './session-grant.ts';
import { tokenHash, type TokenStore } from './tokens.ts';
import type { ToolDefinition } from './tool-definition.ts';

/** The session header of the Streamable HTTP transport. */
const SESSION_HEADER = 'mcp-session-id';
/** JSON-RPC error codes for HTTP-level refusals (the server-defined range). */
const UNAUTHORISED_CODE = -32001;
const FORBIDDEN_CODE = -32003;
const SESSION_NOT_FOUND_CODE = -32004;
/** The most an initialize body may hold (the transport applies its own 4 MiB bound to later requests). */
const MAX_INITIALIZE_BYTES = 64 * 1024;
/** How often idle sessions are looked for. */
const SWEEP_INTERVAL_MS = 60_000;

export interface McpHttpEndpointOptions {
  tools: readonly ToolDefinition[];
  tokens: TokenStore;
  guard: OriginGuard;
  /** A whole tool call's time limit, or a function asked at each call (a live setting). */
  toolTimeoutMs: McpServerOptions['toolTimeoutMs'];
  sessionIdleMs: number;
  /** How long a session's token counts as checked before Redis is asked again (0: every request). */
  tokenRecheckMs: number;
  /** Where an agent's operator gets a token, for the 401 message. */
  tokenHint?: string;
  /** Told of every tool call (research runs record them). */
  onToolCall?: McpServerOptions['onToolCall'];
  /** Where a session's tasks are kept, by the hash of the token that owns them (MCP tasks). */
  taskStore?: (owner: string, work: TaskWork) => RedisTaskStore;
}

interface Session {
  transport: WebStandardStreamableHTTPServerTransport;
  server: Server;
  /** The token that started the session: only it may use the session. */
  tokenHash: string;
  lastSeen: number;
  /** When the token was last found valid in Redis. */
  tokenCheckedAt: number;
}

const INVALID_TOKEN = 'This bearer token is not valid (unknown, revoked or expired).';

const DEFAULT_TOKEN_HINT =
  'Ask the operator for one: `npx quarry token create` prints one (add --deep --run ID --budget N for a deep-research run), or POST /api/tokens with the operator token. Send it as the header "Authorization: Bearer <token>".';

function jsonRpcError(
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export class McpHttpEndpoint {
  readonly #options: McpHttpEndpointOptions;
  readonly #sessions = new Map<string, Session>();
  readonly #sweeper: NodeJS.Timeout;

  constructor(options: McpHttpEndpointOptions) {
    this.#options = options;
    this.#sweeper = setInterval(
      () => void this.closeIdleSessions(),
      Math.min(SWEEP_INTERVAL_MS, options.sessionIdleMs),
    );
    this.#sweeper.unref();
  }

  #unauthorised(what: string): Response {
    return jsonRpcError(401, UNAUTHORISED_CODE, `${what} ${this.#options.tokenHint ?? DEFAULT_TOKEN_HINT}`, {
      'www-authenticate': `Bearer realm="quarry", error="invalid_token"`,
    });
  }

  get sessionCount(): number {
    return this.#sessions.size;
  }

  async handle(request: Request): Promise<Response> {
    const refusal = this.#options.guard.refusal(request.headers);
    if (refusal) return jsonRpcError(403, FORBIDDEN_CODE, refusal);

    const token = bearerToken(request.headers.get('authorization'));
    if (!token) return this.#unauthorised('Quarry needs a bearer token.');
    const hash = tokenHash(token);

    const sessionId = request.headers.get(SESSION_HEADER);
    if (sessionId) {
      const session = this.#sessions.get(sessionId);
      const now = Date.now();
      // A session's token was checked when it started; it is checked again at most every
      // tokenRecheckMs, so a call does not pay a Redis round trip for it (a revoked token stops within that time).
      const fresh =
        session?.tokenHash === hash && now - session.tokenCheckedAt < this.#options.tokenRecheckMs;
      if (!fresh) {
        if (!(await this.#options.tokens.verify(token))) return this.#unauthorised(INVALID_TOKEN);
        if (!session || session.tokenHash !== hash) {
          return jsonRpcError(
            404,
            SESSION_NOT_FOUND_CODE,
            `Session ${sessionId} was not found (it ended or idled out): start a new one with initialize.`,
          );
        }
        session.tokenCheckedAt = now;
      }
      session!.lastSeen = now;
      return session!.transport.handleRequest(request);
    }

    const grant = await this.#options.tokens.verify(token);
    if (!grant) return this.#unauthorised(INVALID_TOKEN);

    if (request.method !== 'POST') {
      return jsonRpcError(
        400,
        -32000,
        `A ${request.method} to /mcp needs the ${SESSION_HEADER} header: start a session with an initialize POST first.`,
      );
    }
    if (Number(request.headers.get('content-length') ?? 0) > MAX_INITIALIZE_BYTES) {
      return jsonRpcError(
        413,
        -32000,
        `An initialize request is a few hundred bytes; this one is over ${MAX_INITIALIZE_BYTES} bytes.`,
      );
    }
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      return jsonRpcError(
        400,
        -32700,
        'The request body is not JSON: send a JSON-RPC initialize request to start a session.',
      );
    }
    const messages = Array.isArray(body) ? body : [body];
    if (!messages.some((message) => isInitializeRequest(message))) {
      return jsonRpcError(
        400,
        -32000,
        `No ${SESSION_HEADER} header and no initialize request: start a session with initialize first.`,
      );
    }
    return this.#startSession(request, body, grant, hash);
  }

  async #startSession(
    request: Request,
    body: unknown,
    grant: SessionGrant,
    tokenHash: string,
  ): Promise<Response> {
    const server = createMcpServer({
      tools: this.#options.tools,
      grant: {
        mode: grant.mode,
        ...(grant.runId ? { runId: grant.runId } : {}),
        ...(grant.agentKind ? { agentKind: grant.agentKind } : {}),
        ...(grant.research ? { research: true } : {}),
        ...(grant.research && grant.researchAgent ? { researchAgent: grant.researchAgent } : {}),
      },
      toolTimeoutMs: this.#options.toolTimeoutMs,
      ...(this.#options.onToolCall ? { onToolCall: this.#options.onToolCall } : {}),
      ...(this.#options.taskStore
        ? { taskStore: (work: TaskWork) => this.#options.taskStore!(tokenHash, work) }
        : {}),
    });
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        this.#sessions.set(id, {
          transport,
          server,
          tokenHash,
          lastSeen: Date.now(),
          tokenCheckedAt: Date.now(),
        });
      },
      onsessionclosed: (id) => {
        this.#sessions.delete(id);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) this.#sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    return transport.handleRequest(request, { parsedBody: body });
  }

  /** Closes the sessions that had no request for the idle time (run every minute; `now` for tests). */
  async closeIdleSessions(now = Date.now()): Promise<number> {
    const cutoff = now - this.#options.sessionIdleMs;
    let closed = 0;
    for (const [id, session] of this.#sessions) {
      if (session.lastSeen >= cutoff) continue;
      this.#sessions.delete(id);
      closed += 1;
      await session.server.close().catch(() => undefined);
    }
    return closed;
  }

  /** Ends every session (on shutdown). */
  async close(): Promise<void> {
    clearInterval(this.#sweeper);
    const sessions = [...this.#sessions.values()];
    this.#sessions.clear();
    await Promise.all(sessions.map((session) => session.server.close().catch(() => undefined)));
  }
}
