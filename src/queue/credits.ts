// Per-provider allowances per UTC day and month. One Lua script checks both counters and counts the
// request only when both have room, so two workers can never both take the last credit.
import { SearchError } from '../providers/types.ts';
import { LuaScript } from './lua.ts';
import type { QueueSystem } from './system.ts';

const CHARGE_CREDITS = new LuaScript(`
local day = tonumber(redis.call('GET', KEYS[1]) or '0')
local month = tonumber(redis.call('GET', KEYS[2]) or '0')
local dayLimit = tonumber(ARGV[1])
local monthLimit = tonumber(ARGV[2])
if dayLimit >= 0 and day >= dayLimit then return {0, 'day', day} end
if monthLimit >= 0 and month >= monthLimit then return {0, 'month', month} end
day = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
month = redis.call('INCR', KEYS[2])
redis.call('PEXPIRE', KEYS[2], ARGV[4])
return {1, 'ok', day, month}
`);

/** Counters outlive their period by a day, so a clock a little off never reopens a spent allowance. */
const GRACE_MS = 24 * 3_600_000;

export interface CreditPeriods {
  day: string;
  month: string;
  /** Epoch ms when the day's and month's allowances renew. */
  nextDay: number;
  nextMonth: number;
}

export function creditPeriods(now: number): CreditPeriods {
  const date = new Date(now);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  return {
    day: date.toISOString().slice(0, 10),
    month: date.toISOString().slice(0, 7),
    nextDay: Date.UTC(year, month, date.getUTCDate() + 1),
    nextMonth: Date.UTC(year, month + 1, 1),
  };
}

/** Whether a provider has any allowance set (no allowance: nothing to count, no round trip). */
export function hasAllowance(system: QueueSystem, providerId: string): boolean {
  const settings = system.config.providers[providerId];
  return settings?.creditsPerDay !== undefined || settings?.creditsPerMonth !== undefined;
}

/**
 * Counts one request against the provider's allowances; throws `SearchError('credits')` with the
 * renewal time as `retryAt` when the day's or the month's are used up.
 */
export async function chargeCredits(
  system: QueueSystem,
  providerId: string,
  now = Date.now(),
): Promise<void> {
  const settings = system.config.providers[providerId] ?? {};
  if (settings.creditsPerDay === undefined && settings.creditsPerMonth === undefined) return;
  const periods = creditPeriods(now);
  const answer = (await CHARGE_CREDITS.run(
    system.connection,
    [
      system.key('credits', providerId, 'day', periods.day),
      system.key('credits', providerId, 'month', periods.month),
    ],
    [
      settings.creditsPerDay ?? -1,
      settings.creditsPerMonth ?? -1,
      periods.nextDay - now + GRACE_MS,
      periods.nextMonth - now + GRACE_MS,
    ],
  )) as [number, string, number];
  if (answer[0] === 1) return;
  const perDay = answer[1] === 'day';
  const limit = perDay ? settings.creditsPerDay : settings.creditsPerMonth;
  const renews = perDay ? periods.nextDay : periods.nextMonth;
  throw new SearchError(
    'credits',
    `${providerId} has used its ${limit} searches for this ${perDay ? 'day' : 'month'} (allowance set in providers.${providerId}.${perDay ? 'creditsPerDay' : 'creditsPerMonth'}); it renews at ${new Date(renews).toISOString()}.`,
    { provider: providerId, retryAt: renews },
  );
}

/** What a provider has used this day and month. */
export async function creditsUsed(
  system: QueueSystem,
  providerId: string,
  now = Date.now(),
): Promise<{ day: number; month: number }> {
  const periods = creditPeriods(now);
  const [day, month] = await system.connection.mget(
    system.key('credits', providerId, 'day', periods.day),
    system.key('credits', providerId, 'month', periods.month),
  );
  return { day: Number(day ?? 0), month: Number(month ?? 0) };
}
