// A test-only agent for the run-end tests (`command:"reading"`): it searches and reads pages through
// Quarry's MCP endpoint with the real SDK client and the run's own token, as a real agent would, then
// answers with its run options' `answer`, where `{n:ADDRESS}` becomes the citation number Quarry's
// tools gave that address and `{title:ADDRESS}` the title they gave it (so the page's own title, a
// `<script>` in it included, reaches the answer as an agent would copy it).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  AgentRunError,
  type AgentOutcome,
  type AgentRunInput,
  type AgentRunner,
} from '../../src/research/agents/agent-runner.ts';

export interface ReadingScript {
  searches?: string[];
  reads?: string[];
  answer: string;
}

export const readingAgent: AgentRunner = {
  kind: 'command',
  name: 'Reading test agent',
  async run(input: AgentRunInput): Promise<AgentOutcome> {
    const script = input.options as unknown as ReadingScript;
    const client = new Client({ name: 'reading-agent', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(input.mcp.url), {
      requestInit: { headers: { authorization: `Bearer ${input.mcp.token}` } },
    });
    await client.connect(transport);
    const numbers = new Map<string, number>();
    const titles = new Map<string, string>();
    const call = async (name: string, args: Record<string, unknown>) => {
      const result = (await client.callTool({ name, arguments: args }, undefined, {
        signal: input.signal,
      })) as CallToolResult;
      if (result.isError) {
        const text = result.content.map((item) => (item.type === 'text' ? item.text : '')).join('\n');
        throw new AgentRunError('agent-failed', `${name} failed: ${text.split('\n', 1)[0]}`);
      }
      return result.structuredContent as Record<string, unknown>;
    };
    try {
      for (const query of script.searches ?? []) {
        const answer = await call('web_search', { query });
        for (const result of answer.results as Array<{ n: number; url: string; title: string }>) {
          numbers.set(result.url, result.n);
          titles.set(result.url, result.title);
        }
      }
      for (const url of script.reads ?? []) {
        const page = await call('read_page', { url });
        numbers.set(url, page.n as number);
        titles.set(url, String(page.title ?? ''));
      }
      const answer = script.answer
        .replace(/\{n:([^}]+)\}/g, (_whole, url: string) => String(numbers.get(url) ?? 99))
        .replace(/\{title:([^}]+)\}/g, (_whole, url: string) => titles.get(url) ?? url);
      input.onEvent({ type: 'message', text: answer });
      return { answer, turns: 1, usage: { inputTokens: 10, outputTokens: 5 } };
    } finally {
      await client.close().catch(() => undefined);
    }
  },
};
