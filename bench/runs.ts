// Research runs under load: 20 runs at once with Quarry's own researcher (the `openai` runner) against
// a loopback fake Chat Completions API answering in a fixed 50 ms, each scripted to make 5 web_search
// calls and then give a cited answer, through real worker processes, real Redis and the loopback fake
// search provider. Figures:
// - runs_per_minute: the 20 runs over the time from the first POST /api/runs to the last run's end;
// - runs_first_tool_p50_ms, _p99_ms: from a run's POST /api/runs to its first `tool` event (the
//   agent's first search as Quarry recorded it): queueing, the worker taking the job, token, folders,
//   the researcher's start and its first model answer;
// - runs_answer_to_end_p50_ms, _p99_ms: from the agent's last message (its answer) to the run's end;
// - runs_tool_inside_p50_ms: a search as the agent sees it inside a run (its tool-call to its
//   tool-result event); runs_tool_quarry_p50_ms: the same calls as Quarry's MCP server timed them;
// - runs_tool_to_server_p50_ms: from the agent's tool-call event to the moment Quarry's MCP server
//   started the call (its `tool` event's time less its duration): the request's way in, through the
//   worker process that runs the agent; runs_tool_back_to_agent_p50_ms: from the `tool` event to the
//   agent's tool-result event: the answer's way back. What is left of inside minus these two is the
//   server's own time (runs_tool_quarry_p50_ms);
// - runs_tool_outside_p50_ms: the same searches from 20 plain MCP sessions at once, outside any run,
//   after the runs ended (so with worker processes that run no agent: compare with that in mind);
// - runs_tool_inside_outside_ratio: inside p50 over outside p50 (what being in a run costs a call);
// - runs_load_average: the 1-minute load average when the section started (the machine is shared).
// Bounded: the runs get RUNS_TIME_LIMIT_MS together, after which the section fails with what it saw.
import { loadavg } from 'node:os';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { TokenStore } from '../src/mcp/tokens.ts';
import type { RunEvent } from '../src/research/run-events.ts';
import type { RunView } from '../src/research/run-view.ts';
import { connectClient } from '../test/mcp/quarry-harness.ts';
import { startFakeModelApis } from '../test/research/fake-model-apis.ts';
import { startResearchQuarry, toolEvents } from '../test/research/run-harness.ts';
import { percentile, round, type BenchContext, type BenchSection } from './pipeline-stats.ts';

const RUNS = 20;
const SEARCHES = 5;
const MODEL_DELAY_MS = 50;
/** Two worker processes share the runs, as a small installation would. */
const WORKERS = 2;
/** All runs must end within this; a loaded machine gets room, a hung run does not hang the benchmark. */
const RUNS_TIME_LIMIT_MS = 180_000;
const QUERY = 'bench runs transport';
const FINISHED = ['succeeded', 'failed', 'cancelled', 'timed-out'];

/** A stream id's milliseconds (Redis's clock, the same for every event). */
function eventTime(event: RunEvent): number {
  return Number(event.id.split('-', 1)[0]);
}

async function run(context: BenchContext): Promise<Record<string, number | string>> {
  const loadAverage = loadavg()[0]!;
  const models = await startFakeModelApis({ searches: SEARCHES, delayMs: MODEL_DELAY_MS, query: QUERY });
  const quarry = await startResearchQuarry({
    QUARRY_RUNS_CONCURRENCY: String(RUNS / WORKERS),
    QUARRY_RUNS_MAX_RUNNING: String(RUNS),
    QUARRY_WORKER_CONCURRENCY: String(RUNS),
    QUARRY_OPENAI_BASE_URL: `${models.url}/v1`,
    QUARRY_OPENAI_API_KEY: 'sk-bench-key',
    QUARRY_OPENAI_MODEL: 'chat-fake-1',
  });
  const clients: Client[] = [];
  try {
    for (let index = 0; index < WORKERS; index++) await quarry.startWorker();

    context.log(
      `[bench] runs: ${RUNS} runs at once, ${SEARCHES} searches each, model answers in ${MODEL_DELAY_MS} ms`,
    );
    const started = Date.now();
    const posted = await Promise.all(
      Array.from({ length: RUNS }, async (_, index) => {
        const postedAt = Date.now();
        const created = await quarry.api<RunView>('POST', '/api/runs', {
          question: `How do transports avoid head-of-line blocking? (${index})`,
          agent: 'openai',
          budget: SEARCHES,
        });
        if (created.status !== 201)
          throw new Error(`POST /api/runs answered ${created.status}: ${JSON.stringify(created.body)}`);
        return { id: created.body.id, postedAt };
      }),
    );

    const views = new Map<string, RunView>();
    while (views.size < RUNS) {
      if (Date.now() - started > RUNS_TIME_LIMIT_MS) {
        throw new Error(`runs bench: ${views.size} of ${RUNS} runs ended within ${RUNS_TIME_LIMIT_MS} ms`);
      }
      for (const { id } of posted) {
        if (views.has(id)) continue;
        const view = await quarry.run(id);
        if (FINISHED.includes(view.status)) views.set(id, view);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const firstTool: number[] = [];
    const answerToEnd: number[] = [];
    const inside: number[] = [];
    const quarryTimed: number[] = [];
    const toServer: number[] = [];
    const backToAgent: number[] = [];
    let lastEnd = 0;
    let failed = 0;
    for (const { id, postedAt } of posted) {
      const view = views.get(id)!;
      if (view.status !== 'succeeded') failed += 1;
      const events = await quarry.events(id);
      const tools = events.filter((event) => event.type === 'tool');
      if (tools[0]) firstTool.push(eventTime(tools[0]) - postedAt);
      for (const tool of toolEvents(events)) quarryTimed.push(tool.duration_ms);
      const end = events.findLast(
        (event) => event.type === 'status' && FINISHED.includes(String(event.data.to)),
      );
      const lastMessage = events.findLast((event) => event.type === 'agent' && event.data.kind === 'message');
      if (end) lastEnd = Math.max(lastEnd, eventTime(end));
      if (end && lastMessage) answerToEnd.push(eventTime(end) - eventTime(lastMessage));
      // Quarry's researcher makes its calls one after another, so the n-th tool-call, `tool` and
      // tool-result events of a run belong to one call.
      const agentCalls = events.filter((event) => event.type === 'agent' && event.data.kind === 'tool-call');
      const agentResults = events.filter(
        (event) => event.type === 'agent' && event.data.kind === 'tool-result',
      );
      tools.forEach((tool, index) => {
        const call = agentCalls[index];
        const result = agentResults[index];
        if (!call || !result) return;
        toServer.push(eventTime(tool) - Number(tool.data.duration_ms) - eventTime(call));
        backToAgent.push(eventTime(result) - eventTime(tool));
      });
      // The agent's view of a call: its tool-call event to the tool-result event with the same id.
      const calls = new Map<string, number>();
      for (const event of events) {
        if (event.type !== 'agent') continue;
        const callId = String(event.data.id);
        if (event.data.kind === 'tool-call') calls.set(callId, eventTime(event));
        if (event.data.kind === 'tool-result' && calls.has(callId))
          inside.push(eventTime(event) - calls.get(callId)!);
      }
    }
    const elapsedMinutes = (lastEnd - started) / 60_000;

    // Outside: the same searches from plain MCP sessions (no run), as many at once as there were runs.
    context.log(`[bench] runs: the same searches from ${RUNS} plain MCP sessions`);
    const tokens = new TokenStore(quarry.system.connection, quarry.system.prefix);
    const { token } = await tokens.create(
      { mode: 'normal', label: 'bench outside runs' },
      { ttlSeconds: 600 },
    );
    for (let index = 0; index < RUNS; index++)
      clients.push(await connectClient(`${quarry.url}/mcp`, token, `bench-outside-${index}`));
    const outside: number[] = [];
    let outsideErrors = 0;
    await Promise.all(
      clients.map(async (client) => {
        for (let search = 0; search < SEARCHES; search++) {
          const query = search === 0 ? QUERY : `${QUERY} ${search + 1}`;
          const callStarted = performance.now();
          const result = (await client.callTool({
            name: 'web_search',
            arguments: { query },
          })) as CallToolResult;
          outside.push(performance.now() - callStarted);
          if (result.isError) outsideErrors += 1;
        }
      }),
    );

    const insideP50 = percentile(inside, 0.5);
    const outsideP50 = percentile(outside, 0.5);
    return {
      runs_load_average: round(loadAverage, 2),
      runs_count: RUNS,
      runs_failed: failed,
      runs_per_minute: round(RUNS / elapsedMinutes, 1),
      runs_first_tool_p50_ms: percentile(firstTool, 0.5),
      runs_first_tool_p99_ms: percentile(firstTool, 0.99),
      runs_answer_to_end_p50_ms: percentile(answerToEnd, 0.5),
      runs_answer_to_end_p99_ms: percentile(answerToEnd, 0.99),
      runs_tool_calls: inside.length,
      runs_tool_inside_p50_ms: insideP50,
      runs_tool_inside_p99_ms: percentile(inside, 0.99),
      runs_tool_quarry_p50_ms: percentile(quarryTimed, 0.5),
      runs_tool_to_server_p50_ms: percentile(toServer, 0.5),
      runs_tool_back_to_agent_p50_ms: percentile(backToAgent, 0.5),
      runs_tool_outside_p50_ms: round(outsideP50, 1),
      runs_tool_outside_p99_ms: round(percentile(outside, 0.99), 1),
      runs_tool_outside_errors: outsideErrors,
      runs_tool_inside_outside_ratio: round(insideP50 / outsideP50, 2),
    };
  } finally {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    await quarry.close();
    await models.close();
  }
}

export const runsSection: BenchSection = { name: 'runs', run };
