// A test-only agent runner: it does what its run's `options` say, as a real agent would, through
// Quarry's MCP endpoint with the real SDK client over Streamable HTTP and the run's own token. Its
// searches therefore go through the real queues to the loopback fake provider, and are charged and
// recorded by Quarry, not by this file. It can hold (until stopped), start a child process and stop
// it when told to, and leave its token in a file so a test can check that the token was revoked.
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  AgentRunError,
  type AgentOutcome,
  type AgentRunInput,
  type AgentRunner,
} from '../../src/research/agents/agent-runner.ts';

export interface Script {
  /** web_search queries, made one after the other. */
  searches?: string[];
  /** Hold (until stopped) after the searches, unless this file exists; the file is made when holding. */
  hold_once_file?: string;
  /** Hold until stopped after the searches. */
  hold?: boolean;
  /** Start a child process that lives until the agent is stopped; its pid goes in this file. */
  child_pid_file?: string;
  /** Write the run's token here (tests only: to check it stops working at the run's end). */
  token_file?: string;
  /** Fail with this message instead of answering. */
  fail?: string;
  answer?: string;
}

function textOf(result: CallToolResult): string {
  return result.content.map((item) => (item.type === 'text' ? item.text : '')).join('\n');
}

function held(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    const stop = () => reject(new AgentRunError('cancelled', 'The scripted agent was stopped.'));
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
  });
}

export const scriptedAgent: AgentRunner = {
  kind: 'command',
  name: 'Scripted test agent',
  async run(input: AgentRunInput): Promise<AgentOutcome> {
    const script = input.options as Script;
    if (script.token_file) writeFileSync(script.token_file, input.mcp.token);
    if (script.child_pid_file) {
      const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
      writeFileSync(script.child_pid_file, String(child.pid));
      input.signal.addEventListener('abort', () => child.kill('SIGTERM'), { once: true });
    }
    const client = new Client({ name: 'scripted-agent', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(input.mcp.url), {
      requestInit: { headers: { authorization: `Bearer ${input.mcp.token}` } },
    });
    try {
      await client.connect(transport);
    } catch (error) {
      throw new AgentRunError(
        'tools-unavailable',
        `Quarry's MCP server refused the agent: ${(error as Error).message}`,
      );
    }
    try {
      const { tools } = await client.listTools();
      input.onEvent({ type: 'log', text: `tools: ${tools.map((tool) => tool.name).join(', ')}` });
      const sources: Array<{ title: string; url: string }> = [];
      const notes: string[] = [];
      for (const query of script.searches ?? []) {
        input.onEvent({ type: 'tool-call', tool: 'web_search', arguments: { query } });
        const result = (await client.callTool({ name: 'web_search', arguments: { query } }, undefined, {
          signal: input.signal,
        })) as CallToolResult;
        const first = textOf(result).split('\n', 1)[0]!;
        input.onEvent({
          type: 'tool-result',
          tool: 'web_search',
          summary: first,
          isError: result.isError === true,
        });
        if (result.isError) notes.push(first);
        else {
          const results = (result.structuredContent as { results: Array<{ title: string; url: string }> })
            .results;
          if (results[0]) sources.push(results[0]);
        }
      }
      if (script.hold || (script.hold_once_file && !existsSync(script.hold_once_file))) {
        if (script.hold_once_file) writeFileSync(script.hold_once_file, 'held');
        input.onEvent({ type: 'message', text: 'holding until stopped' });
        await held(input.signal);
      }
      if (script.fail) throw new AgentRunError('agent-failed', script.fail);
      const cited = sources.map((source, index) => `${index + 1}. [${source.title}](${source.url})`);
      const answer = [
        `${script.answer ?? 'The answer'}${sources.length > 0 ? ' [1]' : ''}.`,
        ...(notes.length > 0 ? ['', `Note: ${notes.join(' ')}`] : []),
        ...(cited.length > 0 ? ['', 'Sources:', ...cited] : []),
      ].join('\n');
      input.onEvent({ type: 'message', text: answer });
      input.onEvent({ type: 'usage', inputTokens: 100, outputTokens: 20 });
      return {
        answer,
        turns: (script.searches?.length ?? 0) + 1,
        usage: { inputTokens: 100, outputTokens: 20 },
      };
    } finally {
      await client.close().catch(() => undefined);
    }
  },
};

/** The scripted agent for `command:"scripted"`; undefined for every other spec. */
export function testRunners(spec: string): AgentRunner | undefined {
  return spec === 'command:"scripted"' || spec === 'command:scripted' ? scriptedAgent : undefined;
}
