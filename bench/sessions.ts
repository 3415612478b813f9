// The MCP server under load: 50 agent sessions at once over Streamable HTTP, each making 20 web_search
// calls against a loopback fake provider replaying Brave's recorded answer, through a running Quarry
// (real Redis, workers, queues). Figures:
// - sessions_p50_ms, sessions_p99_ms: one call as an agent sees it, under that load;
// - sessions_errors: calls that failed or answered isError (target 0);
// - mcp_overhead_p50_ms: what MCP adds per call over the pipeline's own round trip
//   (searchThroughQueues with the same query): the median of paired differences, one MCP call and one
//   direct call after another, so drift on a shared machine touches both alike (target under 2 ms);
// - mcp_overhead_cpu_ms: the same as CPU time per call (client and server together), steadier when the
//   machine is busy;
// - pipeline_sessions_p50_ms: the same 50 x 20 pattern straight on searchThroughQueues, for comparison.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { parseQuery } from '../src/providers/operators.ts';
import { searchThroughQueues } from '../src/queue/search.ts';
import { connectClient, RECORDED, startFakeProviders, startQuarry } from '../test/mcp/quarry-harness.ts';
import { percentile, round, timed, type BenchContext, type BenchSection } from './pipeline-stats.ts';

const SESSIONS = 50;
const CALLS_PER_SESSION = 20;
/** Paired sequential calls for the overhead figure, after a warm-up. */
const PAIRS = 400;
const WARMUP = 50;

async function run(context: BenchContext): Promise<Record<string, number | string>> {
  const fakes = await startFakeProviders({ brave: RECORDED.brave() });
  const quarry = await startQuarry({ providers: [['brave', 'brave']], fakes, workerConcurrency: SESSIONS });
  const clients: Client[] = [];
  try {
    const { token } = await quarry.token();
    for (let index = 0; index < SESSIONS; index++)
      clients.push(await connectClient(quarry.mcpUrl, token, `bench-agent-${index}`));
    const search = (client: Client, words: string) =>
      client.callTool({ name: 'web_search', arguments: { query: words, k: 10 } }) as Promise<CallToolResult>;
    const query = parseQuery('benchmark words', { k: 10 });
    const direct = () => searchThroughQueues(quarry.system, query);

    // Warm-up: every session once, and the pipeline alone.
    await Promise.all(clients.map((client) => search(client, 'benchmark words')));
    for (let index = 0; index < WARMUP; index++) await direct();

    // 1. The pipeline alone, 50 callers x 20 calls, for comparison.
    const pipelineSamples: number[] = [];
    await Promise.all(
      clients.map(async () => {
        for (let call = 0; call < CALLS_PER_SESSION; call++) pipelineSamples.push(await timed(direct));
      }),
    );

    // 2. 50 sessions at once, 20 web_search calls each.
    context.log(`[bench] sessions: ${SESSIONS} sessions x ${CALLS_PER_SESSION} web_search calls`);
    const samples: number[] = [];
    let errors = 0;
    await Promise.all(
      clients.map(async (client, session) => {
        for (let call = 0; call < CALLS_PER_SESSION; call++) {
          const started = performance.now();
          try {
            const result = await search(client, `benchmark words ${session} ${call}`);
            if (result.isError) errors += 1;
          } catch {
            errors += 1;
          }
          samples.push(performance.now() - started);
        }
      }),
    );

    // 3. Overhead: one MCP call, then one direct call, PAIRS times; the median of the differences.
    const client = clients[0]!;
    for (let index = 0; index < WARMUP; index++) await search(client, 'benchmark words');
    const differences: number[] = [];
    const mcpAlone: number[] = [];
    const directAlone: number[] = [];
    // CPU time too (client, server and workers share this process): steadier than wall time on a busy machine.
    let mcpCpuMicros = 0;
    let directCpuMicros = 0;
    for (let index = 0; index < PAIRS; index++) {
      let cpu = process.cpuUsage();
      const throughMcp = await timed(() => search(client, 'benchmark words'));
      let used = process.cpuUsage(cpu);
      mcpCpuMicros += used.user + used.system;
      cpu = process.cpuUsage();
      const straight = await timed(direct);
      used = process.cpuUsage(cpu);
      directCpuMicros += used.user + used.system;
      mcpAlone.push(throughMcp);
      directAlone.push(straight);
      differences.push(throughMcp - straight);
    }

    return {
      sessions_p50_ms: round(percentile(samples, 0.5)),
      sessions_p99_ms: round(percentile(samples, 0.99)),
      sessions_errors: errors,
      sessions_calls: samples.length,
      pipeline_sessions_p50_ms: round(percentile(pipelineSamples, 0.5)),
      pipeline_sessions_p99_ms: round(percentile(pipelineSamples, 0.99)),
      mcp_call_p50_ms: round(percentile(mcpAlone, 0.5)),
      mcp_direct_p50_ms: round(percentile(directAlone, 0.5)),
      mcp_overhead_p50_ms: round(percentile(differences, 0.5)),
      mcp_overhead_cpu_ms: round((mcpCpuMicros - directCpuMicros) / PAIRS / 1_000),
    };
  } finally {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    await quarry.close();
    await fakes.close();
  }
}

export const sessionsSection: BenchSection = { name: 'sessions', run };
