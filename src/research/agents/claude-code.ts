// Claude Code (`claude -p`) as a run's agent: Quarry's MCP server is its only tool server, its own
// tools (Bash, files, WebSearch, WebFetch) are off, and its stream-json lines become run events.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import {
  agentEnvironment,
  eachLine,
  pick,
  startAgentProcess,
  summarize,
  withoutSecrets,
} from './agent-process.ts';
import { AgentRunError, type AgentOutcome, type AgentRunInput, type AgentRunner } from './agent-runner.ts';
import { AGENT_DEFAULTS } from './agent-defaults.ts';
import { copyLoginFile } from './agent-login.ts';
import { parseAgentOptions } from './agent-options.ts';
import { RESEARCH_INSTRUCTIONS } from './research-instructions.ts';

/** The MCP server's name in the agent's config; Claude Code names its tools `mcp__quarry__<tool>`. */
const SERVER = 'quarry';
const TOOL_PREFIX = `mcp__${SERVER}__`;
/** Where an operator sets each of Claude Code's settings: the settings store, or the variable that fixes it. */
const COMMAND_SETTING = 'agents.claude-code.command (QUARRY_CLAUDE_CODE_COMMAND)';
const LOGIN_SETTING = 'agents.claude-code.loginFile (QUARRY_CLAUDE_CODE_CREDENTIALS)';

/**
 * What Claude Code needs from Quarry's environment: its model API's address and key (or an OAuth
 * token from `claude setup-token`), and the switches for a third-party model gateway.
 */
const CLAUDE_CODE_VARIABLES = [
  'ANTHROPIC_BASE_URL',
  'ANTHROPIC_API_KEY',
  'ANTHROPIC_AUTH_TOKEN',
  'CLAUDE_CODE_OAUTH_TOKEN',
  'ANTHROPIC_MODEL',
  'ANTHROPIC_SMALL_FAST_MODEL',
  'ANTHROPIC_DEFAULT_HAIKU_MODEL',
  'CLAUDE_CODE_USE_BEDROCK',
  'CLAUDE_CODE_USE_VERTEX',
  'AWS_REGION',
  'AWS_PROFILE',
  'ANTHROPIC_VERTEX_PROJECT_ID',
  'CLOUD_ML_REGION',
  // How often it asks its model API again after a failure (its own default is 10, with backoff).
  'CLAUDE_CODE_MAX_RETRIES',
] as const;

/** The variables above that hold secrets: blanked out of events whatever the agent prints. */
const CLAUDE_CODE_SECRETS = ['ANTHROPIC_API_KEY', 'ANTHROPIC_AUTH_TOKEN', 'CLAUDE_CODE_OAUTH_TOKEN'] as const;

const optionsSchema = z
  .object({
    /** More text for the end of Claude Code's system prompt. */
    append_system_prompt: z.string().max(20_000).optional(),
  })
  .strict();

/** A `stream-json` line, as far as the runner reads it. */
const lineSchema = z.looseObject({
  type: z.string(),
  subtype: z.string().nullish(),
  mcp_servers: z.array(z.looseObject({ name: z.string(), status: z.string() })).nullish(),
  tools: z.array(z.string()).nullish(),
  message: z.looseObject({ content: z.unknown().optional() }).nullish(),
  result: z.string().nullish(),
  is_error: z.boolean().nullish(),
  num_turns: z.number().nullish(),
  total_cost_usd: z.number().nullish(),
  usage: z.looseObject({ input_tokens: z.number().nullish(), output_tokens: z.number().nullish() }).nullish(),
  errors: z.array(z.string()).nullish(),
});
type Line = z.output<typeof lineSchema>;

interface ContentBlock {
  type?: string;
  id?: string;
  name?: string;
  input?: unknown;
  text?: string;
  tool_use_id?: string;
  content?: unknown;
  is_error?: boolean;
}

export const claudeCode: AgentRunner = {
  kind: 'claude-code',
  name: 'Claude Code',
  async run(input: AgentRunInput): Promise<AgentOutcome> {
    const options = parseAgentOptions('Claude Code', optionsSchema, input.options);
    const settings = input.settings ?? {};
    const onEvent = withoutSecrets(input.onEvent, [
      input.mcp.token,
      settings.apiKey,
      ...CLAUDE_CODE_SECRETS.map((name) => input.environment[name]),
    ]);
    await copyLoginFile(
      settings.loginFile,
      LOGIN_SETTING,
      input.homeDir,
      '.claude/.credentials.json',
      'Claude Code',
    );
    // The token goes in a file only the run can read, never in argv where `ps` shows it.
    const mcpConfig = join(input.homeDir, 'quarry-mcp.json');
    await writeFile(
      mcpConfig,
      JSON.stringify({
        mcpServers: {
          [SERVER]: {
            type: 'http',
            url: input.mcp.url,
            headers: { Authorization: `Bearer ${input.mcp.token}` },
          },
        },
      }),
      { mode: 0o600 },
    );
    // Its sockets and scratch files (it leaves some in /tmp otherwise) go with the run's home.
    const temporaryDir = join(input.homeDir, 'tmp');
    await mkdir(temporaryDir, { recursive: true, mode: 0o700 });
    const maxTurns = input.maxTurns ?? settings.maxTurns ?? AGENT_DEFAULTS['claude-code'].maxTurns;
    const model = input.model ?? settings.model;
    const systemPrompt = [RESEARCH_INSTRUCTIONS, options.append_system_prompt].filter(Boolean).join('\n\n');
    const args = [
      '-p',
      '--output-format',
      'stream-json',
      '--verbose',
      '--mcp-config',
      mcpConfig,
      // Only the servers given here: none of the operator's, none from the working folder.
      '--strict-mcp-config',
      // No built-in tools at all (Bash, files, WebSearch, WebFetch), and the web ones named off too.
      '--tools',
      '',
      '--disallowedTools',
      'WebSearch',
      'WebFetch',
      '--allowedTools',
      `mcp__${SERVER}`,
      '--max-turns',
      String(maxTurns),
      '--no-session-persistence',
      '--append-system-prompt',
      systemPrompt,
      ...(model ? ['--model', model] : []),
      // The variadic flags above would take a question as one more tool name: `--` ends them.
      '--',
      input.question,
    ];
    const agent = await startAgentProcess({
      agentName: 'Claude Code',
      command: settings.command || AGENT_DEFAULTS['claude-code'].command,
      commandSetting: COMMAND_SETTING,
      args,
      cwd: input.workDir,
      env: agentEnvironment(input.environment, input.homeDir, {
        ...pick(input.environment, CLAUDE_CODE_VARIABLES),
        // The settings' model API (ANTHROPIC_BASE_URL / ANTHROPIC_API_KEY fix them from the environment).
        ...(settings.baseUrl ? { ANTHROPIC_BASE_URL: settings.baseUrl } : {}),
        ...(settings.apiKey ? { ANTHROPIC_API_KEY: settings.apiKey } : {}),
        TMPDIR: temporaryDir,
        // Nothing but the model API: no update checks, telemetry, error reports or other side traffic.
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
        DISABLE_AUTOUPDATER: '1',
        DISABLE_TELEMETRY: '1',
        DISABLE_ERROR_REPORTING: '1',
        // A failed Quarry must show in the first line, not be connected later in the background.
        MCP_CONNECTION_NONBLOCKING: '0',
      }),
      // SIGINT lets it end the turn and write its closing `result` line.
      stopSignal: 'SIGINT',
    });

    let failure: AgentRunError | undefined;
    let result: Line | undefined;
    const toolNames = new Map<string, string>();
    const fail = (error: AgentRunError) => {
      failure ??= error;
      void agent.stop();
    };
    const onAbort = () =>
      fail(
        new AgentRunError('cancelled', 'Claude Code was stopped: the run was cancelled or ran out of time.'),
      );
    if (input.signal.aborted) onAbort();
    input.signal.addEventListener('abort', onAbort, { once: true });

    eachLine(agent.child, (text) => {
      const parsed = parseLine(text);
      if (!parsed) {
        if (text.trim()) onEvent({ type: 'log', text: summarize(text) });
        return;
      }
      if (parsed.type === 'system' && parsed.subtype === 'init') {
        const quarry = parsed.mcp_servers?.find((server) => server.name === SERVER);
        if (!quarry || quarry.status !== 'connected') {
          fail(
            new AgentRunError(
              'tools-unavailable',
              `Claude Code could not use Quarry's tools: its MCP connection to ${input.mcp.url} is ${quarry?.status ?? 'missing'}. Check that Quarry answers at that address and that the run's token is valid.`,
            ),
          );
        }
        return;
      }
      if (parsed.type === 'assistant') {
        for (const block of blocks(parsed)) {
          if (block.type === 'tool_use' && block.name) {
            const tool = block.name.startsWith(TOOL_PREFIX)
              ? block.name.slice(TOOL_PREFIX.length)
              : block.name;
            if (block.id) toolNames.set(block.id, tool);
            onEvent({ type: 'tool-call', id: block.id, tool, arguments: block.input ?? {} });
          } else if (block.type === 'text' && block.text?.trim()) {
            onEvent({ type: 'message', text: block.text });
          }
        }
        return;
      }
      if (parsed.type === 'user') {
        for (const block of blocks(parsed)) {
          if (block.type !== 'tool_result') continue;
          onEvent({
            type: 'tool-result',
            id: block.tool_use_id,
            tool: block.tool_use_id ? toolNames.get(block.tool_use_id) : undefined,
            summary: summarize(contentText(block.content)),
            isError: block.is_error === true,
          });
        }
        return;
      }
      if (parsed.type === 'result') {
        result = parsed;
        onEvent({
          type: 'usage',
          inputTokens: parsed.usage?.input_tokens ?? undefined,
          outputTokens: parsed.usage?.output_tokens ?? undefined,
          costUsd: parsed.total_cost_usd ?? undefined,
        });
      }
    });

    const exit = await agent.exited;
    input.signal.removeEventListener('abort', onAbort);
    if (failure) throw failure;
    if (!result) {
      throw new AgentRunError(
        'agent-failed',
        `Claude Code ended (${exit.signal ?? `exit ${exit.code}`}) without a result: ${exit.stderrTail || 'it wrote nothing on standard error'}`,
      );
    }
    const outcome: AgentOutcome = {
      answer: result.result ?? '',
      turns: result.num_turns ?? undefined,
      usage: {
        inputTokens: result.usage?.input_tokens ?? undefined,
        outputTokens: result.usage?.output_tokens ?? undefined,
      },
      costUsd: result.total_cost_usd ?? undefined,
    };
    if (result.subtype === 'error_max_turns') {
      throw new AgentRunError(
        'max-turns',
        `Claude Code used its ${maxTurns} turns without a final answer: give the run more turns (agents.claude-code.maxTurns) or a narrower question.`,
      );
    }
    if (result.is_error || result.subtype !== 'success') {
      const detail = [result.result, ...(result.errors ?? [])].filter(Boolean).join(' ') || result.subtype;
      throw new AgentRunError(
        'agent-failed',
        `Claude Code ended with an error (${result.subtype}): ${detail}. Check its model API settings (agents.claude-code.baseUrl and apiKey, or ANTHROPIC_BASE_URL and ANTHROPIC_API_KEY).`,
      );
    }
    if (!outcome.answer.trim()) {
      throw new AgentRunError('agent-failed', 'Claude Code finished without writing an answer.');
    }
    return outcome;
  },
};

function parseLine(text: string): Line | undefined {
  if (!text.startsWith('{')) return undefined;
  try {
    const parsed = lineSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function blocks(line: Line): ContentBlock[] {
  const content = line.message?.content;
  return Array.isArray(content) ? (content as ContentBlock[]) : [];
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part: { text?: unknown }) => (typeof part?.text === 'string' ? part.text : ''))
      .join('\n');
  }
  return '';
}
