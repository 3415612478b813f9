// The Claude Code runner drives the real `claude` CLI (test/agents-cli) against a loopback fake of
// the Anthropic Messages API, with a real Quarry as its only tool server.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AgentRunError } from '../../../src/research/agents/agent-runner.ts';
import { claudeCode } from '../../../src/research/agents/claude-code.ts';
import { agentSuite, waitFor } from './agent-test-kit.ts';

const anthropic = (models: { url: string }) => ({
  ANTHROPIC_BASE_URL: models.url,
  ANTHROPIC_API_KEY: 'sk-ant-test-key-for-the-fake',
});

describe('Claude Code runner (real claude CLI, fake Anthropic API)', () => {
  const suite = agentSuite({ agent: 'claude-code', environment: anthropic });
  const { prepare } = suite;

  it("answers with Quarry's tools only, its search charged to the run, and nothing sent outside", async () => {
    const run = await prepare();
    const outcome = await claudeCode.run(run.input);

    expect(outcome.answer).toMatch(/\[1\]/);
    expect(outcome.answer).toContain('Sources:\n1. [OpenClaw');
    expect(outcome.turns).toBeGreaterThanOrEqual(2);
    expect(outcome.costUsd).toBeGreaterThan(0);

    const main = run.models.mainRequests();
    expect(main.length).toBeGreaterThanOrEqual(2);
    for (const request of main) {
      expect(request.tools).toEqual(
        expect.arrayContaining([
          'mcp__quarry__web_search',
          'mcp__quarry__read_page',
          'mcp__quarry__find_media',
        ]),
      );
      // Its own tools are off: no web search or fetch, no shell, no files.
      expect(request.tools.filter((name) => !name.startsWith('mcp__quarry__'))).not.toEqual(
        expect.arrayContaining([expect.stringMatching(/^(WebSearch|WebFetch|Bash|Read|Write|Edit)$/)]),
      );
      expect(request.toolDeclarations).not.toContainEqual(
        expect.objectContaining({ type: expect.stringMatching(/web_search|web_fetch/) }),
      );
      expect(request.credential).toBe('sk-ant-test-key-for-the-fake');
    }
    // The research instructions reached the system prompt.
    expect(JSON.stringify(main[0]!.body.system)).toContain('research run');

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
      expect.objectContaining({ type: 'tool-result', tool: 'web_search', isError: false }),
    );
    expect(run.events).toContainEqual(
      expect.objectContaining({ type: 'usage', costUsd: expect.any(Number) }),
    );
    expect(JSON.stringify(run.events)).not.toContain(run.input.mcp.token);

    // The token went in a file only the run can read.
    expect(statSync(join(run.input.homeDir, 'quarry-mcp.json')).mode & 0o777).toBe(0o600);
    run.processes.stop();
    expect(run.processes.seen().length).toBeGreaterThan(0);
    expect(run.processes.alive()).toEqual([]);
    expect(suite.world.outside.attempts).toEqual([]);
    expect(run.processes.outsideSockets()).toEqual([]);
  });

  it('is told when the budget is spent mid-run and still ends with an answer', async () => {
    const run = await prepare({ budget: 1, script: { searches: 3 } });
    const outcome = await claudeCode.run(run.input);
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
    const error = await claudeCode.run(run.input).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AgentRunError);
    expect((error as AgentRunError).kind).toBe('tools-unavailable');
    expect((error as AgentRunError).message).toMatch(
      /^Claude Code could not use Quarry's tools: .* is failed/,
    );
    expect(run.models.mainRequests()).toEqual([]);
    run.processes.stop();
    expect(run.processes.alive()).toEqual([]);
  });

  it('stops mid-run on abort and leaves no process behind', async () => {
    const run = await prepare({ script: { hangAfterSearches: 1 } });
    const running = claudeCode.run(run.input).catch((caught: unknown) => caught);
    await waitFor(() => run.models.openRequests() > 0, 30_000, 'the model request after the search');
    expect(run.processes.alive().length).toBeGreaterThan(0);
    run.controller.abort();
    const error = await running;
    expect(error).toBeInstanceOf(AgentRunError);
    expect((error as AgentRunError).kind).toBe('cancelled');
    expect(await run.searchesUsed()).toBe(1);
    run.processes.stop();
    expect(run.processes.alive()).toEqual([]);
  });

  it('reports max-turns when the agent runs out of turns', async () => {
    const run = await prepare({ script: { searches: 5 }, maxTurns: 1 });
    const error = await claudeCode.run(run.input).catch((caught: unknown) => caught);
    expect((error as AgentRunError).kind).toBe('max-turns');
    expect((error as AgentRunError).message).toContain('1 turns');
  });

  it('would be caught reaching outside: without a model address it tries api.anthropic.com through the recording proxy', async () => {
    // Shows the outside-traffic check above can fail: the same CLI, not told where its model is.
    const attemptsBefore = suite.world.outside.attempts.length;
    const run = await prepare({ environment: () => ({ ANTHROPIC_API_KEY: 'sk-ant-test-key-for-the-fake' }) });
    const running = claudeCode.run(run.input).catch((caught: unknown) => caught);
    await waitFor(
      () => suite.world.outside.attempts.length > attemptsBefore,
      30_000,
      'a try to reach outside',
    );
    run.controller.abort();
    expect((await running) as AgentRunError).toMatchObject({ kind: 'cancelled' });
    expect(suite.world.outside.attempts.slice(attemptsBefore)).toContain('CONNECT api.anthropic.com:443');
    suite.world.outside.attempts.splice(attemptsBefore);
    run.processes.stop();
    expect(run.processes.alive()).toEqual([]);
  });

  it("fails with the model API's refusal when the key is wrong, saying which variables to check", async () => {
    const run = await prepare({
      script: { failWith: { status: 401, message: 'invalid x-api-key' } },
      environment: (models) => ({ ...anthropic(models), CLAUDE_CODE_MAX_RETRIES: '0' }),
    });
    const error = (await claudeCode.run(run.input).catch((caught: unknown) => caught)) as AgentRunError;
    expect(error.kind).toBe('agent-failed');
    expect(error.message).toMatch(
      /^Claude Code ended with an error .*Check its model API settings \(agents\.claude-code\.baseUrl and apiKey, or ANTHROPIC_BASE_URL and ANTHROPIC_API_KEY\)\.$/s,
    );
    expect(error.message).not.toContain('sk-ant-test-key-for-the-fake');
  });

  it('refuses options it does not take, saying which', async () => {
    const run = await prepare({ options: { allowed_tools: ['Bash'] } });
    const error = await claudeCode.run(run.input).catch((caught: unknown) => caught);
    expect((error as AgentRunError).kind).toBe('invalid');
    expect((error as AgentRunError).message).toBe(
      `Claude Code's options are wrong: allowed_tools is not an option of Claude Code. Fix the run's "options".`,
    );
  });
});
