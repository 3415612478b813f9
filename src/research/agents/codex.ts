// Codex (`codex exec --json`) as a run's agent: Quarry's MCP server is required and its only tool
// server, its shell, plugins and hosted web search are off, and its JSON lines become run events.
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

const SERVER = 'quarry';
/** Where an operator sets each of Codex's settings: the settings store, or the variable that fixes it. */
const COMMAND_SETTING = 'agents.codex.command (QUARRY_CODEX_COMMAND)';
const BASE_URL_SETTING = 'agents.codex.baseUrl (QUARRY_CODEX_BASE_URL)';
const API_KEY_SETTING = 'agents.codex.apiKey (QUARRY_CODEX_API_KEY)';
const LOGIN_SETTING = 'agents.codex.loginFile (QUARRY_CODEX_AUTH_FILE)';
/** The variables the token and the model key travel in: Codex reads them by name, so argv holds neither. */
const TOKEN_VARIABLE = 'QUARRY_MCP_TOKEN';
const MODEL_KEY_VARIABLE = 'QUARRY_CODEX_MODEL_KEY';

/**
 * Codex's own ways to its model: an API key, or the login kept in CODEX_HOME (see the README).
 * OPENAI_BASE_URL is not among them: Codex 0.171 does not read it (QUARRY_CODEX_BASE_URL does that job).
 */
const CODEX_VARIABLES = ['CODEX_API_KEY', 'OPENAI_API_KEY'] as const;

const optionsSchema = z
  .object({
    /** Reasoning effort for models that take one. */
    reasoning_effort: z.enum(['minimal', 'low', 'medium', 'high', 'xhigh']).optional(),
  })
  .strict();

const itemSchema = z.looseObject({
  id: z.string().nullish(),
  type: z.string(),
  text: z.string().nullish(),
  message: z.string().nullish(),
  server: z.string().nullish(),
  tool: z.string().nullish(),
  arguments: z.unknown().optional(),
  result: z
    .looseObject({ content: z.array(z.unknown()).nullish(), isError: z.boolean().nullish() })
    .nullish(),
  error: z.union([z.string(), z.looseObject({ message: z.string().nullish() })]).nullish(),
  status: z.string().nullish(),
});

const lineSchema = z.looseObject({
  type: z.string(),
  item: itemSchema.nullish(),
  usage: z
    .looseObject({
      input_tokens: z.number().nullish(),
      cached_input_tokens: z.number().nullish(),
      output_tokens: z.number().nullish(),
    })
    .nullish(),
  error: z.looseObject({ message: z.string().nullish() }).nullish(),
  message: z.string().nullish(),
});
type Line = z.output<typeof lineSchema>;

/** A TOML basic string: JSON's escapes are TOML's (JSON.stringify writes no `\/`). */
function toml(value: string): string {
  return JSON.stringify(value);
}

export const codex: AgentRunner = {
  kind: 'codex',
  name: 'Codex',
  async run(input: AgentRunInput): Promise<AgentOutcome> {
    const options = parseAgentOptions('Codex', optionsSchema, input.options);
    const settings = input.settings ?? {};
    const onEvent = withoutSecrets(input.onEvent, [
      input.mcp.token,
      settings.apiKey,
      input.environment.CODEX_API_KEY,
      input.environment.OPENAI_API_KEY,
    ]);
    await copyLoginFile(settings.loginFile, LOGIN_SETTING, input.homeDir, 'auth.json', 'Codex');
    // Codex has no turn limit of its own: its tool calls are counted (agent-defaults.ts).
    const maxTurns = input.maxTurns ?? settings.maxTurns ?? AGENT_DEFAULTS.codex.maxTurns;
    const model = input.model ?? settings.model;
    const baseUrl = settings.baseUrl;
    const providerArgs = baseUrl
      ? [
          '-c',
          'model_provider=quarry-model',
          '-c',
          `model_providers.quarry-model={name=${toml('Quarry model API')}, base_url=${toml(baseUrl)}, wire_api="responses", env_key=${toml(MODEL_KEY_VARIABLE)}}`,
        ]
      : [];
    const args = [
      'exec',
      '--json',
      '--ephemeral',
      '--skip-git-repo-check',
      // The operator's ~/.codex/config.toml stays out of it (its MCP servers, its model settings).
      '--ignore-user-config',
      '--sandbox',
      'read-only',
      // Its own tools off: the hosted web search, the shell, and plugins (which reach outside hosts).
      '-c',
      'web_search=disabled',
      '--disable',
      'plugins',
      '--disable',
      'shell_tool',
      '-c',
      'check_for_update_on_startup=false',
      '-c',
      'analytics.enabled=false',
      '-c',
      `mcp_servers.${SERVER}.url=${toml(input.mcp.url)}`,
      '-c',
      `mcp_servers.${SERVER}.bearer_token_env_var=${TOKEN_VARIABLE}`,
      // Without this a Quarry that refuses is skipped and the agent works with no tools.
      '-c',
      `mcp_servers.${SERVER}.required=true`,
      '-c',
      `developer_instructions=${toml(RESEARCH_INSTRUCTIONS)}`,
      ...(options.reasoning_effort ? ['-c', `model_reasoning_effort=${toml(options.reasoning_effort)}`] : []),
      ...providerArgs,
      ...(model ? ['--model', model] : []),
      '--',
      input.question,
    ];
    const agent = await startAgentProcess({
      agentName: 'Codex',
      command: settings.command || AGENT_DEFAULTS.codex.command,
      commandSetting: COMMAND_SETTING,
      args,
      cwd: input.workDir,
      env: agentEnvironment(input.environment, input.homeDir, {
        ...pick(input.environment, CODEX_VARIABLES),
        CODEX_HOME: input.homeDir,
        [TOKEN_VARIABLE]: input.mcp.token,
        [MODEL_KEY_VARIABLE]: baseUrl ? settings.apiKey || input.environment.OPENAI_API_KEY : undefined,
      }),
    });

    let failure: AgentRunError | undefined;
    let answer: string | undefined;
    let turnFailure: string | undefined;
    let toolCalls = 0;
    const usage = { inputTokens: 0, outputTokens: 0, reported: false };
    const fail = (error: AgentRunError) => {
      failure ??= error;
      void agent.stop();
    };
    const onAbort = () =>
      fail(new AgentRunError('cancelled', 'Codex was stopped: the run was cancelled or ran out of time.'));
    if (input.signal.aborted) onAbort();
    input.signal.addEventListener('abort', onAbort, { once: true });

    eachLine(agent.child, (text) => {
      const line = parseLine(text);
      if (!line) {
        if (text.trim()) onEvent({ type: 'log', text: summarize(text) });
        return;
      }
      const item = line.item;
      if (line.type === 'item.started' && item?.type === 'mcp_tool_call') {
        toolCalls += 1;
        onEvent({
          type: 'tool-call',
          id: item.id ?? undefined,
          tool: item.tool ?? '',
          arguments: item.arguments ?? {},
        });
        if (toolCalls > maxTurns) {
          fail(
            new AgentRunError(
              'max-turns',
              `Codex used its ${maxTurns} turns (tool calls) without a final answer: give the run more turns (agents.codex.maxTurns) or a narrower question.`,
            ),
          );
        }
        return;
      }
      if (line.type === 'item.completed' && item) {
        if (item.type === 'mcp_tool_call') {
          const errorText = typeof item.error === 'string' ? item.error : item.error?.message;
          onEvent({
            type: 'tool-result',
            id: item.id ?? undefined,
            tool: item.tool ?? undefined,
            summary: summarize(errorText ?? resultText(item.result?.content)),
            isError: Boolean(errorText) || item.result?.isError === true || item.status === 'failed',
          });
        } else if (item.type === 'agent_message' && item.text) {
          answer = item.text;
          onEvent({ type: 'message', text: item.text });
        } else if (item.type === 'error' && item.message) {
          onEvent({ type: 'log', text: summarize(item.message) });
        }
        return;
      }
      if (line.type === 'turn.completed' && line.usage) {
        usage.reported = true;
        usage.inputTokens += line.usage.input_tokens ?? 0;
        usage.outputTokens += line.usage.output_tokens ?? 0;
        onEvent({
          type: 'usage',
          inputTokens: line.usage.input_tokens ?? undefined,
          outputTokens: line.usage.output_tokens ?? undefined,
        });
        return;
      }
      if (line.type === 'turn.failed' || line.type === 'error') {
        turnFailure = line.error?.message ?? line.message ?? line.type;
      }
    });

    const exit = await agent.exited;
    input.signal.removeEventListener('abort', onAbort);
    if (failure) throw failure;
    if (/required MCP servers? failed to initialize/i.test(exit.stderrTail)) {
      const detail =
        /required MCP servers? failed to initialize: ([^\n]{0,300})/i.exec(exit.stderrTail)?.[1] ?? '';
      throw new AgentRunError(
        'tools-unavailable',
        `Codex could not use Quarry's tools: its MCP connection to ${input.mcp.url} failed (${detail.trim()}). Check that Quarry answers at that address and that the run's token is valid.`,
      );
    }
    if (turnFailure) {
      throw new AgentRunError(
        'agent-failed',
        `Codex's turn failed: ${summarize(turnFailure)}. Check its model API (${BASE_URL_SETTING}, ${API_KEY_SETTING} or Codex's login, ${LOGIN_SETTING}).`,
      );
    }
    if (exit.code !== 0 || answer === undefined || !answer.trim()) {
      throw new AgentRunError(
        'agent-failed',
        `Codex ended (${exit.signal ?? `exit ${exit.code}`}) without an answer: ${
          summarize(
            exit.stderrTail
              .split('\n')
              .filter((text) => !/^WARNING|^Reading additional input/.test(text))
              .join('\n'),
            500,
          ) || 'it wrote nothing on standard error'
        }`,
      );
    }
    return {
      answer,
      turns: toolCalls + 1,
      ...(usage.reported
        ? { usage: { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens } }
        : {}),
    };
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

function resultText(content: unknown[] | null | undefined): string {
  return (content ?? [])
    .map((part) => {
      const item = part as { type?: unknown; text?: unknown };
      return item.type === 'text' && typeof item.text === 'string' ? item.text : '';
    })
    .join('\n');
}
