// Quarry's own researcher against a loopback Chat Completions fake (streaming and not), calling
// Quarry's tools through the real MCP endpoint.
import { describe, expect, it } from 'vitest';
import { AgentRunError } from '../../../src/research/agents/agent-runner.ts';
import { openaiResearcher } from '../../../src/research/agents/openai-researcher.ts';
import { researcherSettings } from '../fake-model-apis.ts';
import { agentSuite, waitFor } from './agent-test-kit.ts';

const chatApi = (models: { url: string }) => researcherSettings(models, 'sk-researcher-test-key');

describe("Quarry's researcher (Chat Completions fake, real MCP)", () => {
  const suite = agentSuite({ agent: 'openai', environment: chatApi });
  const { prepare } = suite;

  for (const stream of [false, true]) {
    it(`answers with citations from Quarry's numbers, its search charged to the run (${stream ? 'streaming' : 'not streaming'})`, async () => {
      const run = await prepare({ options: { stream } });
      const outcome = await openaiResearcher.run(run.input);
      expect(outcome.answer).toBe(
        'OpenClaw — Personal AI Assistant is one source on this [1].\n\nSources:\n1. [OpenClaw — Personal AI Assistant](https://openclaw.ai/)',
      );
      expect(outcome.turns).toBe(2);
      expect(outcome.usage?.inputTokens).toBeGreaterThan(0);

      const requests = run.models.requests;
      expect(requests.map((request) => request.api)).toEqual(['chat', 'chat']);
      for (const request of requests) {
        expect(request.tools.sort()).toEqual(['find_media', 'read_page', 'web_search']);
        expect(request.credential).toBe('sk-researcher-test-key');
        expect(request.body.model).toBe('chat-fake-1');
        expect(request.body.stream ?? false).toBe(stream);
      }
      const system = (requests[0]!.body.messages as Array<{ role: string; content: string }>)[0]!;
      expect(system.role).toBe('system');
      expect(system.content).toContain('`Sources:` list');
      expect(await run.searchesUsed()).toBe(1);
      expect(run.providerSearches()).toBe(1);
      expect(run.events.filter((event) => event.type !== 'usage')).toEqual([
        {
          type: 'tool-call',
          id: expect.any(String),
          tool: 'web_search',
          arguments: { query: 'openclaw latest features' },
        },
        {
          type: 'tool-result',
          id: expect.any(String),
          tool: 'web_search',
          summary: expect.stringMatching(/^SearXNG answered "openclaw latest features" with 1 result\./),
          isError: false,
        },
        { type: 'message', text: outcome.answer },
      ]);
      expect(run.events.filter((event) => event.type === 'usage')).toHaveLength(2);
    });
  }

  it('still answers when the budget is spent mid-run, told so, without tools on the last call', async () => {
    const run = await prepare({ budget: 2, script: { searches: 5 } });
    const outcome = await openaiResearcher.run(run.input);
    expect(outcome.answer).toContain('Sources:\n1. [OpenClaw');
    expect(await run.searchesUsed()).toBe(2);
    expect(run.providerSearches()).toBe(2);
    const results = run.events.filter((event) => event.type === 'tool-result');
    expect(results.map((event) => event.isError)).toEqual([false, false, true]);
    expect(results[2]).toMatchObject({
      summary: "This run's 2 searches are used; answer from what you have.",
    });
    const last = run.models.requests.at(-1)!;
    expect(last.tools).toEqual([]);
    expect(JSON.stringify(last.body.messages)).toContain("This run's budget is spent");
  });

  it('answers on its last turn when the turn limit comes first', async () => {
    const run = await prepare({ script: { searches: 5 }, maxTurns: 2 });
    const outcome = await openaiResearcher.run(run.input);
    expect(outcome.turns).toBe(2);
    expect(outcome.answer).toContain('[1]');
    expect(await run.searchesUsed()).toBe(1);
  });

  it('fails with tools-unavailable when Quarry refuses the token', async () => {
    const run = await prepare({ badToken: true });
    const error = (await openaiResearcher.run(run.input).catch((caught: unknown) => caught)) as AgentRunError;
    expect(error.kind).toBe('tools-unavailable');
    expect(run.models.requests).toEqual([]);
  });

  it('stops on abort mid-request', async () => {
    const run = await prepare({ script: { hangAfterSearches: 1 } });
    const running = openaiResearcher.run(run.input).catch((caught: unknown) => caught);
    await waitFor(() => run.models.openRequests() > 0);
    run.controller.abort();
    expect((await running) as AgentRunError).toMatchObject({ kind: 'cancelled' });
  });

  it('says which setting to change when the model API refuses the key or is missing', async () => {
    const refused = await prepare({
      environment: (models) => ({ ...chatApi(models), QUARRY_OPENAI_BASE_URL: `${models.url}/wrong` }),
    });
    const error = (await openaiResearcher
      .run(refused.input)
      .catch((caught: unknown) => caught)) as AgentRunError;
    expect(error.kind).toBe('agent-failed');
    expect(error.message).toMatch(
      /^Quarry's researcher: the model API at http:\/\/127\.0\.0\.1:\d+\/wrong answered 404: .*check the model name \(agents\.openai\.model \(QUARRY_OPENAI_MODEL\)\)/,
    );

    const missing = await prepare({ environment: () => ({ QUARRY_OPENAI_MODEL: 'x' }) });
    const noApi = (await openaiResearcher
      .run(missing.input)
      .catch((caught: unknown) => caught)) as AgentRunError;
    expect(noApi.kind).toBe('invalid');
    expect(noApi.message).toMatch(
      /^Quarry's researcher has no model API: set agents\.openai\.apiKey \(QUARRY_OPENAI_API_KEY, or OPENAI_API_KEY\)/,
    );
  });

  it("never sends the operator's key to an address a run's options chose", async () => {
    const run = await prepare();
    const other = await prepare();
    run.input.options = { base_url: `${other.models.url}/v1` };
    await openaiResearcher.run(run.input);
    expect(other.models.requests.length).toBeGreaterThan(0);
    expect(other.models.requests.map((request) => request.credential)).not.toContain(
      'sk-researcher-test-key',
    );
  });
});
