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
 * Calls are counted in memory and written at most every `FLUSH_MS`, one script per provider for all
 * the calls since the last write: at a thousand searches a second, one command per hundred calls
 * instead of one per call (a MULTI of nine commands per call was a sixth of a worker's CPU per search
 * in the overhead bench). The cost: what the console shows lags by up to `FLUSH_MS`, and a worker
 * killed outright loses the calls of its last `FLUSH_MS`. A read in the same process writes first, and
 * closing the system writes what is left.
 */
const FLUSH_MS = 100;

/**
 * Adds one batch of calls to a provider's counters. KEYS: totals, latencies, last error, then one
 * minute bucket per entry of `minutes`. ARGV: the batch as JSON, minute bucket TTL, last error TTL,
 * latencies kept.
 */
const ADD_CALLS = new LuaScript(`
local batch = cjson.decode(ARGV[1])
redis.call('HINCRBY', KEYS[1], 'calls', batch.calls)
redis.call('HINCRBYFLOAT', KEYS[1], 'latency_sum', batch.latencySum)
for field, count in pairs(batch.totals) do redis.call('HINCRBY', KEYS[1], field, count) end
for index, fields in ipairs(batch.minutes) do
  for field, count in pairs(fields) do redis.call('HINCRBY', KEYS[3 + index], field, count) end
  redis.call('EXPIRE', KEYS[3 + index], ARGV[2])
end
if batch.lastError ~= '' then redis.call('SET', KEYS[3], batch.lastError, 'EX', ARGV[3]) end
local latencies = batch.latencies
for first = 1, #latencies, 100 do
  redis.call('LPUSH', KEYS[2], unpack(latencies, first, math.min(first + 99, #latencies)))
end
redis.call('LTRIM', KEYS[2], 0, tonumber(ARGV[4]) - 1)
return 1
`);

/** One provider's calls not written yet. */
interface PendingCalls {
  calls: number;
  latencySum: number;
  /** Fields of the totals hash: `latency_le_<bound>`, `failures_<kind>`. */
  totals: Map<string, number>;
  /** Per minute (epoch minutes): `calls`, `failures_<kind>`. */
  minutes: Map<number, Map<string, number>>;
  /** The last failure of the batch as stored (JSON), '' when none. */
  lastError: string;
  /** Oldest first, as strings (ms), at most LATENCY_SAMPLES. */
  latencies: string[];
}

function add(counts: Map<string, number>, field: string): void {
  counts.set(field, (counts.get(field) ?? 0) + 1);
}

/** The statistics of one queue system's process, counted in memory between writes. */
class ProviderStatsRecorder {
  readonly #system: QueueSystem;
  #pending = new Map<string, PendingCalls>();
  #timer: NodeJS.Timeout | undefined;
  /** Once the system closes, each call is written at once (the workers' last jobs finish after it). */
  #closing = false;

  constructor(system: QueueSystem) {
    this.#system = system;
    system.onClose(async () => {
      this.#closing = true;
      await this.flush();
    });
  }

  record(providerId: string, outcome: CallOutcome, now: number): Promise<void> | undefined {
    let pending = this.#pending.get(providerId);
    if (!pending) {
      pending = {
        calls: 0,
        latencySum: 0,
        totals: new Map(),
        minutes: new Map(),
        lastError: '',
        latencies: [],
      };
      this.#pending.set(providerId, pending);
    }
    const minute = Math.floor(now / MINUTE_MS);
    let minuteCounts = pending.minutes.get(minute);
    if (!minuteCounts) {
      minuteCounts = new Map();
      pending.minutes.set(minute, minuteCounts);
    }
    const seconds = outcome.durationMs / 1_000;
    const bucket = LATENCY_BUCKETS_SECONDS.find((bound) => seconds <= bound);
    pending.calls += 1;
    pending.latencySum += seconds;
    add(pending.totals, `latency_le_${bucket ?? 'inf'}`);
    add(minuteCounts, 'calls');
    if (!outcome.ok) {
      const kind = outcome.kind ?? OTHER_FAILURE;
      add(pending.totals, `failures_${kind}`);
      add(minuteCounts, `failures_${kind}`);
      pending.lastError = JSON.stringify({
        at: new Date(now).toISOString(),
        kind,
        message: (outcome.message ?? '').slice(0, MAX_MESSAGE_CHARACTERS),
      });
    }
    pending.latencies.push(String(outcome.durationMs));
    if (pending.latencies.length > LATENCY_SAMPLES) pending.latencies.shift();
    if (this.#closing) return this.flush();
    this.#timer ??= setTimeout(() => void this.flush(), FLUSH_MS).unref();
    return undefined;
  }

  /** Writes every call counted so far. Never throws: statistics must not fail a search. */
  async flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#pending.size === 0) return;
    const batches = this.#pending;
    this.#pending = new Map();
    const system = this.#system;
    // A closing system whose Redis is away would wait for it without end (commands queue until it is
    // back): the statistics are dropped instead, so closing never hangs on them.
    if (this.#closing && system.connection.status !== 'ready') {
      system.logger.warn(
        { providers: [...batches.keys()] },
        'dropped provider call statistics: Redis was unreachable while closing',
      );
      return;
    }
    await Promise.all(
      [...batches].map(async ([providerId, pending]) => {
        const key = keys(system, providerId);
        const minutes = [...pending.minutes];
        try {
          await ADD_CALLS.run(
            system.connection,
            [key.totals, key.latencies, key.lastError, ...minutes.map(([minute]) => key.minute(minute))],
            [
              JSON.stringify({
                calls: pending.calls,
                latencySum: pending.latencySum,
                totals: Object.fromEntries(pending.totals),
                minutes: minutes.map(([, counts]) => Object.fromEntries(counts)),
                lastError: pending.lastError,
                latencies: pending.latencies,
              }),
              MINUTE_BUCKET_SECONDS,
              LAST_ERROR_SECONDS,
              LATENCY_SAMPLES,
            ],
          );
        } catch (error) {
          system.logger.warn(
            { err: error, provider: providerId },
            'could not record provider call statistics',
          );
        }
      }),
    );
  }
}

const recorders = new WeakMap<QueueSystem, ProviderStatsRecorder>();

function recorderOf(system: QueueSystem): ProviderStatsRecorder {
  let recorder = recorders.get(system);
  if (!recorder) {
    recorder = new ProviderStatsRecorder(system);
    recorders.set(system, recorder);
  }
  return recorder;
}

/**
 * Records one finished call (written within `FLUSH_MS`, see above). Never throws: statistics must not
 * fail a search.
 */
export async function recordProviderCall(
  system: QueueSystem,
  providerId: string,
  outcome: CallOutcome,
  now = Date.now(),
): Promise<void> {
  await recorderOf(system).record(providerId, outcome, now);
}

/** Writes this process's calls counted but not written yet (reads in this process call it first). */
export async function flushProviderStats(system: QueueSystem): Promise<void> {
  await recorders.get(system)?.flush();
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
  await flushProviderStats(system);
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
