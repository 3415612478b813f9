// The ACP runner as the client of real ACP agents over stdio: a scripted agent written with the
// SDK's agent side, and the real Claude ACP adapter (test/agents-cli) against the Anthropic fake.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acpAgent } from '../../../src/research/agents/acp.ts';
import { AgentRunError } from '../../../src/research/agents/agent-runner.ts';
import { REPO_ROOT } from '../../mcp/quarry-harness.ts';
import { AGENTS_CLI_BIN, agentSuite, waitFor, type TestRunOptions } from './agent-test-kit.ts';

interface FixtureReport {
  initialize: { clientCapabilities: unknown };
  sessions: unknown[];
  permissions: unknown[];
  environment: string[];
}

const scripted = `node ${join(REPO_ROOT, 'test/research/fixtures/scripted-acp-agent.mjs')}`;

describe('ACP runner (real ACP agents on stdio)', () => {
  const suite = agentSuite();

  async function prepareScripted(mode: string, options: TestRunOptions = {}) {
    let reportPath = '';
    const run = await suite.prepare({
      environment: () => ({ FIXTURE_MODE: mode, QUARRY_ACP_PASS_ENV: 'FIXTURE_MODE,FIXTURE_REPORT' }),
      ...options,
    });
    reportPath = join(run.input.homeDir, 'fixture-report.json');
    run.input.environment.FIXTURE_REPORT = reportPath;
    return { run, report: () => JSON.parse(readFileSync(reportPath, 'utf8')) as FixtureReport };
  }

  it("gives the session Quarry's MCP server only, allows Quarry's tools, refuses the agent's own, and takes the answer", async () => {
    const { run, report } = await prepareScripted('answer');
    const outcome = await acpAgent(scripted).run(run.input);
    expect(outcome.answer).toBe(
      'OpenClaw — Personal AI Assistant is where to start [1].\n\nSources:\n1. [OpenClaw — Personal AI Assistant](https://openclaw.ai/)',
    );
    const seen = report();
    expect(seen.initialize.clientCapabilities).toMatchObject({
      fs: { readTextFile: false, writeTextFile: false },
      terminal: false,
    });
    expect(seen.sessions).toEqual([
      {
        cwd: run.input.workDir,
        mcpServers: [
          { type: 'http', name: 'quarry', url: suite.world.quarry.mcpUrl, headerNames: ['Authorization'] },
        ],
        meta: expect.objectContaining({
          claudeCode: {
            options: expect.objectContaining({ tools: [], disallowedTools: ['WebSearch', 'WebFetch'] }),
          },
        }),
      },
    ]);
    expect(seen.permissions).toEqual([
      { shell: { outcome: 'selected', optionId: 'no' }, search: { outcome: 'selected', optionId: 'yes' } },
    ]);
    // Quarry's own secrets stay out of the agent's environment.
    expect(seen.environment).not.toContain('QUARRY_ADMIN_TOKEN');
    expect(seen.environment).not.toContain('REDIS_URL');

    expect(await run.searchesUsed()).toBe(1);
    expect(run.providerSearches()).toBe(1);
    expect(run.events).toEqual([
      { type: 'log', text: expect.stringMatching(/^Refused the agent's own tool "Bash: curl/) },
      { type: 'message', text: 'Let me look this up. ' },
      {
        type: 'tool-call',
        id: 'call-1',
        tool: 'web_search',
        arguments: { query: 'openclaw latest features' },
      },
      {
        type: 'tool-result',
        id: 'call-1',
        tool: 'web_search',
        summary: expect.stringMatching(/^SearXNG answered/),
        isError: false,
      },
      { type: 'usage', costUsd: 0.0125 },
      { type: 'message', text: outcome.answer },
    ]);
    run.processes.stop();
    expect(run.processes.alive()).toEqual([]);
  });

  it('fails with tools-unavailable, before starting the agent, when Quarry refuses the token', async () => {
    const { run } = await prepareScripted('answer', { badToken: true });
    const error = (await acpAgent(scripted)
      .run(run.input)
      .catch((caught: unknown) => caught)) as AgentRunError;
    expect(error.kind).toBe('tools-unavailable');
    run.processes.stop();
    expect(run.processes.seen()).toEqual([]);
  });

  it('cancels with session/cancel, and the agent ends its turn', async () => {
    const { run } = await prepareScripted('hang');
    const running = acpAgent(scripted)
      .run(run.input)
      .catch((caught: unknown) => caught);
    await waitFor(() => run.events.some((event) => event.type === 'usage'));
    run.controller.abort();
    expect((await running) as AgentRunError).toMatchObject({ kind: 'cancelled' });
    run.processes.stop();
    expect(run.processes.alive()).toEqual([]);
  });

  it('kills an agent that ignores session/cancel, with the children it started', async () => {
    const { run } = await prepareScripted('stubborn');
    const running = acpAgent(scripted)
      .run(run.input)
      .catch((caught: unknown) => caught);
    await waitFor(
      () => run.processes.seen().some((process) => process.name === 'sleep'),
      20_000,
      'its child',
    );
    run.controller.abort();
    expect((await running) as AgentRunError).toMatchObject({ kind: 'cancelled' });
    run.processes.stop();
    expect(run.processes.alive()).toEqual([]);
  });

  it("drives the real Claude ACP adapter with Quarry's tools only and nothing sent outside", async () => {
    const run = await suite.prepare({
      environment: (models) => ({ ANTHROPIC_BASE_URL: models.url, ANTHROPIC_API_KEY: 'sk-ant-acp-test-key' }),
    });
    const outcome = await acpAgent(join(AGENTS_CLI_BIN, 'claude-agent-acp')).run(run.input);
    expect(outcome.answer).toContain('Sources:\n1. [OpenClaw');
    const main = run.models.mainRequests();
    expect(main.length).toBeGreaterThanOrEqual(2);
    for (const request of main) {
      expect(request.tools).toEqual(expect.arrayContaining(['mcp__quarry__web_search']));
      expect(
        request.tools.filter((name) => /^(WebSearch|WebFetch|Bash|Read|Write|Edit)$/.test(name)),
      ).toEqual([]);
      expect(request.credential).toBe('sk-ant-acp-test-key');
    }
    expect(await run.searchesUsed()).toBe(1);
    // The adapter sends the arguments in an update after the call: the event waits for them.
    expect(run.events.filter((event) => event.type === 'tool-call')).toEqual([
      {
        type: 'tool-call',
        id: expect.any(String),
        tool: 'web_search',
        arguments: { query: 'openclaw latest features' },
      },
    ]);
    // Its own notices are logged, not taken for the answer.
    expect(outcome.answer).toMatch(/^OpenClaw — Personal AI Assistant is one source on this \[1\]\./);
    run.processes.stop();
    expect(run.processes.alive()).toEqual([]);
    expect(suite.world.outside.attempts).toEqual([]);
    expect(run.processes.outsideSockets()).toEqual([]);
  }, 60_000);
});
