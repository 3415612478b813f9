// The Codex runner drives the real `codex` CLI (test/agents-cli) against a loopback fake of the
// OpenAI Responses API (streaming), with a real Quarry as its only, required, tool server.
import { describe, expect, it } from 'vitest';
import { AgentRunError } from '../../../src/research/agents/agent-runner.ts';
import { codex } from '../../../src/research/agents/codex.ts';
import { agentSuite, waitFor } from './agent-test-kit.ts';

const responsesApi = (models: { url: string }) => ({
  QUARRY_CODEX_BASE_URL: `${models.url}/v1`,
  QUARRY_CODEX_API_KEY: 'sk-codex-test-key-for-the-fake',
});

describe('Codex runner (real codex CLI, fake Responses API)', () => {
  const suite = agentSuite({ agent: 'codex', environment: responsesApi, model: 'gpt-fake' });
  const { prepare } = suite;

  it("answers with Quarry's tools only, its search charged to the run, and nothing sent outside", async () => {
    const run = await prepare();
    const outcome = await codex.run(run.input);

    expect(outcome.answer).toContain('Sources:\n1. [OpenClaw');
    expect(outcome.usage?.inputTokens).toBeGreaterThan(0);

    const main = run.models.mainRequests();
    expect(main.length).toBeGreaterThanOrEqual(2);
    for (const request of main) {
      expect(request.api).toBe('responses');
      expect(request.body.stream).toBe(true);
      expect(request.tools).toEqual(
        expect.arrayContaining(['mcp__quarry.web_search', 'mcp__quarry.read_page', 'mcp__quarry.find_media']),
      );
      // No hosted web search, no shell, no other MCP server.
      expect(
        request.tools.filter((name) => /web_search|web_fetch|shell|exec_command|apply_patch/.test(name)),
      ).toEqual(['mcp__quarry.web_search']);
      expect(request.credential).toBe('sk-codex-test-key-for-the-fake');
    }
    expect(JSON.stringify(main[0]!.body.input)).toContain('research run');

    expect(await run.searchesUsed()).toBe(1);
    expect(run.providerSearches()).toBe(1);
    expect(run.events).toContainEqual(
      expect.objectContaining({
        type: 'tool-call',
        tool: 'web_search',
        arguments: { query: 'openclaw latest features' },
      }),
    );
    expect(run.events).toContainEqual(
      expect.objectContaining({
        type: 'tool-result',
        tool: 'web_search',
        isError: false,
        summary: expect.stringMatching(/^SearXNG answered/),
      }),
    );
    expect(JSON.stringify(run.events)).not.toContain(run.input.mcp.token);
    run.processes.stop();
    expect(run.processes.seen().length).toBeGreaterThan(0);
    expect(run.processes.alive()).toEqual([]);
    expect(suite.world.outside.attempts).toEqual([]);
    expect(run.processes.outsideSockets()).toEqual([]);
  });

  it('is told when the budget is spent mid-run and still ends with an answer', async () => {
    const run = await prepare({ budget: 1, script: { searches: 3 } });
    const outcome = await codex.run(run.input);
    expect(outcome.answer).toContain('Sources:\n1. [OpenClaw');
    expect(await run.searchesUsed()).toBe(1);
    expect(run.providerSearches()).toBe(1);
    const results = run.events.filter((event) => event.type === 'tool-result');
    expect(results.map((event) => event.isError)).toEqual([false, true]);
    expect(results[1]).toMatchObject({
      summary: "This run's 1 searches are used; answer from what you have.",
    });
  });

  it('fails with tools-unavailable when Quarry refuses the token, instead of answering without tools', async () => {
    const run = await prepare({ badToken: true });
    const error = await codex.run(run.input).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AgentRunError);
    expect((error as AgentRunError).kind).toBe('tools-unavailable');
    expect((error as AgentRunError).message).toMatch(/^Codex could not use Quarry's tools/);
    expect(run.models.mainRequests()).toEqual([]);
  });

  it('stops mid-run on abort and leaves no process behind', async () => {
    const run = await prepare({ script: { hangAfterSearches: 1 } });
    const running = codex.run(run.input).catch((caught: unknown) => caught);
    await waitFor(() => run.models.openRequests() > 0, 30_000, 'the model request after the search');
    expect(run.processes.alive().length).toBeGreaterThan(0);
    run.controller.abort();
    expect((await running) as AgentRunError).toMatchObject({ kind: 'cancelled' });
    run.processes.stop();
    expect(run.processes.alive()).toEqual([]);
  });

  it('would be caught reaching outside: without a model address it tries api.openai.com through the recording proxy', async () => {
    const attemptsBefore = suite.world.outside.attempts.length;
    const run = await prepare({ environment: () => ({ OPENAI_API_KEY: 'sk-codex-test-key-for-the-fake' }) });
    const running = codex.run(run.input).catch((caught: unknown) => caught);
    await waitFor(
      () => suite.world.outside.attempts.length > attemptsBefore,
      30_000,
      'a try to reach outside',
    );
    run.controller.abort();
    expect((await running) as AgentRunError).toMatchObject({ kind: 'cancelled' });
    expect(suite.world.outside.attempts.slice(attemptsBefore).join('\n')).toMatch(
      /CONNECT [a-z.]*openai\.com:443/,
    );
    suite.world.outside.attempts.splice(attemptsBefore);
    run.processes.stop();
    expect(run.processes.alive()).toEqual([]);
  });

  it('stops with max-turns past its turn limit', async () => {
    const run = await prepare({ script: { searches: 5 }, maxTurns: 2 });
    const error = await codex.run(run.input).catch((caught: unknown) => caught);
    expect((error as AgentRunError).kind).toBe('max-turns');
    expect(await run.searchesUsed()).toBeLessThanOrEqual(3);
    run.processes.stop();
    expect(run.processes.alive()).toEqual([]);
  });
});
