// The `research` tool as an MCP task with Quarry's own researcher (the real `openai` runner, in a real
// worker process) against the loopback Chat Completions fake, through the real SDK client over
// Streamable HTTP:
// - tasks/cancel stops the run the way `POST /api/runs/:id/cancel` does: the agent's open model
//   request is dropped and the fake sees no request after it, the run ends `cancelled` (its events say
//   so), the task is `cancelled` in the cancel's answer, and tasks/result answers what the tool call
//   answers for a cancelled run. Only the token that created the task can cancel it; an operator's
//   cancel of the run (the REST API) ends the task `cancelled` too.
// - a whole Quarry (server and workers in one process, as `npm start`) killed while the task's run is
//   running and started again: from a new client connection, tasks/get and tasks/result answer the
//   run that was interrupted and started again (QUARRY_RUN_ATTEMPTS), its answer and report whole;
//   with QUARRY_RUN_ATTEMPTS=1 the task ends `failed` with the run's reason. Meanwhile any other
//   Quarry process answers for the task.
// - the Quarry server alone killed and started again, its worker alive: the researcher's next tool
//   call gets 404 for its old session, starts a new one, and the run ends whole.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  CallToolResultSchema,
  CreateTaskResultSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it, onTestFinished } from 'vitest';
import { TASK_CANCEL_REASON } from '../../src/mcp/research-tool.ts';
import type { RunView } from '../../src/research/run-view.ts';
import { until } from '../queue/helpers.ts';
import { researcherSettings, type FakeModelApis } from './fake-model-apis.ts';
import { connectMcp as connect, createAgentToken, freePort, taskEnd } from './research-mcp-client.ts';
import { killWorker, statusMoves, toolEvents, type ResearchQuarry, type RunWorker } from './run-harness.ts';
import { researcherSuite } from './researcher-suite.ts';

const QUESTION = {
  question: 'How does QUIC avoid head-of-line blocking?',
  budget: 3,
  time_limit_seconds: 120,
};

const RESEARCHER_KEY = 'sk-task-test-key';
const researcher = (models: FakeModelApis) => researcherSettings(models, RESEARCHER_KEY);

async function token(quarry: ResearchQuarry): Promise<string> {
  // No research_agent on the token: the tool's default agent, Quarry's researcher.
  return createAgentToken(quarry, { research: true });
}

async function createTask(client: Client): Promise<string> {
  const created = await client.request(
    { method: 'tools/call', params: { name: 'research', arguments: QUESTION, task: { ttl: 600_000 } } },
    CreateTaskResultSchema,
  );
  expect(created.task.status).toBe('working');
  return created.task.taskId;
}

/** The run a research task started: the one in the run list not seen before. */
async function onlyRun(quarry: ResearchQuarry, known: Set<string>): Promise<string> {
  let runId: string | undefined;
  await until(
    async () => {
      const listed = await quarry.api<{ runs: RunView[] }>('GET', '/api/runs');
      runId = listed.body.runs.map((run) => run.id).find((id) => !known.has(id));
      return runId !== undefined;
    },
    10_000,
    'the task to start its run',
  );
  known.add(runId!);
  return runId!;
}

describe('a research task cancelled', { timeout: 90_000 }, () => {
  // One search, then the model never answers: the run stays `running` until it is stopped.
  const suite = researcherSuite(
    { searches: 2, hangAfterSearches: 1, query: 'quic transport' },
    { workerKey: RESEARCHER_KEY },
  );
  const runs = new Set<string>();

  it('with tasks/cancel: the agent is stopped, the run ends cancelled, tasks/result says so', async () => {
    const bearer = await token(suite.quarry);
    const client = await connect(suite.quarry.url, bearer);
    const taskId = await createTask(client);
    const runId = await onlyRun(suite.quarry, runs);
    // The researcher searched once and now waits on the model.
    await until(async () => suite.models.openRequests() === 1, 30_000, 'the agent to wait on the model');
    expect((await suite.quarry.run(runId)).status).toBe('running');

    // Another token's session finds no such task, so it cannot cancel it.
    const stranger = await connect(suite.quarry.url, await token(suite.quarry));
    await expect(stranger.experimental.tasks.cancelTask(taskId)).rejects.toThrow(/not found/i);
    await stranger.close();
    expect((await suite.quarry.run(runId)).status).toBe('running');

    const cancelled = await client.experimental.tasks.cancelTask(taskId);
    expect(cancelled).toMatchObject({ taskId, status: 'cancelled' });
    // The agent's open model request is dropped, and it asks the model nothing more.
    await until(async () => suite.models.openRequests() === 0, 20_000, "the agent's model request to end");
    const run = await suite.quarry.finished(runId);
    expect(run).toMatchObject({ status: 'cancelled', reason: TASK_CANCEL_REASON });
    const requestsAtEnd = suite.models.requests.length;

    expect((await client.experimental.tasks.getTask(taskId)).status).toBe('cancelled');
    const result = await client.experimental.tasks.getTaskResult(taskId, CallToolResultSchema);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({
      run_id: runId,
      status: 'cancelled',
      reason: TASK_CANCEL_REASON,
    });
    expect((result.content[0] as { text: string }).text).toContain(`Research run ${runId} ended cancelled`);
    // A cancelled task stays cancelled; cancelling it again is invalid params (MCP 2025-11-25).
    await expect(client.experimental.tasks.cancelTask(taskId)).rejects.toThrow(/terminal status/);

    const events = await suite.quarry.events(runId);
    expect(statusMoves(events)).toEqual(['queued', 'running', 'cancelled']);
    expect(
      events.find((event) => event.type === 'status' && event.data.to === 'cancelled')?.data,
    ).toMatchObject({ reason: TASK_CANCEL_REASON });
    expect(toolEvents(events).map((tool) => tool.tool)).toEqual(['web_search']);
    // Nothing asked the model after the run ended (the researcher's loop had stopped).
    expect(suite.models.requests.length).toBe(requestsAtEnd);
    await client.close();
  });

  it("an operator's cancel of the run (POST /api/runs/:id/cancel) ends the task cancelled", async () => {
    const client = await connect(suite.quarry.url, await token(suite.quarry));
    const taskId = await createTask(client);
    const runId = await onlyRun(suite.quarry, runs);
    await until(async () => suite.models.openRequests() === 1, 30_000, 'the agent to wait on the model');
    expect((await suite.quarry.api('POST', `/api/runs/${runId}/cancel`)).status).toBe(200);
    expect(await suite.quarry.finished(runId)).toMatchObject({
      status: 'cancelled',
      reason: 'Cancelled by an operator.',
    });
    expect((await client.experimental.tasks.getTask(taskId)).status).toBe('cancelled');
    const result = await client.experimental.tasks.getTaskResult(taskId, CallToolResultSchema);
    expect(result).toMatchObject({
      isError: true,
      structuredContent: { run_id: runId, status: 'cancelled' },
    });
    await client.close();
  });
});

describe('a research task across a Quarry killed mid-run', { timeout: 120_000 }, () => {
  // Two searches, each answer after a pause: the run is running for seconds, long enough to kill.
  const suite = researcherSuite({ searches: 2, delayMs: 1_500, query: 'quic transport' });

  /**
   * A whole Quarry, as `npm start` runs it (the agent's MCP server and the workers in one process), on
   * a port of its own: a research task created on it, and the process killed once the task's run made
   * its first search. `restart` starts it again on the same port and connects a new client.
   */
  async function taskKilledMidRun(extra: Record<string, string> = {}): Promise<{
    bearer: string;
    taskId: string;
    runId: string;
    restart(): Promise<{ worker: RunWorker; client: Client }>;
  }> {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const whole = {
      ...researcher(suite.models),
      QUARRY_TEST_SERVE: '1',
      HOST: '127.0.0.1',
      PORT: String(port),
      QUARRY_ADMIN_TOKEN: suite.quarry.adminToken,
      QUARRY_RUN_MCP_URL: `${url}/mcp`,
      ...extra,
    };
    const first = await suite.quarry.startWorker(whole);
    const bearer = await token(suite.quarry);
    const client = await connect(url, bearer);
    const before = (await suite.quarry.api<{ runs: RunView[] }>('GET', '/api/runs')).body.runs;
    const taskId = await createTask(client);
    const runId = await onlyRun(suite.quarry, new Set(before.map((run) => run.id)));
    await until(
      async () => toolEvents(await suite.quarry.events(runId)).length >= 1,
      30_000,
      'the run to make its first search',
    );
    expect((await suite.quarry.run(runId)).status).toBe('running');
    // Killed: no shutdown, the run's lock lapses, its agent dies with the process.
    await killWorker(first);
    await client.close().catch(() => undefined);
    return {
      bearer,
      taskId,
      runId,
      async restart() {
        const worker = await suite.quarry.startWorker(whole);
        return { worker, client: await connect(url, bearer) };
      },
    };
  }

  /** Expects the task to end `expected`; a failure tells what its run went through, and why. */
  async function expectTaskEnd(client: Client, taskId: string, runId: string, expected: string) {
    const status = await taskEnd(client, taskId);
    const run = await suite.quarry.run(runId);
    const moves = statusMoves(await suite.quarry.events(runId));
    const story = `run ${run.status} (${moves.join(' → ')})${run.reason ? `: ${run.reason}` : ''}`;
    expect(status, story).toBe(expected);
  }

  it('is answered from a new connection once the interrupted run was started again and ended', async () => {
    const { bearer, taskId, runId, restart } = await taskKilledMidRun();
    // Meanwhile any other Quarry process on the same Redis answers for the task.
    const elsewhere = await connect(suite.quarry.url, bearer);
    expect((await elsewhere.experimental.tasks.getTask(taskId)).status).toBe('working');
    await elsewhere.close();

    const { worker: restarted, client: again } = await restart();
    // Its runs end with the test, passed or not: the next test's Quarry must be the only one taking them.
    onTestFinished(() => killWorker(restarted));
    await expectTaskEnd(again, taskId, runId, 'completed');
    const result = (await again.experimental.tasks.getTaskResult(
      taskId,
      CallToolResultSchema,
    )) as CallToolResult;
    const structured = result.structuredContent as {
      run_id: string;
      status: string;
      report: { answer: string; sources: unknown[] };
    };
    expect(structured).toMatchObject({ run_id: runId, status: 'succeeded' });
    expect(structured.report.answer).toMatch(/\[1\]/);
    expect(structured.report.sources.length).toBeGreaterThan(0);
    expect((result.content[0] as { text: string }).text).toMatch(/^# How does QUIC/);

    const run = await suite.quarry.run(runId);
    expect(run).toMatchObject({ status: 'succeeded', attempts: 2 });
    const moves = statusMoves(await suite.quarry.events(runId));
    expect(moves).toEqual(['queued', 'running', 'interrupted', 'running', 'finalizing', 'succeeded']);
    await again.close();
  });

  it('reports the run failed once it was interrupted as many times as QUARRY_RUN_ATTEMPTS allows', async () => {
    const { taskId, runId, restart } = await taskKilledMidRun({ QUARRY_RUN_ATTEMPTS: '1' });
    const { worker: restarted, client: again } = await restart();
    // Its runs end with the test, passed or not: the next test's Quarry must be the only one taking them.
    onTestFinished(() => killWorker(restarted));
    await expectTaskEnd(again, taskId, runId, 'failed');
    const result = await again.experimental.tasks.getTaskResult(taskId, CallToolResultSchema);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({
      run_id: runId,
      status: 'failed',
      reason: expect.stringContaining('QUARRY_RUN_ATTEMPTS'),
    });
    expect(statusMoves(await suite.quarry.events(runId))).toEqual([
      'queued',
      'running',
      'interrupted',
      'failed',
    ]);
    await again.close();
  });
});

describe(
  'a research task across its Quarry server killed mid-run, its worker alive',
  { timeout: 120_000 },
  () => {
    // After its first search the researcher waits on the model until the test lets it go on.
    const suite = researcherSuite({ searches: 2, holdAfterSearches: 1, query: 'quic transport' });

    it("the researcher's next call starts a new MCP session, and the task ends with the whole run", async () => {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const server = {
        QUARRY_TEST_SERVE: '1',
        QUARRY_TEST_WORKERS: 'none',
        HOST: '127.0.0.1',
        PORT: String(port),
        QUARRY_ADMIN_TOKEN: suite.quarry.adminToken,
      };
      const first = await suite.quarry.startWorker(server);
      await suite.quarry.startWorker({ ...researcher(suite.models), QUARRY_RUN_MCP_URL: `${url}/mcp` });
      const bearer = await token(suite.quarry);
      const client = await connect(url, bearer);
      const taskId = await createTask(client);
      const runId = await onlyRun(suite.quarry, new Set());
      await until(
        async () => suite.models.openRequests() === 1,
        30_000,
        'the researcher to wait on the model',
      );
      await killWorker(first);
      await client.close().catch(() => undefined);
      await suite.quarry.startWorker(server);
      // The restarted server knows none of the old sessions: the researcher's next call is answered 404.
      suite.models.release();

      const again = await connect(url, bearer);
      expect(await taskEnd(again, taskId)).toBe('completed');
      const result = await again.experimental.tasks.getTaskResult(taskId, CallToolResultSchema);
      expect(result.structuredContent).toMatchObject({ run_id: runId, status: 'succeeded' });
      const events = await suite.quarry.events(runId);
      // Both searches were made and answered: the one after the restart through a new session.
      expect(toolEvents(events).map((tool) => [tool.tool, tool.ok])).toEqual([
        ['web_search', true],
        ['web_search', true],
      ]);
      expect(statusMoves(events)).toEqual(['queued', 'running', 'finalizing', 'succeeded']);
      expect((await suite.quarry.run(runId)).answer).toContain('Sources:\n1. ');
      await again.close();
    });
  },
);
