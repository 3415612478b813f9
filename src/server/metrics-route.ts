// GET /metrics: Prometheus text (prom-client) for the whole installation, read from Redis at each
// scrape, so every worker process's calls are counted whichever process answers the scrape. Behind
// the operator token (or a signed-in browser), or a token of its own for the scraper
// (QUARRY_METRICS_TOKEN), so Prometheus need not hold the operator's.
// Names follow Prometheus's conventions: `quarry_` prefix, base units, counters end in `_total`, and
// labels only with bounded values (provider ids, failure kinds, queue names, run statuses).
import type { Context, Hono } from 'hono';
import { Counter, Gauge, Registry } from 'prom-client';
import { bearerToken } from '../mcp/bearer-token.ts';
import { MEDIA_QUEUE, READ_QUEUE, searchQueueName } from '../queue/names.ts';
import { ALL_FAILURE_KINDS } from '../queue/provider-stats.ts';
import { RUNS_QUEUE } from '../queue/runs-queue.ts';
import type { QueueSystem } from '../queue/system.ts';
import { RUN_STATUSES, type RunStatus } from '../research/run-status.ts';
import { listRuns } from '../research/run-store.ts';
import { runView } from '../research/run-view.ts';
import { tokenMatches } from './admin-token.ts';
import type { RouteRegistrar } from './app.ts';
import { providerHealth, type ProviderHealth } from './console/provider-health.ts';

export const METRICS_PATH = '/metrics';

/** The newest runs a scrape counts: retention keeps the total bounded; this keeps a scrape quick. */
const RUNS_COUNTED = 5_000;

interface Snapshot {
  providers: ProviderHealth[];
  queues: Array<{ queue: string; waiting: number; active: number; failed: number }>;
  runs: Record<RunStatus, { count: number; used: number; limit: number }>;
}

async function takeSnapshot(system: QueueSystem): Promise<Snapshot> {
  const queueNames = [
    ...[...system.providers.keys()].map(searchQueueName),
    READ_QUEUE,
    MEDIA_QUEUE,
    RUNS_QUEUE,
  ];
  const [providers, queues, page] = await Promise.all([
    providerHealth(system),
    Promise.all(
      queueNames.map(async (queue) => {
        const counts = await system.queue(queue).getJobCounts('waiting', 'prioritized', 'active', 'failed');
        return {
          queue,
          waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
          active: counts.active ?? 0,
          failed: counts.failed ?? 0,
        };
      }),
    ),
    listRuns(system, { limit: RUNS_COUNTED }),
  ]);
  const runs = Object.fromEntries(
    RUN_STATUSES.map((status) => [status, { count: 0, used: 0, limit: 0 }]),
  ) as Snapshot['runs'];
  for (const view of await Promise.all(page.runs.map((run) => runView(system, run)))) {
    const totals = runs[view.status];
    totals.count += 1;
    totals.used += view.budget.used;
    totals.limit += view.budget.limit;
  }
  return { providers, queues, runs };
}

/** A histogram read from Redis's cumulative buckets (prom-client's Histogram only counts in-process). */
class ProviderLatencyHistogram {
  readonly name = 'quarry_provider_call_duration_seconds';
  readonly help = 'How long provider calls took, from the search worker that ran them, in seconds.';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  constructor(private readonly current: () => Snapshot | undefined) {}
  async get() {
    const values: Array<{ metricName: string; labels: Record<string, string>; value: number }> = [];
    for (const provider of this.current()?.providers ?? []) {
      const { latencyBuckets, latencySumSeconds, calls } = provider.stats.totals;
      for (const bucket of latencyBuckets)
        values.push({
          metricName: `${this.name}_bucket`,
          labels: { provider: provider.id, le: String(bucket.le) },
          value: bucket.count,
        });
      values.push({
        metricName: `${this.name}_sum`,
        labels: { provider: provider.id },
        value: latencySumSeconds,
      });
      values.push({ metricName: `${this.name}_count`, labels: { provider: provider.id }, value: calls });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }
}

export function metricsRegistry(system: QueueSystem): { registry: Registry; scrape(): Promise<string> } {
  const registry = new Registry();
  let snapshot: Snapshot | undefined;
  const providers = () => snapshot?.providers ?? [];

  new Counter({
    name: 'quarry_provider_calls_total',
    help: 'Calls to each search provider, counted by the search workers in every process.',
    labelNames: ['provider'],
    registers: [registry],
    collect() {
      this.reset();
      for (const provider of providers()) this.inc({ provider: provider.id }, provider.stats.totals.calls);
    },
  });
  new Counter({
    name: 'quarry_provider_failures_total',
    help: 'Failed provider calls by kind (auth, credits, limit, blocked, unavailable, invalid, other).',
    labelNames: ['provider', 'kind'],
    registers: [registry],
    collect() {
      this.reset();
      for (const provider of providers())
        for (const kind of ALL_FAILURE_KINDS)
          this.inc({ provider: provider.id, kind }, provider.stats.totals.failures[kind] ?? 0);
    },
  });
  registry.registerMetric(new ProviderLatencyHistogram(() => snapshot) as never);
  new Gauge({
    name: 'quarry_provider_credits_used',
    help: 'Credits (searches) each provider has used in the current UTC day and month.',
    labelNames: ['provider', 'period'],
    registers: [registry],
    collect() {
      this.reset();
      for (const provider of providers()) {
        this.set({ provider: provider.id, period: 'day' }, provider.credits.day);
        this.set({ provider: provider.id, period: 'month' }, provider.credits.month);
      }
    },
  });
  new Gauge({
    name: 'quarry_provider_credits_allowance',
    help: 'The allowance set for each provider per UTC day or month (absent when unlimited).',
    labelNames: ['provider', 'period'],
    registers: [registry],
    collect() {
      this.reset();
      for (const provider of providers()) {
        if (provider.credits.perDay !== null)
          this.set({ provider: provider.id, period: 'day' }, provider.credits.perDay);
        if (provider.credits.perMonth !== null)
          this.set({ provider: provider.id, period: 'month' }, provider.credits.perMonth);
      }
    },
  });
  new Gauge({
    name: 'quarry_provider_resting',
    help: 'Whether each provider rests now (1) after a failure, or may be asked (0).',
    labelNames: ['provider'],
    registers: [registry],
    collect() {
      this.reset();
      for (const provider of providers()) this.set({ provider: provider.id }, provider.resting ? 1 : 0);
    },
  });
  new Gauge({
    name: 'quarry_provider_enabled',
    help: 'Whether the chain asks each provider (1: in the order and on) or not (0).',
    labelNames: ['provider'],
    registers: [registry],
    collect() {
      this.reset();
      for (const provider of providers()) this.set({ provider: provider.id }, provider.on ? 1 : 0);
    },
  });
  new Gauge({
    name: 'quarry_queue_jobs',
    help: 'Jobs in each queue by state: waiting, active (in flight) or failed (kept a while).',
    labelNames: ['queue', 'state'],
    registers: [registry],
    collect() {
      this.reset();
      for (const queue of snapshot?.queues ?? [])
        for (const state of ['waiting', 'active', 'failed'] as const)
          this.set({ queue: queue.queue, state }, queue[state]);
    },
  });
  new Gauge({
    name: 'quarry_runs',
    help: 'Research runs kept, by status.',
    labelNames: ['status'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [status, totals] of Object.entries(snapshot?.runs ?? {})) this.set({ status }, totals.count);
    },
  });
  new Gauge({
    name: 'quarry_run_searches_used',
    help: 'Searches the kept research runs have spent of their budgets, by run status.',
    labelNames: ['status'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [status, totals] of Object.entries(snapshot?.runs ?? {})) this.set({ status }, totals.used);
    },
  });
  new Gauge({
    name: 'quarry_run_searches_budget',
    help: 'The search budgets of the kept research runs, summed by run status.',
    labelNames: ['status'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [status, totals] of Object.entries(snapshot?.runs ?? {})) this.set({ status }, totals.limit);
    },
  });

  return {
    registry,
    async scrape() {
      snapshot = await takeSnapshot(system);
      return registry.metrics();
    },
  };
}

export interface MetricsRouteOptions {
  /** A bearer token only for /metrics; default QUARRY_METRICS_TOKEN. The operator token works too. */
  metricsToken?: string;
}

export function createMetricsRoute(options: MetricsRouteOptions = {}): RouteRegistrar {
  return (app: Hono, { system, operatorAuth }) => {
    const metricsToken = options.metricsToken ?? process.env.QUARRY_METRICS_TOKEN;
    const metrics = metricsRegistry(system);
    // One scrape at a time: two scrapers at once share the snapshot the first one is taking.
    let scraping: Promise<string> | undefined;
    const answer = async (context: Context) => {
      scraping ??= metrics.scrape().finally(() => (scraping = undefined));
      return context.body(await scraping, 200, { 'content-type': metrics.registry.contentType });
    };
    app.get(METRICS_PATH, async (context) => {
      if (metricsToken && tokenMatches(metricsToken, bearerToken(context.req.header('authorization'))))
        return answer(context);
      return operatorAuth.requireOperator(context, async () => {
        context.res = await answer(context);
      });
    });
  };
}
