// Loopback fakes of the model APIs the agents talk to: Anthropic Messages (streaming SSE and not,
// count_tokens), OpenAI Responses (streaming SSE) and Chat Completions (streaming and not). One
// scripted researcher sits behind all three: while the request offers Quarry's web_search (under
// whatever name the agent gives it) and fewer searches were made than scripted, it calls the tool;
// then it answers with citations built from the numbered results Quarry gave. Requests that offer no
// search tool (Claude Code's title and side calls) get a short plain answer. Every request is
// recorded with the tools it offered, so a test can see what the agent was allowed to use.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ModelApi = 'anthropic' | 'anthropic-count-tokens' | 'responses' | 'chat' | 'unknown';

export interface RecordedModelRequest {
  api: ModelApi;
  method: string;
  path: string;
  /** The credential the agent sent (x-api-key or the bearer), to check it was passed through. */
  credential?: string;
  body: Record<string, unknown>;
  /** The names of the tools offered (a hosted tool without a name is recorded by its type). */
  tools: string[];
  /** The raw tool declarations offered. */
  toolDeclarations: unknown[];
  /** Whether the request offered Quarry's search (the main conversation, not a side call). */
  main: boolean;
}

export interface ModelScript {
  /** Searches before the final answer (default 1). A tool result that says the budget is used ends the searching early. */
  searches?: number;
  /** Milliseconds to wait before every main-conversation answer (default 0). */
  delayMs?: number;
  /** After this many searches, main-conversation requests get no answer until the client goes away (for cancel tests). */
  hangAfterSearches?: number;
  /** After this many searches, main-conversation requests wait until `release()` is called (for restart tests). */
  holdAfterSearches?: number;
  /** The words searched for; the search number is added after the first. */
  query?: string;
  /** After its searches, call find_media once with these items (when the request offers it), then answer. */
  findMedia?: string[];
  /** Answer every model request with this error instead (a refused key: 401). */
  failWith?: { status: number; message: string };
}

export interface FakeModelApis {
  /** The base address (no path): Anthropic's base URL; add `/v1` for OpenAI-style clients. */
  url: string;
  requests: RecordedModelRequest[];
  /** The main-conversation requests only. */
  mainRequests(): RecordedModelRequest[];
  /** Requests still open (hung and held ones included). */
  openRequests(): number;
  /** Lets the requests held by `holdAfterSearches` (and any later ones) be answered. */
  release(): void;
  close(): Promise<void>;
}

/** A tool result as the fake reads it back from the conversation. */
interface SeenToolResult {
  text: string;
}

interface Turn {
  /** Call a tool (the search tool, or find_media) with these arguments... */
  search?: { tool: string; arguments: Record<string, unknown> };
  /** ...or answer with this text. */
  text?: string;
  hang?: boolean;
}

const SEARCH_TOOL = /(^|[_.:-])web_search$/;
const MEDIA_TOOL = /(^|[_.:-])find_media$/;
const BUDGET_USED = /searches are used/;

/**
 * The settings that point Quarry's researcher (the `openai` runner) at the fake's Chat Completions
 * API, with `apiKey` as the operator's key (a test looks for it where no key may be).
 */
export function researcherSettings(models: { url: string }, apiKey: string): Record<string, string> {
  return {
    QUARRY_OPENAI_BASE_URL: `${models.url}/v1`,
    QUARRY_OPENAI_API_KEY: apiKey,
    QUARRY_OPENAI_MODEL: 'chat-fake-1',
  };
}

export async function startFakeModelApis(script: ModelScript = {}): Promise<FakeModelApis> {
  const requests: RecordedModelRequest[] = [];
  const open = new Set<ServerResponse>();
  let counter = 0;
  let released = false;
  const held: Array<() => void> = [];
  const nextId = (kind: string) => `${kind}_${++counter}`;

  function plan(toolNames: string[], results: SeenToolResult[]): Turn {
    const searchTool = toolNames.find((name) => SEARCH_TOOL.test(name));
    // Offered no search: a side call (a title), or the agent asking for the final answer.
    if (!searchTool) return { text: results.length > 0 ? citedAnswer(results) : 'Research question' };
    const wanted = script.searches ?? 1;
    // Agents wrap tool results their own way (Codex puts a preamble first): look in the whole text.
    const budgetUsed = results.some((result) => BUDGET_USED.test(result.text));
    if (script.hangAfterSearches !== undefined && results.length >= script.hangAfterSearches) {
      return { hang: true };
    }
    if (results.length < wanted && !budgetUsed) {
      const query = script.query ?? 'openclaw latest features';
      return {
        search: {
          tool: searchTool,
          arguments: { query: results.length === 0 ? query : `${query} ${results.length + 1}` },
        },
      };
    }
    const mediaTool = toolNames.find((name) => MEDIA_TOOL.test(name));
    // The searches' results come first; find_media's is the one after them.
    if (script.findMedia && mediaTool && results.length === wanted) {
      return { search: { tool: mediaTool, arguments: { items: script.findMedia } } };
    }
    return { text: citedAnswer(results) };
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const raw = await readBody(request);
    let body: Record<string, unknown> = {};
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      body = { unparsed: raw };
    }
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const api: ModelApi =
      path === '/v1/messages/count_tokens'
        ? 'anthropic-count-tokens'
        : path === '/v1/messages'
          ? 'anthropic'
          : path === '/v1/responses'
            ? 'responses'
            : path === '/v1/chat/completions'
              ? 'chat'
              : 'unknown';
    const declarations = Array.isArray(body.tools) ? (body.tools as unknown[]) : [];
    const tools = declarations.flatMap(toolNamesOf);
    const header = request.headers['x-api-key'] ?? request.headers.authorization;
    const credential = typeof header === 'string' ? header.replace(/^Bearer\s+/i, '') : undefined;
    const recorded: RecordedModelRequest = {
      api,
      method: request.method ?? 'GET',
      path,
      body,
      tools,
      toolDeclarations: declarations,
      main: tools.some((name) => SEARCH_TOOL.test(name)),
    };
    if (credential) recorded.credential = credential;
    requests.push(recorded);

    if (api === 'anthropic-count-tokens') {
      return json(response, 200, { input_tokens: Math.ceil(raw.length / 4) });
    }
    if (script.failWith && api !== 'unknown') {
      const { status, message } = script.failWith;
      return json(
        response,
        status,
        api === 'anthropic'
          ? { type: 'error', error: { type: status === 401 ? 'authentication_error' : 'api_error', message } }
          : {
              error: { message, type: status === 401 ? 'invalid_request_error' : 'server_error', code: null },
            },
      );
    }
    if (api === 'unknown') {
      return json(response, 404, { error: { type: 'not_found_error', message: `no fake for ${path}` } });
    }
    const results =
      api === 'anthropic'
        ? anthropicToolResults(body)
        : api === 'responses'
          ? responsesToolResults(body)
          : chatToolResults(body);
    if (
      recorded.main &&
      script.holdAfterSearches !== undefined &&
      results.length >= script.holdAfterSearches
    ) {
      if (!released) {
        open.add(response);
        await new Promise<void>((resume) => held.push(resume));
        open.delete(response);
      }
    }
    const turn = plan(tools, results);
    if (turn.hang) {
      open.add(response);
      response.on('close', () => open.delete(response));
      return;
    }
    if (recorded.main && script.delayMs) await new Promise((done) => setTimeout(done, script.delayMs));
    const usage = { input: Math.ceil(raw.length / 4), output: Math.ceil((turn.text?.length ?? 40) / 4) };
    if (api === 'anthropic') return anthropicAnswer(response, body, turn, usage, nextId);
    if (api === 'responses') return responsesAnswer(response, body, turn, usage, nextId);
    return chatAnswer(response, body, turn, usage, nextId);
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) json(response, 500, { error: { message: String(error) } });
      else response.end();
    });
  });
  const address = await new Promise<AddressInfo>((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => done(server.address() as AddressInfo));
  });
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    mainRequests: () => requests.filter((request) => request.main),
    openRequests: () => open.size,
    release() {
      released = true;
      for (const resume of held.splice(0)) resume();
    },
    close: () =>
      new Promise((done) => {
        for (const response of open) response.destroy();
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

/** The answer the scripted researcher gives: one claim per result it saw, cited by Quarry's numbers. */
export function citedAnswer(results: SeenToolResult[]): string {
  const sources = new Map<number, { title: string; url: string }>();
  for (const result of results) {
    for (const source of sourcesIn(result.text)) {
      if (!sources.has(source.n)) sources.set(source.n, source);
    }
  }
  if (sources.size === 0) return 'I could not find sources with the tools I was given.';
  const chosen = [...sources.entries()].slice(0, 2);
  const claims = chosen.map(([n, source]) => `${source.title} is one source on this [${n}].`).join(' ');
  const list = chosen.map(([n, source]) => `${n}. [${source.title}](${source.url})`).join('\n');
  return `${claims}\n\nSources:\n${list}`;
}

/**
 * The numbered results in a tool result as the agent passed it back: Quarry's text (`[n] Title` then
 * the address), or its structured content as JSON (Claude Code sends that; Codex after a preamble).
 */
function sourcesIn(text: string): Array<{ n: number; title: string; url: string }> {
  const start = text.indexOf('{');
  if (start >= 0) {
    try {
      const parsed = JSON.parse(text.slice(start)) as {
        results?: Array<{ n?: unknown; title?: unknown; url?: unknown }>;
      };
      if (Array.isArray(parsed.results)) {
        return parsed.results.flatMap((result) =>
          typeof result.n === 'number' && typeof result.url === 'string'
            ? [
                {
                  n: result.n,
                  title: typeof result.title === 'string' ? result.title : result.url,
                  url: result.url,
                },
              ]
            : [],
        );
      }
    } catch {
      // not JSON: read the text form
    }
  }
  const found: Array<{ n: number; title: string; url: string }> = [];
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    const match = /^\[(\d+)\] (.+)$/.exec(line);
    const url = lines[index + 1];
    if (match && url && /^https?:\/\//.test(url)) found.push({ n: Number(match[1]), title: match[2]!, url });
  });
  return found;
}

function toolNamesOf(declaration: unknown): string[] {
  if (!declaration || typeof declaration !== 'object') return [];
  const tool = declaration as {
    name?: unknown;
    type?: unknown;
    function?: { name?: unknown };
    tools?: unknown[];
  };
  if (typeof tool.name === 'string' && Array.isArray(tool.tools)) {
    // A namespace of tools (Responses API): its members, under the namespace's name.
    return tool.tools.flatMap(toolNamesOf).map((name) => `${String(tool.name)}.${name}`);
  }
  if (typeof tool.function?.name === 'string') return [tool.function.name];
  if (typeof tool.name === 'string') return [tool.name];
  if (typeof tool.type === 'string') return [tool.type];
  return [];
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part) => {
        if (typeof part === 'string') return part;
        const item = part as { text?: unknown; type?: unknown };
        return typeof item.text === 'string' ? item.text : '';
      })
      .join('\n');
  }
  return '';
}

function anthropicToolResults(body: Record<string, unknown>): SeenToolResult[] {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  const results: SeenToolResult[] = [];
  for (const message of messages as Array<{ content?: unknown }>) {
    if (!Array.isArray(message.content)) continue;
    for (const part of message.content as Array<{ type?: unknown; content?: unknown }>) {
      if (part.type === 'tool_result') results.push({ text: textOf(part.content) });
    }
  }
  return results;
}

function responsesToolResults(body: Record<string, unknown>): SeenToolResult[] {
  const input = Array.isArray(body.input) ? body.input : [];
  return (input as Array<{ type?: unknown; output?: unknown }>)
    .filter((item) => item.type === 'function_call_output' || item.type === 'custom_tool_call_output')
    .map((item) => ({ text: outputText(item.output) }));
}

function outputText(output: unknown): string {
  if (typeof output === 'string') {
    // Codex may send an MCP result as JSON text ({"content":[...]}); read the text parts out of it.
    try {
      const parsed = JSON.parse(output) as unknown;
      if (Array.isArray(parsed)) return textOf(parsed);
      if (parsed && typeof parsed === 'object' && 'content' in parsed) {
        return textOf((parsed as { content: unknown }).content);
      }
    } catch {
      // plain text
    }
    return output;
  }
  return textOf(output);
}

function chatToolResults(body: Record<string, unknown>): SeenToolResult[] {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  return (messages as Array<{ role?: unknown; content?: unknown }>)
    .filter((message) => message.role === 'tool')
    .map((message) => ({ text: textOf(message.content) }));
}

type NextId = (kind: string) => string;
interface Usage {
  input: number;
  output: number;
}

function anthropicAnswer(
  response: ServerResponse,
  body: Record<string, unknown>,
  turn: Turn,
  usage: Usage,
  nextId: NextId,
): void {
  const model = typeof body.model === 'string' ? body.model : 'claude-fake';
  const content: Array<{ type: string; id?: string; name?: string; input?: unknown; text?: string }> =
    turn.search
      ? [{ type: 'tool_use', id: nextId('toolu'), name: turn.search.tool, input: turn.search.arguments }]
      : [{ type: 'text', text: turn.text ?? '' }];
  const stopReason = turn.search ? 'tool_use' : 'end_turn';
  const message = {
    id: nextId('msg'),
    type: 'message',
    role: 'assistant',
    model,
    content,
    stop_reason: stopReason,
    stop_sequence: null,
    usage: { input_tokens: usage.input, output_tokens: usage.output },
  };
  if (body.stream !== true) return json(response, 200, message);
  const events = sse(response);
  events.send('message_start', {
    type: 'message_start',
    message: {
      ...message,
      content: [],
      stop_reason: null,
      usage: { input_tokens: usage.input, output_tokens: 1 },
    },
  });
  content.forEach((block, index) => {
    if (block.type === 'tool_use') {
      events.send('content_block_start', {
        type: 'content_block_start',
        index,
        content_block: { ...block, input: {} },
      });
      events.send('content_block_delta', {
        type: 'content_block_delta',
        index,
        delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) },
      });
    } else {
      events.send('content_block_start', {
        type: 'content_block_start',
        index,
        content_block: { type: 'text', text: '' },
      });
      events.send('content_block_delta', {
        type: 'content_block_delta',
        index,
        delta: { type: 'text_delta', text: block.text ?? '' },
      });
    }
    events.send('content_block_stop', { type: 'content_block_stop', index });
  });
  events.send('message_delta', {
    type: 'message_delta',
    delta: { stop_reason: stopReason, stop_sequence: null },
    usage: { output_tokens: usage.output },
  });
  events.send('message_stop', { type: 'message_stop' });
  response.end();
}

function responsesAnswer(
  response: ServerResponse,
  body: Record<string, unknown>,
  turn: Turn,
  usage: Usage,
  nextId: NextId,
): void {
  const model = typeof body.model === 'string' ? body.model : 'gpt-fake';
  const responseId = nextId('resp');
  let item: Record<string, unknown>;
  if (turn.search) {
    // A namespaced tool (`mcp__quarry__.web_search`) is called by its namespace and name.
    const [namespace, name] = turn.search.tool.includes('.')
      ? [turn.search.tool.slice(0, turn.search.tool.lastIndexOf('.')), turn.search.tool.split('.').pop()!]
      : [undefined, turn.search.tool];
    item = {
      type: 'function_call',
      id: nextId('fc'),
      call_id: nextId('call'),
      name,
      ...(namespace ? { namespace } : {}),
      arguments: JSON.stringify(turn.search.arguments),
      status: 'completed',
    };
  } else {
    item = {
      type: 'message',
      id: nextId('msg'),
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text: turn.text ?? '', annotations: [] }],
    };
  }
  const usageBody = {
    input_tokens: usage.input,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: usage.output,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: usage.input + usage.output,
  };
  const finished = {
    id: responseId,
    object: 'response',
    created_at: Math.floor(Date.now() / 1_000),
    status: 'completed',
    model,
    output: [item],
    usage: usageBody,
  };
  if (body.stream !== true) return json(response, 200, finished);
  const events = sse(response);
  events.send('response.created', {
    type: 'response.created',
    response: { ...finished, status: 'in_progress', output: [] },
  });
  events.send('response.output_item.added', { type: 'response.output_item.added', output_index: 0, item });
  if (item.type === 'message') {
    events.send('response.output_text.delta', {
      type: 'response.output_text.delta',
      item_id: item.id,
      output_index: 0,
      content_index: 0,
      delta: turn.text ?? '',
    });
  }
  events.send('response.output_item.done', { type: 'response.output_item.done', output_index: 0, item });
  events.send('response.completed', { type: 'response.completed', response: finished });
  response.end();
}

function chatAnswer(
  response: ServerResponse,
  body: Record<string, unknown>,
  turn: Turn,
  usage: Usage,
  nextId: NextId,
): void {
  const model = typeof body.model === 'string' ? body.model : 'chat-fake';
  const id = nextId('chatcmpl');
  const created = Math.floor(Date.now() / 1_000);
  const toolCall = turn.search
    ? {
        id: nextId('call'),
        type: 'function',
        function: { name: turn.search.tool, arguments: JSON.stringify(turn.search.arguments) },
      }
    : undefined;
  const finishReason = toolCall ? 'tool_calls' : 'stop';
  const usageBody = {
    prompt_tokens: usage.input,
    completion_tokens: usage.output,
    total_tokens: usage.input + usage.output,
  };
  if (body.stream !== true) {
    return json(response, 200, {
      id,
      object: 'chat.completion',
      created,
      model,
      choices: [
        {
          index: 0,
          message: toolCall
            ? { role: 'assistant', content: null, tool_calls: [toolCall] }
            : { role: 'assistant', content: turn.text ?? '' },
          finish_reason: finishReason,
        },
      ],
      usage: usageBody,
    });
  }
  const events = sse(response);
  const chunk = (delta: unknown, finish: string | null, extra: Record<string, unknown> = {}) =>
    events.data({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      choices: [{ index: 0, delta, finish_reason: finish }],
      ...extra,
    });
  chunk({ role: 'assistant', content: '' }, null);
  if (toolCall) {
    chunk(
      { tool_calls: [{ index: 0, ...toolCall, function: { name: toolCall.function.name, arguments: '' } }] },
      null,
    );
    chunk({ tool_calls: [{ index: 0, function: { arguments: toolCall.function.arguments } }] }, null);
  } else {
    chunk({ content: turn.text ?? '' }, null);
  }
  chunk({}, finishReason);
  const options = body.stream_options as { include_usage?: boolean } | undefined;
  if (options?.include_usage) {
    events.data({ id, object: 'chat.completion.chunk', created, model, choices: [], usage: usageBody });
  }
  events.raw('data: [DONE]\n\n');
  response.end();
}

function sse(response: ServerResponse) {
  response.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  return {
    send(event: string, data: unknown) {
      response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    data(data: unknown) {
      response.write(`data: ${JSON.stringify(data)}\n\n`);
    },
    raw(text: string) {
      response.write(text);
    },
  };
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
    request.on('error', fail);
  });
}
