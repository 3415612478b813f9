// Research runs end to end: REST in, a real worker process takes the run, the scripted agent calls
// Quarry's MCP endpoint with the real SDK client and the run's token, its searches go through the
// real queues to the loopback fake provider, and Quarry records every step. Covers the answer and
// events, the token's revocation, a spent budget, cancel, the time limit, two runs at once, the SSE
// stream resumed from an event id, and 400s that name the field.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFolder } from '../../src/research/run-folder.ts';
import { until } from '../queue/helpers.ts';
import { agentKinds } from '../../src/research/agents/index.ts';
import type { RunView } from '../../src/research/run-view.ts';
import {
  alive,
  readServerSentEvents,
  startResearchQuarry,
  statusMoves,
  toolEvents,
  type ProblemAnswer,
  type ResearchQuarry,
} from './run-harness.ts';

let quarry: ResearchQuarry;

beforeAll(async () => {
  quarry = await startResearchQuarry();
  await quarry.startWorker();
}, 60_000);

afterAll(async () => {
  await quarry?.close();
});

const SCRIPTED = 'command:"scripted"';

async function startRun(body: Record<string, unknown>): Promise<RunView> {
  const answer = await quarry.api<RunView>('POST', '/api/runs', { agent: SCRIPTED, ...body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

const finished = (runId: string) => quarry.finished(runId);
const events = (runId: string) => quarry.events(runId);

function temporaryFile(name: string): string {
  return join(quarry.dataDir, `${name}-${Math.random().toString(16).slice(2)}`);
}

describe('a research run', () => {
  it('runs to succeeded with the answer, and every step in its events', async () => {
    const tokenFile = temporaryFile('token');
    const created = await startRun({
      question: 'What is new in HTTP/3?',
      budget: 5,
      options: {
        searches: ['http3 features', 'quic streams'],
        answer: 'HTTP/3 runs over QUIC',
        token_file: tokenFile,
      },
    });
    expect(created).toMatchObject({
      status: 'queued',
      question: 'What is new in HTTP/3?',
      agent: SCRIPTED,
      answer: null,
      budget: { used: 0, limit: 5 },
      reason: null,
      started_at: null,
      ended_at: null,
    });
    const run = await finished(created.id);
    expect(run).toMatchObject({
      status: 'succeeded',
      budget: { used: 2, limit: 5 },
      reason: null,
      attempts: 1,
    });
    expect(run.answer).toContain('HTTP/3 runs over QUIC [1]');
    expect(run.answer).toContain(
      'Sources:\n1. [alpha: http3 features](https://example.com/alpha?q=http3%20features)',
    );
    expect(run.usage).toEqual({ input_tokens: 100, output_tokens: 20, turns: 3 });
    expect(Date.parse(run.ended_at!)).toBeGreaterThanOrEqual(Date.parse(run.started_at!));
    // The searches reached the fake provider through the queues.
    expect(quarry.fake.perPath.get('/alpha')).toBeGreaterThanOrEqual(2);

    const all = await events(created.id);
    expect(statusMoves(all)).toEqual(['queued', 'running', 'succeeded']);
    // Tool calls as Quarry saw them, whatever the agent said.
    const tools = toolEvents(all);
    expect(tools).toHaveLength(2);
    expect(tools[0]).toMatchObject({
      tool: 'web_search',
      arguments: { query: 'http3 features' },
      ok: true,
      provider: 'alpha',
      results_count: 1,
      results: [
        { n: 1, title: 'alpha: http3 features', url: 'https://example.com/alpha?q=http3%20features' },
      ],
      budget: { searches: { used: 1, limit: 5 } },
    });
    expect(tools[1]!.budget.searches).toEqual({ used: 2, limit: 5 });
    expect(typeof tools[0]!.duration_ms).toBe('number');
    const agentKinds = all.filter((event) => event.type === 'agent').map((event) => event.data.kind);
    expect(agentKinds).toEqual([
      'log',
      'tool-call',
      'tool-result',
      'tool-call',
      'tool-result',
      'message',
      'usage',
    ]);

    // The run's token stopped working at the run's end, and its folder is gone.
    const token = readFileSync(tokenFile, 'utf8');
    const client = new Client({ name: 'late', version: '1.0.0' });
    await expect(
      client.connect(
        new StreamableHTTPClientTransport(new URL(`${quarry.url}/mcp`), {
          requestInit: { headers: { authorization: `Bearer ${token}` } },
        }),
      ),
    ).rejects.toThrow(/401|not valid/);
    expect(existsSync(runFolder(quarry.config, created.id))).toBe(false);
    // No secret in the events or the record.
    expect(JSON.stringify(all)).not.toContain(token);
    expect(JSON.stringify(run)).not.toContain(token);
  });

  it('tells the agent when the budget is spent, and still ends with its answer', async () => {
    const created = await startRun({
      question: 'Budget',
      budget: 2,
      options: { searches: ['one', 'two', 'three'], answer: 'From two searches' },
    });
    const run = await finished(created.id);
    expect(run).toMatchObject({ status: 'succeeded', budget: { used: 2, limit: 2 } });
    expect(run.answer).toContain("This run's 2 searches are used; answer from what you have.");
    const tools = toolEvents(await events(created.id));
    expect(tools.map((tool) => tool.ok)).toEqual([true, true, false]);
    expect(tools[2]!.error).toBe("This run's 2 searches are used; answer from what you have.");
    expect(tools[2]!.budget.searches).toEqual({ used: 2, limit: 2 });
  });

  it('fails with the agent’s reason when the agent fails', async () => {
    const created = await startRun({
      question: 'Fail',
      options: { fail: 'The model API answered 401: set ANTHROPIC_API_KEY.' },
    });
    const run = await finished(created.id);
    expect(run.status).toBe('failed');
    expect(run.reason).toBe('agent-failed: The model API answered 401: set ANTHROPIC_API_KEY.');
    expect(run.answer).toBeNull();
  });

  it('is cancelled mid-run: its agent is stopped and leaves no process behind', async () => {
    const pidFile = temporaryFile('pid');
    const created = await startRun({
      question: 'Cancel me',
      options: { searches: ['a'], hold: true, child_pid_file: pidFile },
    });
    await until(
      async () => (await events(created.id)).some((event) => event.data.text === 'holding until stopped'),
      20_000,
      'the agent to search and hold',
    );
    const pid = Number(readFileSync(pidFile, 'utf8'));
    expect(alive(pid)).toBe(true);
    const cancelled = await quarry.api('POST', `/api/runs/${created.id}/cancel`);
    expect(cancelled.status).toBe(200);
    const run = await finished(created.id);
    expect(run).toMatchObject({
      status: 'cancelled',
      reason: 'Cancelled by an operator.',
      budget: { used: 1 },
    });
    await until(() => !alive(pid), 10_000, 'the agent’s child to end');
    // Cancelling again changes nothing.
    expect((await quarry.api<RunView>('POST', `/api/runs/${created.id}/cancel`)).body.status).toBe(
      'cancelled',
    );
  });

  it('cancels a queued run at once', async () => {
    // A run no worker can take yet: the runs queue is paused for this one test.
    await quarry.system.queue('runs').pause();
    try {
      const created = await startRun({ question: 'Never started' });
      const answer = await quarry.api<RunView>('POST', `/api/runs/${created.id}/cancel`);
      expect(answer.body).toMatchObject({ status: 'cancelled', started_at: null });
      expect(await quarry.system.queue('runs').getJob(created.id)).toBeUndefined();
    } finally {
      await quarry.system.queue('runs').resume();
    }
  });

  it('times out: the agent is stopped at the time limit', async () => {
    const created = await startRun({ question: 'Too slow', time_limit_seconds: 2, options: { hold: true } });
    const run = await finished(created.id);
    expect(run.status).toBe('timed-out');
    expect(run.reason).toMatch(/^The run reached its time limit of 2 s and its agent was stopped/);
    const elapsed = Date.parse(run.ended_at!) - Date.parse(run.started_at!);
    expect(elapsed).toBeGreaterThanOrEqual(2_000);
  });

  it('runs two at once, each with its own budget and events', async () => {
    const [first, second] = await Promise.all([
      startRun({ question: 'First', budget: 3, options: { searches: ['first a', 'first b'] } }),
      startRun({ question: 'Second', budget: 4, options: { searches: ['second a'] } }),
    ]);
    const [one, two] = await Promise.all([finished(first.id), finished(second.id)]);
    expect(one).toMatchObject({ status: 'succeeded', budget: { used: 2, limit: 3 } });
    expect(two).toMatchObject({ status: 'succeeded', budget: { used: 1, limit: 4 } });
    const queries = async (runId: string) =>
      toolEvents(await events(runId)).map((tool) => tool.arguments.query);
    expect(await queries(first.id)).toEqual(['first a', 'first b']);
    expect(await queries(second.id)).toEqual(['second a']);
  });
});

describe('following a run', () => {
  it('streams events as Server-Sent Events, resumes after Last-Event-ID, and ends with the run', async () => {
    const created = await startRun({ question: 'Follow me', options: { searches: ['x', 'y'] } });
    const headers = { authorization: `Bearer ${quarry.adminToken}` };
    const whole = await readServerSentEvents(
      await fetch(`${quarry.url}/api/runs/${created.id}/events`, { headers }),
    );
    expect(whole.at(-1)).toEqual({ event: 'end', data: { status: 'succeeded' } });
    const stepped = whole.slice(0, -1);
    expect(stepped[0]).toMatchObject({ event: 'status', data: { to: 'queued' } });
    expect(stepped.at(-1)).toMatchObject({ event: 'status', data: { from: 'running', to: 'succeeded' } });
    const middle = stepped[3]!;
    const resumed = await readServerSentEvents(
      await fetch(`${quarry.url}/api/runs/${created.id}/events`, {
        headers: { ...headers, 'last-event-id': middle.id! },
      }),
    );
    expect(resumed.map((event) => event.id)).toEqual([
      ...stepped.slice(4).map((event) => event.id),
      undefined,
    ]);
  });
});

describe('the runs API', () => {
  it('answers 400 naming the field and what it accepts', async () => {
    const missing = await quarry.api<ProblemAnswer>('POST', '/api/runs', { agent: SCRIPTED });
    expect(missing.status).toBe(400);
    expect(missing.body.problems).toEqual([
      { field: 'question', message: 'question is missing: give question' },
    ]);
    const agent = await quarry.api<ProblemAnswer>('POST', '/api/runs', { question: 'q', agent: 'gemini' });
    expect(agent.body.problems[0]!.field).toBe('agent');
    expect(agent.body.error).toContain(`There is no agent "gemini": use one of ${agentKinds().join(', ')}`);
    const budget = await quarry.api<ProblemAnswer>('POST', '/api/runs', {
      question: 'q',
      agent: SCRIPTED,
      budget: -1,
    });
    expect(budget.body.problems).toEqual([{ field: 'budget', message: 'budget must be 0 or more searches' }]);
    const notJson = await quarry.api<ProblemAnswer>('POST', '/api/runs', '{"question":');
    expect(notJson.status).toBe(400);
    expect(notJson.body.error).toMatch(/^The body is not JSON/);
    const huge = await quarry.api<ProblemAnswer>('POST', '/api/runs', {
      question: 'q'.repeat(200_000),
      agent: SCRIPTED,
    });
    expect(huge.status).toBe(413);
    const long = await quarry.api<ProblemAnswer>('POST', '/api/runs', {
      question: 'q'.repeat(20_001),
      agent: SCRIPTED,
    });
    expect(long.body.problems).toEqual([
      { field: 'question', message: 'question is longer than 20000 characters' },
    ]);
    const status = await quarry.api<ProblemAnswer>('GET', '/api/runs?status=done');
    expect(status.status).toBe(400);
    expect(status.body.problems[0]!.field).toBe('status');
    expect((await quarry.api<ProblemAnswer>('GET', '/api/runs?limit=0')).body.problems[0]!.field).toBe(
      'limit',
    );
    const after = await fetch(`${quarry.url}/api/runs/run-0000000000000000/events`, {
      headers: { authorization: `Bearer ${quarry.adminToken}` },
    });
    expect(after.status).toBe(404);
  });

  it('lists runs by status, a page at a time, and refuses callers without the operator token', async () => {
    const page = await quarry.api<{ runs: RunView[]; next: string }>(
      'GET',
      '/api/runs?status=succeeded&limit=2',
    );
    expect(page.status).toBe(200);
    expect(page.body.runs).toHaveLength(2);
    expect(page.body.runs.every((run) => run.status === 'succeeded')).toBe(true);
    const next = await quarry.api<{ runs: RunView[] }>(
      'GET',
      `/api/runs?status=succeeded&limit=2&before=${page.body.next}`,
    );
    expect(next.body.runs.map((run) => run.id)).not.toContain(page.body.runs[0]!.id);
    const refused = await fetch(`${quarry.url}/api/runs`, {
      headers: { authorization: 'Bearer not-the-operator' },
    });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: string }).error).toMatch(/operator token/);
  });
});
