// Any Agent Client Protocol agent over stdio as a run's agent: `acp:"gemini --acp"`,
// `acp:"claude-agent-acp"`. Quarry is the ACP client: it gives the session Quarry's MCP server as its
// only one, answers permission requests (Quarry's tools yes, everything else no), offers no file
// system or terminal, and turns `session/update` notifications into run events.
import { Readable, Writable } from 'node:stream';
import {
  client as acpClient,
  ndJsonStream,
  PROTOCOL_VERSION,
  type ActiveSession,
  type ClientConnection,
  type PromptResponse,
  type RequestPermissionRequest,
  type RequestPermissionResponse,
  type SessionUpdate,
  type ToolCallUpdate,
} from '@agentclientprotocol/sdk';
import { z } from 'zod';
import {
  agentEnvironment,
  startAgentProcess,
  STOP_GRACE_MS,
  summarize,
  withoutSecrets,
} from './agent-process.ts';
import { parseAgentOptions } from './agent-options.ts';
import { AgentRunError, type AgentOutcome, type AgentRunInput, type AgentRunner } from './agent-runner.ts';
import { checkQuarryReachable } from './quarry-mcp-client.ts';
import { RESEARCH_INSTRUCTIONS } from './research-instructions.ts';

const SERVER = 'quarry';
const QUARRY_TOOL = /(?:^|mcp__|\b)quarry(?:__|[.:/ ]+)(web_search|read_page|find_media)\b/i;
/** More of Quarry's environment an ACP agent may see, by name, comma-separated (its model key, say). */
export const ACP_PASS_ENV_SETTING = 'QUARRY_ACP_PASS_ENV';
/** What every ACP agent needs to reach its model; the operator adds others with QUARRY_ACP_PASS_ENV. */
const ACP_VARIABLES = [
  'ANTHROPIC_BASE_URL',
  'ANTHROPIC_API_KEY',
  'CLAUDE_CODE_OAUTH_TOKEN',
  'GEMINI_API_KEY',
  'OPENAI_API_KEY',
];
/** How long the agent gets to answer `initialize` and `session/new`: adapters start a CLI behind them. */
const SETUP_TIMEOUT_MS = 60_000;

const optionsSchema = z
  .object({
    /** `_meta` for `session/new`, merged over Quarry's own (an adapter's switches). */
    session_meta: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

/**
 * The `_meta` adapters read in `session/new` to drop their built-in tools: the Claude ACP adapter
 * takes Claude Code's options under `claudeCode.options` (no built-in tools at all, web search and
 * fetch named off too, Quarry's tools allowed without asking); `disableBuiltInTools` is its older switch.
 */
function builtInToolsOff(maxTurns: number | undefined): Record<string, unknown> {
  return {
    disableBuiltInTools: true,
    claudeCode: {
      options: {
        tools: [],
        disallowedTools: ['WebSearch', 'WebFetch'],
        allowedTools: [`mcp__${SERVER}`],
        strictMcpConfig: true,
        settingSources: [],
        ...(maxTurns === undefined ? {} : { maxTurns }),
      },
    },
  };
}

/** The Quarry tool a tool call is, by its name or title; undefined for any other tool. */
export function quarryToolOf(call: Pick<ToolCallUpdate, 'title' | 'name' | '_meta'>): string | undefined {
  const meta = call._meta as { claudeCode?: { toolName?: unknown } } | null | undefined;
  for (const candidate of [call.name, meta?.claudeCode?.toolName, call.title]) {
    if (typeof candidate !== 'string') continue;
    const match = QUARRY_TOOL.exec(candidate);
    if (match) return match[1]!.toLowerCase();
  }
  return undefined;
}

export function acpAgent(commandLine: string): AgentRunner {
  const agentName = `The ACP agent "${commandLine}"`;
  return {
    kind: 'acp',
    name: agentName,
    async run(input: AgentRunInput): Promise<AgentOutcome> {
      const options = parseAgentOptions('An ACP agent', optionsSchema, input.options);
      const onEvent = withoutSecrets(input.onEvent, [input.mcp.token]);
      // ACP has no way to say a session's MCP server failed: check the token first.
      await checkQuarryReachable(input.mcp, agentName);
      const passed = (input.environment[ACP_PASS_ENV_SETTING] ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean);
      const agent = await startAgentProcess({
        agentName,
        command: '/bin/sh',
        args: ['-c', commandLine],
        commandSetting: 'the run\'s agent (acp:"...")',
        cwd: input.workDir,
        stdin: 'pipe',
        env: agentEnvironment(input.environment, input.homeDir, {
          ...Object.fromEntries([...ACP_VARIABLES, ...passed].map((name) => [name, input.environment[name]])),
          // The Claude adapter runs Claude Code: the same quiet switches as the Claude Code runner.
          CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
          DISABLE_AUTOUPDATER: '1',
          DISABLE_TELEMETRY: '1',
          DISABLE_ERROR_REPORTING: '1',
        }),
      });
      agent.child.stdin!.on('error', () => {
        // The agent went away; its exit says why.
      });
      const stream = ndJsonStream(
        Writable.toWeb(agent.child.stdin!) as WritableStream<Uint8Array>,
        Readable.toWeb(agent.child.stdout!) as ReadableStream<Uint8Array>,
      );
      const tools = new Map<string, ToolCallSeen>();
      const app = acpClient({ name: 'quarry' }).onRequest(
        'session/request_permission',
        ({ params }): RequestPermissionResponse => {
          const request = params as RequestPermissionRequest;
          const tool = quarryToolOf(request.toolCall) ?? tools.get(request.toolCall.toolCallId)?.quarryTool;
          const wanted = tool ? ['allow_once', 'allow_always'] : ['reject_once', 'reject_always'];
          const option = wanted
            .map((kind) => request.options.find((candidate) => candidate.kind === kind))
            .find(Boolean);
          if (!tool) {
            const what = request.toolCall.title ?? request.toolCall.name ?? request.toolCall.toolCallId;
            onEvent({
              type: 'log',
              text: `Refused the agent's own tool "${summarize(what, 120)}": runs use Quarry's tools only.`,
            });
          }
          return option
            ? { outcome: { outcome: 'selected', optionId: option.optionId } }
            : { outcome: { outcome: 'cancelled' } };
        },
      );
      const connection: ClientConnection = app.connect(stream);

      let cancelled = false;
      let session: ActiveSession | undefined;
      const onAbort = () => {
        cancelled = true;
        if (session) {
          void connection.agent.notify('session/cancel', { sessionId: session.sessionId }).catch(() => {});
        }
        // Give it the grace to end the turn, then end the process (and its group) whatever it does.
        setTimeout(() => void agent.stop(), STOP_GRACE_MS).unref();
      };
      if (input.signal.aborted) onAbort();
      input.signal.addEventListener('abort', onAbort, { once: true });
      const setupTimeout = (method: string) =>
        new Promise<never>((_, fail) =>
          setTimeout(
            () =>
              fail(
                new AgentRunError(
                  'agent-failed',
                  `${agentName} did not answer ${method} within ${SETUP_TIMEOUT_MS / 1_000} s: check that the command starts an ACP agent on stdio.`,
                ),
              ),
            SETUP_TIMEOUT_MS,
          ).unref(),
        );
      const exitedEarly = agent.exited.then((exit) => {
        throw new AgentRunError(
          cancelled ? 'cancelled' : 'agent-failed',
          cancelled
            ? `${agentName} was stopped: the run was cancelled or ran out of time.`
            : `${agentName} ended (${exit.signal ?? `exit ${exit.code}`}) before it answered: ${exit.stderrTail.split('\n').slice(-5).join(' / ') || 'it wrote nothing on standard error'}`,
        );
      });
      exitedEarly.catch(() => {});

      try {
        const initialized = await Promise.race([
          connection.agent.request('initialize', {
            protocolVersion: PROTOCOL_VERSION,
            clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false },
            clientInfo: { name: 'quarry', version: '0.1.0' },
          }),
          exitedEarly,
          setupTimeout('initialize'),
        ]);
        if (initialized.agentCapabilities?.mcpCapabilities?.http !== true) {
          throw new AgentRunError(
            'tools-unavailable',
            `${agentName} does not take MCP servers over HTTP (its initialize answer has no mcpCapabilities.http), so it cannot be given Quarry's tools: use an agent or adapter that does.`,
          );
        }
        session = await Promise.race([
          connection.agent
            .buildSession({
              cwd: input.workDir,
              mcpServers: [
                {
                  type: 'http',
                  name: SERVER,
                  url: input.mcp.url,
                  headers: [{ name: 'Authorization', value: `Bearer ${input.mcp.token}` }],
                },
              ],
              _meta: { ...builtInToolsOff(input.maxTurns), ...options.session_meta },
            })
            .start(),
          exitedEarly,
          setupTimeout('session/new'),
        ]);
        if (cancelled)
          void connection.agent.notify('session/cancel', { sessionId: session.sessionId }).catch(() => {});

        const answer: string[] = [];
        let pendingMessage = '';
        let currentMessageId: string | undefined;
        const flushMessage = () => {
          if (pendingMessage.trim()) onEvent({ type: 'message', text: pendingMessage });
          pendingMessage = '';
        };
        const prompt = session.prompt(`${RESEARCH_INSTRUCTIONS}\n\nThe question:\n${input.question}`);
        prompt.catch(() => {});
        let response: PromptResponse | undefined;
        while (!response) {
          const message = await Promise.race([session.nextUpdate(), exitedEarly]);
          if (message.kind === 'stop') {
            response = message.response;
            break;
          }
          const update = message.update;
          if (update.sessionUpdate === 'agent_message_chunk') {
            if (update.content.type !== 'text') continue;
            const meta = update._meta as { claudeCode?: { kind?: unknown } } | null | undefined;
            if (meta?.claudeCode?.kind === 'informational') {
              // The Claude adapter's own notices (billing, settings) are not the agent's words.
              flushMessage();
              onEvent({ type: 'log', text: summarize(update.content.text) });
              continue;
            }
            // A new message id starts a new message: the answer is the last one.
            const messageId = update.messageId ?? undefined;
            if (messageId !== currentMessageId) {
              flushMessage();
              answer.length = 0;
              currentMessageId = messageId;
            }
            pendingMessage += update.content.text;
            answer.push(update.content.text);
            continue;
          }
          flushMessage();
          handleUpdate(update, tools, onEvent, answer);
        }
        flushMessage();
        if (response.stopReason === 'cancelled' || cancelled) {
          throw new AgentRunError(
            'cancelled',
            `${agentName} was stopped: the run was cancelled or ran out of time.`,
          );
        }
        if (response.stopReason === 'max_turn_requests' || response.stopReason === 'max_tokens') {
          throw new AgentRunError(
            'max-turns',
            `${agentName} stopped (${response.stopReason}) before a final answer: give the run more turns (max_turns) or a narrower question.`,
          );
        }
        if (response.stopReason === 'refusal') {
          throw new AgentRunError('agent-failed', `${agentName} refused the question.`);
        }
        const text = answer.join('').trim();
        if (!text) throw new AgentRunError('agent-failed', `${agentName} ended its turn without an answer.`);
        const usage = (response as { usage?: { inputTokens?: number; outputTokens?: number } | null }).usage;
        return {
          answer: text,
          ...(usage ? { usage: { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens } } : {}),
        };
      } catch (error) {
        if (cancelled) {
          throw new AgentRunError(
            'cancelled',
            `${agentName} was stopped: the run was cancelled or ran out of time.`,
          );
        }
        if (error instanceof AgentRunError) throw error;
        throw new AgentRunError(
          'agent-failed',
          `${agentName} failed: ${error instanceof Error ? error.message : String(error)}${agent.stderrTail() ? ` (${agent.stderrTail().split('\n').slice(-3).join(' / ')})` : ''}`,
          { cause: error },
        );
      } finally {
        input.signal.removeEventListener('abort', onAbort);
        session?.dispose();
        connection.close();
        agent.child.stdin!.end();
        await agent.stop();
      }
    },
  };
}

interface ToolCallSeen {
  tool: string;
  /** Set when the call is one of Quarry's tools, by its name. */
  quarryTool?: string;
  /** Whether the tool-call event went out (some agents send the arguments in a later update). */
  announced: boolean;
}

function hasArguments(rawInput: unknown): boolean {
  if (rawInput === undefined || rawInput === null) return false;
  return typeof rawInput !== 'object' || Object.keys(rawInput).length > 0;
}

/** A `session/update` other than message text, as run events; tool calls are remembered by id for their results. */
function handleUpdate(
  update: SessionUpdate,
  tools: Map<string, ToolCallSeen>,
  onEvent: AgentRunInput['onEvent'],
  answer: string[],
): void {
  const announce = (id: string, seen: ToolCallSeen, rawInput: unknown) => {
    seen.announced = true;
    onEvent({ type: 'tool-call', id, tool: seen.tool, arguments: rawInput ?? {} });
  };
  switch (update.sessionUpdate) {
    case 'tool_call': {
      const quarryTool = quarryToolOf(update);
      const seen: ToolCallSeen = { tool: quarryTool ?? update.name ?? update.title, announced: false };
      if (quarryTool) seen.quarryTool = quarryTool;
      tools.set(update.toolCallId, seen);
      // Text said before a tool call was thinking aloud, not the answer.
      answer.length = 0;
      if (hasArguments(update.rawInput)) announce(update.toolCallId, seen, update.rawInput);
      return;
    }
    case 'tool_call_update': {
      const seen = tools.get(update.toolCallId);
      if (seen && !seen.announced && hasArguments(update.rawInput))
        announce(update.toolCallId, seen, update.rawInput);
      if (update.status !== 'completed' && update.status !== 'failed') return;
      if (seen && !seen.announced) announce(update.toolCallId, seen, {});
      const text =
        (update.content ?? [])
          .map((item) => (item.type === 'content' && item.content.type === 'text' ? item.content.text : ''))
          .join('\n') ||
        (typeof update.rawOutput === 'string' ? update.rawOutput : JSON.stringify(update.rawOutput ?? ''));
      onEvent({
        type: 'tool-result',
        id: update.toolCallId,
        tool: seen?.tool ?? quarryToolOf(update),
        summary: summarize(text),
        isError: update.status === 'failed',
      });
      return;
    }
    case 'usage_update':
      onEvent({
        type: 'usage',
        ...(update.cost && update.cost.currency === 'USD' ? { costUsd: update.cost.amount } : {}),
      });
      return;
    default:
      return;
  }
}
