// Quarry's own researcher, for users with no agent CLI: a tool-calling loop over any OpenAI-compatible
// Chat Completions API (OpenAI, OpenRouter, Ollama, vLLM, llama.cpp's server), with the official
// client. It calls Quarry's tools through Quarry's MCP endpoint like every other agent, so the run's
// budget, recorded tool calls and events are the same whichever agent works.
import OpenAI from 'openai';
import type {
  ChatCompletion,
  ChatCompletionMessageParam,
  ChatCompletionMessageToolCall,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import { z } from 'zod';
import { summarize, withoutSecrets } from './agent-process.ts';
import { AGENT_DEFAULTS } from './agent-defaults.ts';
import { parseAgentOptions } from './agent-options.ts';
import { AgentRunError, type AgentOutcome, type AgentRunInput, type AgentRunner } from './agent-runner.ts';
import { QuarryConnection } from './quarry-mcp-client.ts';
import { RESEARCH_INSTRUCTIONS } from './research-instructions.ts';

/** Where an operator sets each of the researcher's settings: the settings store, or the variable that fixes it. */
const BASE_URL_SETTING = 'agents.openai.baseUrl (QUARRY_OPENAI_BASE_URL)';
const API_KEY_SETTING = 'agents.openai.apiKey (QUARRY_OPENAI_API_KEY, or OPENAI_API_KEY)';
const MODEL_SETTING = 'agents.openai.model (QUARRY_OPENAI_MODEL)';
/** One model request's time limit: local models on a CPU can be slow, a stuck server should not hold a run for hours. */
const REQUEST_TIMEOUT_MS = 300_000;
/** Retries of a failed model request (429, 5xx, dropped connections), with the client's own backoff. */
const REQUEST_RETRIES = 2;
/** A tool result is given to the model whole up to this size; past it, cut (Quarry's results are far smaller). */
const TOOL_RESULT_LIMIT_CHARACTERS = 60_000;

const BUDGET_SPENT = /searches are used|reads are used|look-ups are used|budget/i;

const optionsSchema = z
  .object({
    /** Another OpenAI-compatible address for this run. Quarry's key is sent only to its configured address. */
    base_url: z
      .url({ message: 'base_url must be an http(s) address such as http://127.0.0.1:11434/v1' })
      .optional(),
    /** Stream the answers (some servers report usage only then). */
    stream: z.boolean().optional(),
    temperature: z.number().min(0).max(2).optional(),
    max_tokens: z.number().int().min(1).optional(),
  })
  .strict();
type ResearcherOptions = z.output<typeof optionsSchema>;

interface Usage {
  inputTokens: number;
  outputTokens: number;
  reported: boolean;
}

export const openaiResearcher: AgentRunner = {
  kind: 'openai',
  name: "Quarry's researcher",
  async run(input: AgentRunInput): Promise<AgentOutcome> {
    const options = parseAgentOptions("Quarry's researcher", optionsSchema, input.options);
    const settings = input.settings ?? {};
    const configuredUrl = settings.baseUrl;
    const baseURL = options.base_url ?? configuredUrl;
    const configuredKey = settings.apiKey || input.environment.OPENAI_API_KEY || undefined;
    // The operator's key goes to the operator's address, never to one a run's options chose.
    const apiKey = options.base_url && options.base_url !== configuredUrl ? undefined : configuredKey;
    const model = input.model ?? settings.model;
    if (!model) {
      throw new AgentRunError(
        'invalid',
        `Quarry's researcher has no model: set ${MODEL_SETTING} (for example \`npx quarry settings set agents.openai.model gpt-4.1-mini\`, or llama3.1 on Ollama) or give the run a model.`,
      );
    }
    if (!baseURL && !apiKey) {
      throw new AgentRunError(
        'invalid',
        `Quarry's researcher has no model API: set ${API_KEY_SETTING} for OpenAI, or ${BASE_URL_SETTING} for another OpenAI-compatible server (Ollama: http://127.0.0.1:11434/v1).`,
      );
    }
    const onEvent = withoutSecrets(input.onEvent, [input.mcp.token, apiKey]);
    const openai = new OpenAI({
      baseURL,
      // Local servers take no key, but the client needs one to be set.
      apiKey: apiKey ?? 'no-key',
      timeout: REQUEST_TIMEOUT_MS,
      maxRetries: REQUEST_RETRIES,
    });
    const where = baseURL ?? 'OpenAI';

    if (input.signal.aborted) throw cancelled();
    // A connection that starts a new session when a restarted Quarry no longer knows the old one.
    const quarry = await QuarryConnection.open(input.mcp, 'quarry-researcher', "Quarry's researcher");
    try {
      const listed = await quarry.client.listTools(undefined, { signal: input.signal });
      const tools: ChatCompletionTool[] = listed.tools.map((tool) => ({
        type: 'function',
        function: {
          name: tool.name,
          description: tool.description ?? tool.title ?? tool.name,
          parameters: tool.inputSchema as Record<string, unknown>,
        },
      }));
      if (tools.length === 0) {
        throw new AgentRunError(
          'tools-unavailable',
          `Quarry's MCP endpoint at ${input.mcp.url} offered no tools to this run.`,
        );
      }
      const messages: ChatCompletionMessageParam[] = [
        {
          role: 'system',
          content: [RESEARCH_INSTRUCTIONS, quarry.client.getInstructions()].filter(Boolean).join('\n\n'),
        },
        { role: 'user', content: input.question },
      ];
      const maxTurns = input.maxTurns ?? settings.maxTurns ?? AGENT_DEFAULTS.openai.maxTurns;
      const usage: Usage = { inputTokens: 0, outputTokens: 0, reported: false };
      let budgetSpent = false;

      for (let turn = 1; turn <= maxTurns; turn++) {
        // The last turn, or a spent budget: no more tools, the answer now.
        const mustAnswer = budgetSpent || turn === maxTurns;
        if (mustAnswer && turn > 1) {
          messages.push({
            role: 'user',
            content: budgetSpent
              ? "This run's budget is spent: write your final answer now from what you found, with its citations and Sources list."
              : 'This is your last turn: write your final answer now from what you found, with its citations and Sources list.',
          });
        }
        const completion = await complete(openai, {
          model,
          messages,
          tools: mustAnswer ? undefined : tools,
          options,
          signal: input.signal,
          where,
        });
        if (completion.usage) {
          usage.reported = true;
          usage.inputTokens += completion.usage.prompt_tokens ?? 0;
          usage.outputTokens += completion.usage.completion_tokens ?? 0;
          onEvent({
            type: 'usage',
            inputTokens: completion.usage.prompt_tokens,
            outputTokens: completion.usage.completion_tokens,
          });
        }
        const message = completion.choices[0]?.message;
        const toolCalls = (message?.tool_calls ?? []).filter(
          (call): call is Extract<ChatCompletionMessageToolCall, { type: 'function' }> =>
            call.type === 'function',
        );
        const text = message?.content ?? '';
        if (text.trim() && toolCalls.length > 0) onEvent({ type: 'message', text });
        if (toolCalls.length === 0 || mustAnswer) {
          if (!text.trim()) {
            throw new AgentRunError(
              'agent-failed',
              `Quarry's researcher got an empty answer from the model ${model} at ${where} (finish reason ${completion.choices[0]?.finish_reason ?? 'none'}): try another model.`,
            );
          }
          onEvent({ type: 'message', text });
          return {
            answer: text.trim(),
            turns: turn,
            ...(usage.reported
              ? { usage: { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens } }
              : {}),
          };
        }
        messages.push({ role: 'assistant', content: text || null, tool_calls: toolCalls });
        for (const call of toolCalls) {
          const result = await callTool(quarry, call, input.signal, onEvent);
          if (result.isError && BUDGET_SPENT.test(result.text.split('\n')[0] ?? '')) budgetSpent = true;
          messages.push({ role: 'tool', tool_call_id: call.id, content: result.text });
        }
      }
      throw new AgentRunError(
        'max-turns',
        `Quarry's researcher used its ${maxTurns} turns without a final answer: give the run more turns (agents.openai.maxTurns).`,
      );
    } catch (error) {
      if (input.signal.aborted) throw cancelled();
      throw error;
    } finally {
      await quarry.close().catch(() => {});
    }
  },
};

function cancelled(): AgentRunError {
  return new AgentRunError(
    'cancelled',
    "Quarry's researcher was stopped: the run was cancelled or ran out of time.",
  );
}

async function complete(
  openai: OpenAI,
  request: {
    model: string;
    messages: ChatCompletionMessageParam[];
    tools: ChatCompletionTool[] | undefined;
    options: ResearcherOptions;
    signal: AbortSignal;
    where: string;
  },
): Promise<ChatCompletion> {
  const body = {
    model: request.model,
    messages: request.messages,
    ...(request.tools ? { tools: request.tools } : {}),
    ...(request.options.temperature === undefined ? {} : { temperature: request.options.temperature }),
    ...(request.options.max_tokens === undefined ? {} : { max_tokens: request.options.max_tokens }),
  };
  try {
    if (!request.options.stream) {
      return await openai.chat.completions.create({ ...body, stream: false }, { signal: request.signal });
    }
    const stream = openai.chat.completions.stream(
      { ...body, stream: true, stream_options: { include_usage: true } },
      { signal: request.signal },
    );
    return await stream.finalChatCompletion();
  } catch (error) {
    if (request.signal.aborted) throw error;
    if (error instanceof OpenAI.APIError && error.status !== undefined) {
      const fix =
        error.status === 401 || error.status === 403
          ? `check ${API_KEY_SETTING}`
          : error.status === 404
            ? `check the model name (${MODEL_SETTING}) and ${BASE_URL_SETTING}`
            : 'try again later or use another model API';
      throw new AgentRunError(
        'agent-failed',
        `Quarry's researcher: the model API at ${request.where} answered ${error.status}: ${summarize(error.message)}; ${fix}.`,
        { cause: error },
      );
    }
    throw new AgentRunError(
      'agent-failed',
      `Quarry's researcher could not reach the model API at ${request.where}: ${error instanceof Error ? error.message : String(error)}. Check ${BASE_URL_SETTING}.`,
      { cause: error },
    );
  }
}

/** Calls one tool through Quarry's MCP endpoint; what goes wrong goes back to the model as text it can act on. */
async function callTool(
  quarry: QuarryConnection,
  call: { id: string; function: { name: string; arguments: string } },
  signal: AbortSignal,
  onEvent: AgentRunInput['onEvent'],
): Promise<{ text: string; isError: boolean }> {
  let parsed: unknown;
  try {
    parsed = call.function.arguments.trim() ? JSON.parse(call.function.arguments) : {};
  } catch (error) {
    const text = `The arguments for ${call.function.name} were not valid JSON (${(error as Error).message}): send them as one JSON object.`;
    onEvent({ type: 'tool-call', id: call.id, tool: call.function.name, arguments: call.function.arguments });
    onEvent({
      type: 'tool-result',
      id: call.id,
      tool: call.function.name,
      summary: summarize(text),
      isError: true,
    });
    return { text, isError: true };
  }
  onEvent({ type: 'tool-call', id: call.id, tool: call.function.name, arguments: parsed });
  let text: string;
  let isError: boolean;
  try {
    const result = await quarry.callTool(
      { name: call.function.name, arguments: (parsed ?? {}) as Record<string, unknown> },
      { signal, timeout: REQUEST_TIMEOUT_MS },
    );
    const content = Array.isArray(result.content)
      ? (result.content as Array<{ type: string; text?: string }>)
      : [];
    text = content
      .filter((part) => part.type === 'text')
      .map((part) => part.text ?? '')
      .join('\n');
    isError = result.isError === true;
  } catch (error) {
    if (signal.aborted) throw error;
    // A protocol error (an unknown tool, arguments the schema refuses): the model can fix it.
    text = `${call.function.name} failed: ${error instanceof Error ? error.message : String(error)}`;
    isError = true;
  }
  onEvent({ type: 'tool-result', id: call.id, tool: call.function.name, summary: summarize(text), isError });
  return { text: text.slice(0, TOOL_RESULT_LIMIT_CHARACTERS), isError };
}
