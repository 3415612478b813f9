// Run budgets: a run id with a number of searches (and optionally page reads and media look-ups) it
// may make. Every charge is one Lua script (check and count together), so concurrent calls can never
// spend more than the budget. A spent budget answers with a message an agent can act on.
import { LuaScript } from './lua.ts';
import type { QueueSystem } from './system.ts';

export type BudgetKind = 'searches' | 'reads' | 'media';

const KIND_WORDS: Record<BudgetKind, string> = {
  searches: 'searches',
  reads: 'page reads',
  media: 'media look-ups',
};

const CHARGE_RUN = new LuaScript(`
local limit = redis.call('HGET', KEYS[1], 'limit:' .. ARGV[1])
local used = tonumber(redis.call('HGET', KEYS[1], 'used:' .. ARGV[1]) or '0')
local amount = tonumber(ARGV[2])
if limit and used + amount > tonumber(limit) then return {0, used, tonumber(limit)} end
used = redis.call('HINCRBY', KEYS[1], 'used:' .. ARGV[1], amount)
if redis.call('TTL', KEYS[1]) < 0 then redis.call('EXPIRE', KEYS[1], ARGV[3]) end
if limit then return {1, used, tonumber(limit)} end
return {1, used, -1}
`);

/** The run's budget for this kind is spent; the message tells the agent what to do instead. */
export class RunBudgetExhaustedError extends Error {
  override readonly name = 'RunBudgetExhaustedError';
  readonly runId: string;
  readonly kind: BudgetKind;
  readonly limit: number;
  readonly used: number;

  constructor(runId: string, kind: BudgetKind, limit: number, used: number) {
    super(
      limit === 0
        ? `This run has no ${KIND_WORDS[kind]} in its budget; answer from what you have.`
        : `This run's ${limit} ${KIND_WORDS[kind]} are used; answer from what you have.`,
    );
    this.runId = runId;
    this.kind = kind;
    this.limit = limit;
    this.used = used;
  }
}

export interface BudgetStatus {
  kind: BudgetKind;
  used: number;
  /** Undefined when the run has no budget for this kind (unlimited). */
  limit?: number;
  remaining?: number;
}

function budgetKey(system: QueueSystem, runId: string): string {
  if (!runId) throw new Error('A run budget needs a run id; pass the run id the session or token carries.');
  return system.key('run', runId, 'budget');
}

/**
 * Sets (or changes) a run's budgets; kinds left out keep what they had. Used counts are kept. With
 * `keepExisting` a kind that already has a limit keeps it (a new token for a running run must not
 * raise its budget); changing one is the operator's explicit action (`changeRunBudget`).
 */
export async function setRunBudget(
  system: QueueSystem,
  runId: string,
  limits: Partial<Record<BudgetKind, number>>,
  options: { ttlSeconds?: number; keepExisting?: boolean } = {},
): Promise<void> {
  const fields: string[] = [];
  for (const [kind, limit] of Object.entries(limits)) {
    if (limit === undefined) continue;
    if (!Number.isInteger(limit) || limit < 0) {
      throw new Error(`A run's ${kind} budget must be a whole number of 0 or more (got ${limit}).`);
    }
    fields.push(`limit:${kind}`, String(limit));
  }
  const key = budgetKey(system, runId);
  const ttl = options.ttlSeconds ?? system.config.runBudgetSeconds;
  const transaction = system.connection.multi();
  if (options.keepExisting) {
    for (let index = 0; index < fields.length; index += 2)
      transaction.hsetnx(key, fields[index]!, fields[index + 1]!);
  } else if (fields.length > 0) transaction.hset(key, ...fields);
  transaction.hsetnx(key, 'used:searches', '0');
  transaction.expire(key, ttl);
  await transaction.exec();
}

/** Charges a run; throws RunBudgetExhaustedError (charging nothing) when it would go over the budget. */
export async function chargeRun(
  system: QueueSystem,
  runId: string,
  kind: BudgetKind = 'searches',
  amount = 1,
): Promise<BudgetStatus> {
  const [charged, used, limit] = (await CHARGE_RUN.run(
    system.connection,
    [budgetKey(system, runId)],
    [kind, amount, system.config.runBudgetSeconds],
  )) as [number, number, number];
  if (charged === 0) throw new RunBudgetExhaustedError(runId, kind, limit, used);
  return limit < 0 ? { kind, used } : { kind, used, limit, remaining: limit - used };
}

/** What a run has used and has left, per kind. */
export async function runBudget(
  system: QueueSystem,
  runId: string,
): Promise<Record<BudgetKind, BudgetStatus>> {
  const stored = await system.connection.hgetall(budgetKey(system, runId));
  const status = (kind: BudgetKind): BudgetStatus => {
    const used = Number(stored[`used:${kind}`] ?? 0);
    const limitText = stored[`limit:${kind}`];
    if (limitText === undefined) return { kind, used };
    const limit = Number(limitText);
    return { kind, used, limit, remaining: Math.max(0, limit - used) };
  };
  return { searches: status('searches'), reads: status('reads'), media: status('media') };
}
