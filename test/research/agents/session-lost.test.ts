// Every agent runner against a Quarry that forgot the agent's MCP session mid-run, as a restarted
// Quarry has (the endpoint's sessions are all closed, so the old session id is answered 404): the
// real `claude` and `codex` CLIs and Quarry's own researcher, each against its loopback model fake,
// start a new session and their next search is answered and charged (MCP 2025-11-25: a client that
// gets 404 for its session starts a new one).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentRunner } from '../../../src/research/agents/agent-runner.ts';
import { claudeCode } from '../../../src/research/agents/claude-code.ts';
import { codex } from '../../../src/research/agents/codex.ts';
import { openaiResearcher } from '../../../src/research/agents/openai-researcher.ts';
import { researcherSettings } from '../fake-model-apis.ts';
import { prepareRun, startAgentWorld, waitFor, type AgentWorld } from './agent-test-kit.ts';

interface Case {
  runner: AgentRunner;
  environment: (models: { url: string }) => Record<string, string>;
  model?: string;
}

const CASES: Record<string, Case> = {
  'Claude Code': {
    runner: claudeCode,
    environment: (models) => ({ ANTHROPIC_BASE_URL: models.url, ANTHROPIC_API_KEY: 'sk-ant-session-test' }),
  },
  Codex: {
    runner: codex,
    environment: (models) => ({
      QUARRY_CODEX_BASE_URL: `${models.url}/v1`,
      QUARRY_CODEX_API_KEY: 'sk-codex-session-test',
    }),
    model: 'gpt-fake',
  },
  "Quarry's researcher": {
    runner: openaiResearcher,
    environment: (models) => researcherSettings(models, 'sk-researcher-session-test'),
  },
};

describe('agents whose MCP session Quarry forgot mid-run', { timeout: 120_000 }, () => {
  let world: AgentWorld;

  beforeAll(async () => {
    world = await startAgentWorld();
  });

  afterAll(async () => {
    await world?.close();
  });

  for (const [name, { runner, environment, model }] of Object.entries(CASES)) {
    it(`${name} starts a new session and goes on searching`, async () => {
      // One search, then the model waits until the test has dropped every session.
      const run = await prepareRun(world, {
        agent: runner.kind,
        environment,
        ...(model ? { model } : {}),
        script: { searches: 2, holdAfterSearches: 1 },
      });
      try {
        const running = runner.run(run.input);
        await waitFor(() => run.models.openRequests() === 1, 60_000, `${name} to wait on the model`);
        expect(await run.searchesUsed()).toBe(1);
        await world.quarry.endpoint().close();
        run.models.release();
        const outcome = await running;
        expect(await run.searchesUsed()).toBe(2);
        const results = run.events.filter((event) => event.type === 'tool-result');
        expect(results.map((event) => (event as { isError: boolean }).isError)).toEqual([false, false]);
        expect(outcome.answer).toMatch(/\[1\]/);
      } finally {
        await run.close();
      }
    });
  }
});
