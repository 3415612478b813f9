// Per-provider call statistics in Redis, written by the search processor in whichever worker process
// ran the call, read by the console's Providers page and by /metrics. Redis, not an in-process
// registry: workers run in several processes and the server must see all of their calls.
//   - totals since the counters began (calls, failures by kind, latency histogram buckets and sum):
//     what Prometheus counters need (they only go up);
//   - per-minute buckets kept a little over an hour: calls and failures "in the last hour";
//   - the latest latencies (a capped list), for p50/p95;
//   - the last failure's message, which teaches what to change.
import { SearchError, type SearchErrorKind } from '../providers/types.ts';
import { LuaScript } from './lua.ts';
import type { QueueSystem } from './system.ts';

export const FAILURE_KINDS: readonly SearchErrorKind[] = [
  'auth',
  'credits',
  'limit',
  'blocked',
  'unavailable',
  'invalid',
];
/** A failure that was not a SearchError (a bug, a crash) is counted under this kind. */
export const OTHER_FAILURE = 'other';
export type FailureKind = SearchErrorKind | typeof OTHER_FAILURE;
/** Every kind a failure is counted under: a bounded set, so it can be a metric's label. */
export const ALL_FAILURE_KINDS: readonly FailureKind[] = [...FAILURE_KINDS, OTHER_FAILURE];

/** Latency histogram bounds in seconds: from a local SearXNG's tens of ms to a slow vendor's seconds. */
export const LATENCY_BUCKETS_SECONDS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30] as const;

const MINUTE_MS = 60_000;
/** Minute buckets live a little longer than the hour they are summed over. */
const MINUTE_BUCKET_SECONDS = 65 * 60;
/** How many recent latencies are kept for the percentiles: enough for a steady p95. */
const LATENCY_SAMPLES = 500;
/** The last error is kept a week: long enough to be seen, short enough not to mislead forever. */
const LAST_ERROR_SECONDS = 7 * 24 * 60 * 60;
const MAX_MESSAGE_CHARACTERS = 2_000;

function keys(system: QueueSystem, providerId: string) {
  return {
    totals: system.key('provider-stats', providerId, 'totals'),
    minute: (minute: number) => system.key('provider-stats', providerId, 'minute', String(minute)),
    latencies: system.key('provider-stats', providerId, 'latencies'),
    lastError: system.key('provider-stats', providerId, 'last-error'),
  };
}

export interface CallOutcome {
  ok: boolean;
  kind?: FailureKind;
  durationMs: number;
  message?: string;
}

/**
 * One call's counters in one script: one command and one round trip per call (a MULTI of nine commands
 * cost the worker about a sixth of its CPU per search in the overhead bench), applied all together.
 * KEYS: totals, this minute's bucket, latencies, last error. ARGV: latency seconds, its bucket's field,
 * failure kind ('' when the call succeeded), last error JSON, minute bucket TTL, last error TTL,
 * latency in ms, latencies kept.
 */
const RECORD_CALL = new LuaScript(`
redis.call('HINCRBY', KEYS[1], 'calls', 1)
redis.call('HINCRBYFLOAT', KEYS[1], 'latency_sum', ARGV[1])
redis.call('HINCRBY', KEYS[1], ARGV[2], 1)
redis.call('HINCRBY', KEYS[2], 'calls', 1)
if ARGV[3] ~= '' then
  redis.call('HINCRBY', KEYS[1], 'failures_' .. ARGV[3], 1)
  redis.call('HINCRBY', KEYS[2], 'failures_' .. ARGV[3], 1)
  redis.call('SET', KEYS[4], ARGV[4], 'EX', ARGV[6])
end
redis.call('EXPIRE', KEYS[2], ARGV[5])
redis.call('LPUSH', KEYS[3], ARGV[7])
redis.call('LTRIM', KEYS[3], 0, tonumber(ARGV[8]) - 1)
return 1
`);

/** Records one finished call. Never throws: statistics must not fail a search. */
export async function recordProviderCall(
  system: QueueSystem,
  providerId: string,
  outcome: CallOutcome,
  now = Date.now(),
): Promise<void> {
  const key = keys(system, providerId);
  const minute = Math.floor(now / MINUTE_MS);
  const seconds = outcome.durationMs / 1_000;
  const bucket = LATENCY_BUCKETS_SECONDS.find((bound) => seconds <= bound);
  const kind = outcome.ok ? '' : (outcome.kind ?? OTHER_FAILURE);
  const lastError = outcome.ok
    ? ''
    : JSON.stringify({
        at: new Date(now).toISOString(),
        kind,
        message: (outcome.message ?? '').slice(0, MAX_MESSAGE_CHARACTERS),
      });
  try {
    await RECORD_CALL.run(
      system.connection,
      [key.totals, key.minute(minute), key.latencies, key.lastError],
      [
        seconds,
        `latency_le_${bucket ?? 'inf'}`,
        kind,
        lastError,
        MINUTE_BUCKET_SECONDS,
        LAST_ERROR_SECONDS,
        String(outcome.durationMs),
        LATENCY_SAMPLES,
      ],
    );
  } catch (error) {
    system.logger.warn({ err: error, provider: providerId }, 'could not record provider call statistics');
  }
}

/**
 * Runs one provider call and records it: how long it took and, when it failed, how (the SearchError's
 * kind) and what it said. The call's answer or error passes through unchanged.
 */
export async function withProviderStats<Answer>(
  system: QueueSystem,
  providerId: string,
  call: () => Promise<Answer>,
): Promise<Answer> {
  const started = performance.now();
  try {
    const answer = await call();
    await recordProviderCall(system, providerId, { ok: true, durationMs: performance.now() - started });
    return answer;
  } catch (error) {
    await recordProviderCall(system, providerId, {
      ok: false,
      kind: error instanceof SearchError ? error.kind : OTHER_FAILURE,
      durationMs: performance.now() - started,
      message: error instanceof Error ? error.message : String(error),
    });
    throw error;
  }
}

export interface ProviderTotals {
  calls: number;
  failures: Record<FailureKind, number>;
  /** Cumulative counts per bucket bound (`+Inf` last), as a Prometheus histogram has them. */
  latencyBuckets: Array<{ le: number | '+Inf'; count: number }>;
  latencySumSeconds: number;
}

export interface ProviderStats {
  totals: ProviderTotals;
  lastHour: { calls: number; failures: Record<FailureKind, number> };
  /** Over the latest calls; null before the first. */
  latencyMs: { p50: number; p95: number } | null;
  lastError: { at: string; kind: FailureKind; message: string } | null;
}

function emptyFailures(): Record<FailureKind, number> {
  return Object.fromEntries(ALL_FAILURE_KINDS.map((kind) => [kind, 0])) as Record<FailureKind, number>;
}

function percentile(sorted: number[], fraction: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index]!;
}

export async function readProviderStats(
  system: QueueSystem,
  providerId: string,
  now = Date.now(),
): Promise<ProviderStats> {
  const key = keys(system, providerId);
  const minute = Math.floor(now / MINUTE_MS);
  const pipeline = system.connection.pipeline();
  pipeline.hgetall(key.totals);
  pipeline.lrange(key.latencies, 0, -1);
  pipeline.get(key.lastError);
  for (let back = 0; back < 60; back += 1) pipeline.hgetall(key.minute(minute - back));
  const answers = (await pipeline.exec()) ?? [];
  const totalsHash = (answers[0]?.[1] ?? {}) as Record<string, string>;
  const latencies = ((answers[1]?.[1] ?? []) as string[]).map(Number).filter(Number.isFinite);
  const lastErrorText = answers[2]?.[1] as string | null;

  const failures = emptyFailures();
  const hourFailures = emptyFailures();
  let hourCalls = 0;
  for (const [field, value] of Object.entries(totalsHash)) {
    if (field.startsWith('failures_')) failures[field.slice(9) as FailureKind] = Number(value);
  }
  for (const answer of answers.slice(3)) {
    const hash = (answer?.[1] ?? {}) as Record<string, string>;
    hourCalls += Number(hash.calls ?? 0);
    for (const [field, value] of Object.entries(hash)) {
      if (field.startsWith('failures_')) {
        const kind = field.slice(9) as FailureKind;
        hourFailures[kind] = (hourFailures[kind] ?? 0) + Number(value);
      }
    }
  }
  let cumulative = 0;
  const latencyBuckets: ProviderTotals['latencyBuckets'] = LATENCY_BUCKETS_SECONDS.map((bound) => {
    cumulative += Number(totalsHash[`latency_le_${bound}`] ?? 0);
    return { le: bound, count: cumulative };
  });
  latencyBuckets.push({ le: '+Inf', count: cumulative + Number(totalsHash.latency_le_inf ?? 0) });
  const sorted = [...latencies].sort((a, b) => a - b);
  let lastError: ProviderStats['lastError'] = null;
  if (lastErrorText) {
    try {
      lastError = JSON.parse(lastErrorText) as ProviderStats['lastError'];
    } catch {
      lastError = null;
    }
  }
  return {
    totals: {
      calls: Number(totalsHash.calls ?? 0),
      failures,
      latencyBuckets,
      latencySumSeconds: Number(totalsHash.latency_sum ?? 0),
    },
    lastHour: { calls: hourCalls, failures: hourFailures },
    latencyMs:
      sorted.length > 0
        ? { p50: Math.round(percentile(sorted, 0.5)), p95: Math.round(percentile(sorted, 0.95)) }
        : null,
    lastError,
  };
}
