// The command runner runs a real program (a fixture that speaks MCP to Quarry with the SDK) and
// takes its standard output as the answer.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AgentRunError } from '../../../src/research/agents/agent-runner.ts';
import { commandAgent } from '../../../src/research/agents/command.ts';
import { runnerFor } from '../../../src/research/agents/index.ts';
import { REPO_ROOT } from '../../mcp/quarry-harness.ts';
import { agentSuite, waitFor, type TestRunOptions } from './agent-test-kit.ts';

const fixture = `node ${join(REPO_ROOT, 'test/research/fixtures/command-agent.mjs')}`;

describe('command runner (a real program over MCP)', () => {
  const suite = agentSuite();

  async function prepare(mode?: string, options: TestRunOptions = {}) {
    return suite.prepare({
      environment: (): Record<string, string> =>
        mode ? { FIXTURE_MODE: mode, QUARRY_COMMAND_PASS_ENV: 'FIXTURE_MODE' } : {},
      question: `"Quoted" question; with $(shell) characters & more`,
      ...options,
    });
  }

  it('gives the program the address, token and question, and takes its standard output as the answer', async () => {
    const run = await prepare();
    const outcome = await commandAgent(fixture).run(run.input);
    expect(outcome.answer).toBe(
      'OpenClaw — Personal AI Assistant is where to start [1].\n\nSources:\n1. [OpenClaw — Personal AI Assistant](https://openclaw.ai/)',
    );
    expect(await run.searchesUsed()).toBe(1);
    expect(run.providerSearches()).toBe(1);
    expect(run.events).toContainEqual({
      type: 'log',
      text: `searching for: "Quoted" question; with $(shell) characters & more`,
    });
    run.processes.stop();
    expect(run.processes.alive()).toEqual([]);
  });

  it('fails with the end of its standard error when it exits nonzero, the token hidden', async () => {
    const run = await prepare('fail');
    const error = (await commandAgent(fixture)
      .run(run.input)
      .catch((caught: unknown) => caught)) as AgentRunError;
    expect(error.kind).toBe('agent-failed');
    expect(error.message).toBe(
      `The command "${fixture}" failed (exit 3): starting up / the model key is wrong (token [hidden])`,
    );
    expect(JSON.stringify(run.events)).not.toContain(run.input.mcp.token);
    expect(run.events).toContainEqual({ type: 'log', text: 'the model key is wrong (token [hidden])' });
  });

  it('through runnerFor, keeps every key of its environment out of events and the failure', async () => {
    const run = await suite.prepare({
      environment: () => ({
        MY_AGENT_API_KEY: 'sk-agent-secret-0123456789',
        QUARRY_COMMAND_PASS_ENV: 'MY_AGENT_API_KEY',
      }),
    });
    const runner = runnerFor(`command:sh -c 'echo key $MY_AGENT_API_KEY >&2; exit 4'`);
    const error = (await runner.run(run.input).catch((caught: unknown) => caught)) as AgentRunError;
    expect(error.kind).toBe('agent-failed');
    expect(error.message).toMatch(/failed \(exit 4\): key \[hidden\]$/);
    expect(run.events).toEqual([{ type: 'log', text: 'key [hidden]' }]);
  });

  it('fails with tools-unavailable, before starting the program, when Quarry refuses the token', async () => {
    const run = await prepare(undefined, { badToken: true });
    const error = (await commandAgent(fixture)
      .run(run.input)
      .catch((caught: unknown) => caught)) as AgentRunError;
    expect(error.kind).toBe('tools-unavailable');
    expect(error.message).toMatch(
      /^The command ".*" could not use Quarry's tools: connecting to http:\/\/127\.0\.0\.1:\d+\/mcp failed/,
    );
    run.processes.stop();
    expect(run.processes.seen()).toEqual([]);
  });

  it.each([
    ['in its process group', 'hang'],
    ['in a session of their own', 'hang-apart'],
  ])('stops the program and the children it started %s on abort', async (_where, mode) => {
    const run = await prepare(mode);
    const running = commandAgent(fixture)
      .run(run.input)
      .catch((caught: unknown) => caught);
    await waitFor(() =>
      run.events.some((event) => event.type === 'log' && event.text === 'thinking for a long time'),
    );
    await waitFor(() => run.processes.seen().some((process) => process.name === 'sleep'), 5_000, 'its child');
    run.controller.abort();
    expect((await running) as AgentRunError).toMatchObject({ kind: 'cancelled' });
    run.processes.stop();
    expect(run.processes.alive()).toEqual([]);
  });
});
