// The provider chain: ask the providers in order; the first that can answer does. One that cannot
// (auth, credits, limit, blocked, unavailable) rests until its retryAt, or a default rest for its kind,
// so no search waits on it meanwhile; `invalid` goes back to the caller.
import {
  SearchError,
  type ProviderAnswer,
  type ProviderCtx,
  type QueryFilter,
  type SearchErrorKind,
  type SearchProvider,
  type SearchQuery,
  type SearchResult,
} from './types.ts';

export type FallthroughKind = Exclude<SearchErrorKind, 'invalid'>;

/** Why and until when a provider rests. */
export interface RestRecord {
  kind: FallthroughKind;
  reason: string;
  /** Epoch milliseconds. */
  until: number;
}

/** Where rest state lives: in memory for one process, in Redis for all workers. */
export interface RestState {
  get(providerId: string): Promise<RestRecord | undefined>;
  set(providerId: string, record: RestRecord): Promise<void>;
  clear(providerId: string): Promise<void>;
}

export class MemoryRestState implements RestState {
  readonly #records = new Map<string, RestRecord>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  async get(providerId: string): Promise<RestRecord | undefined> {
    const record = this.#records.get(providerId);
    if (record && record.until <= this.#now()) {
      this.#records.delete(providerId);
      return undefined;
    }
    return record;
  }

  async set(providerId: string, record: RestRecord): Promise<void> {
    this.#records.set(providerId, record);
  }

  async clear(providerId: string): Promise<void> {
    this.#records.delete(providerId);
  }
}

/** One provider in the chain, with its settings. */
export interface ChainEntry {
  provider: SearchProvider;
  key?: string;
  keyId?: string;
  url?: string;
}

/** A provider that did not answer this search, and why. */
export interface SkippedProvider {
  provider: string;
  kind: FallthroughKind | 'resting' | 'saturated' | 'not-configured';
  reason: string;
  /** Epoch milliseconds until which it rests, when it does. */
  retryAt?: number;
}

export interface ChainAnswer {
  /** The id of the provider that answered. */
  provider: string;
  providerName: string;
  results: SearchResult[];
  /** Filters the answering provider could not keep. */
  ignored: QueryFilter[];
  /** Providers asked or passed over before the one that answered, in order. */
  skipped: SkippedProvider[];
}

/** How the chain asks one provider. The pipeline passes one that runs a job on the provider's queue. */
export type AskProvider = (
  entry: ChainEntry,
  query: SearchQuery,
  ctx: ProviderCtx,
) => Promise<ProviderAnswer>;

export interface ChainOptions {
  rest: RestState;
  /** Default rest per failure kind when the provider gave no retryAt, in ms. */
  restMs: Record<FallthroughKind, number>;
  now?: () => number;
  ask?: AskProvider;
}

/** Thrown when no provider could answer; `skipped` holds each one's reason and what to fix. */
export class NoProviderError extends SearchError {
  readonly skipped: SkippedProvider[];

  constructor(skipped: SkippedProvider[]) {
    const lines = skipped.map((entry) => `- ${entry.provider}: ${entry.reason}`);
    const busy = skipped.length > 0 && skipped.every((entry) => entry.kind === 'saturated');
    const summary =
      skipped.length === 0
        ? 'No search provider is on: list some in QUARRY_PROVIDERS or turn them on in Settings → Search.'
        : busy
          ? `Every search provider was busy (${skipped.length} tried): nothing is wrong with their keys or addresses; raise the limits named below or QUARRY_QUEUE_WAIT_MS.`
          : `No search provider could answer (${skipped.length} tried): fix one of them in Settings → Search.`;
    const soonest = skipped
      .map((entry) => entry.retryAt)
      .filter((value): value is number => value !== undefined)
      .sort((a, b) => a - b)[0];
    super('unavailable', [summary, ...lines].join('\n'), { retryAt: soonest });
    this.skipped = skipped;
  }
}

const directAsk: AskProvider = (entry, query, ctx) => entry.provider.search(query, ctx);

function missingSetting(entry: ChainEntry): string | undefined {
  const { provider } = entry;
  if (provider.key === 'required' && !entry.key) {
    const where = provider.keyEnv ? `set ${provider.keyEnv}` : `set its key`;
    const get = provider.keyUrl ? ` (get one at ${provider.keyUrl})` : '';
    return `${provider.name} needs an API key: ${where} or add it in Settings → Search${get}.`;
  }
  if (provider.keyIdEnv && !entry.keyId) {
    const get = provider.keyUrl ? ` (see ${provider.keyUrl})` : '';
    return `${provider.name} needs a second credential next to its key: set ${provider.keyIdEnv} or add it in Settings → Search${get}.`;
  }
  if (provider.url?.required && !entry.url) {
    return `${provider.name} needs the address of your instance: set ${provider.url.env} (such as ${provider.url.placeholder}) or add it in Settings → Search.`;
  }
  return undefined;
}

/**
 * Asks the providers in order until one answers. Throws the first `invalid` error as it is, and a
 * `NoProviderError` listing every provider's reason when none could answer.
 */
export async function searchChain(
  query: SearchQuery,
  entries: ChainEntry[],
  ctx: Pick<ProviderCtx, 'fetch' | 'signal' | 'timeoutMs'>,
  options: ChainOptions,
): Promise<ChainAnswer> {
  const now = options.now ?? Date.now;
  const ask = options.ask ?? directAsk;
  const skipped: SkippedProvider[] = [];

  for (const entry of entries) {
    ctx.signal?.throwIfAborted();
    const { provider } = entry;
    const missing = missingSetting(entry);
    if (missing) {
      skipped.push({ provider: provider.id, kind: 'not-configured', reason: missing });
      continue;
    }
    const resting = await options.rest.get(provider.id);
    if (resting && resting.until > now()) {
      skipped.push({
        provider: provider.id,
        kind: 'resting',
        reason: `resting until ${new Date(resting.until).toISOString()} after: ${resting.reason}`,
        retryAt: resting.until,
      });
      continue;
    }
    try {
      const answer = await ask(entry, query, {
        key: entry.key,
        keyId: entry.keyId,
        url: entry.url,
        fetch: ctx.fetch,
        signal: ctx.signal,
        timeoutMs: ctx.timeoutMs,
        now,
      });
      return { provider: provider.id, providerName: provider.name, ...answer, skipped };
    } catch (error) {
      if (!(error instanceof SearchError)) throw error;
      if (error.kind === 'invalid') throw error;
      if (ctx.signal?.aborted) throw ctx.signal.reason ?? error;
      const reason = firstLine(error.message);
      if (error instanceof NoProviderError || !isFallthrough(error.kind)) throw error;
      if (error.kind === 'unavailable' && skippedBySaturation(error)) {
        skipped.push({ provider: provider.id, kind: 'saturated', reason });
        continue;
      }
      const until = error.retryAt ?? now() + options.restMs[error.kind];
      await options.rest.set(provider.id, { kind: error.kind, reason, until });
      skipped.push({ provider: provider.id, kind: error.kind, reason, retryAt: until });
    }
  }
  throw new NoProviderError(skipped);
}

function isFallthrough(kind: SearchErrorKind): kind is FallthroughKind {
  return kind !== 'invalid';
}

function firstLine(message: string): string {
  return message.split('\n', 1)[0] ?? message;
}

/** Marks an error as "this provider's queue is too busy right now": passed over, not rested. */
export const SATURATED = Symbol.for('quarry.saturated');

function skippedBySaturation(error: SearchError): boolean {
  return (error as SearchError & { [SATURATED]?: boolean })[SATURATED] === true;
}

/** A provider queue's limits as they were when a search waited on them (the queue's effective settings). */
export interface SaturationLimits {
  /** Calls in flight at once, across all workers. */
  concurrency: number;
  /** At most `rateMax` requests per `ratePerMs` milliseconds. */
  rateMax: number;
  ratePerMs: number;
}

function shownRate(max: number, perMs: number): string {
  if (perMs % 60_000 === 0) return `${max} per ${perMs / 60_000} min`;
  return perMs % 1_000 === 0 ? `${max} per ${perMs / 1_000} s` : `${max} per ${perMs} ms`;
}

/**
 * An error the pipeline throws when a provider's queue waited too long: the chain moves on without
 * resting it. The message names the limit that was reached and the settings that raise it (never a
 * key or an address: nothing is wrong with those). Pass the queue's effective limits when known; the
 * provider's written defaults are shown otherwise.
 */
export function saturatedError(
  provider: string | Pick<SearchProvider, 'id' | 'name' | 'limits'>,
  waitedMs: number,
  limits?: SaturationLimits,
  /** What waited, for the message: a search, or read_page's question filter (a job on the same queue). */
  waiting = 'this search',
): SearchError {
  const id = typeof provider === 'string' ? provider : provider.id;
  const name = typeof provider === 'string' ? provider : provider.name;
  const shown =
    limits ??
    (typeof provider === 'string'
      ? undefined
      : {
          concurrency: provider.limits.concurrency,
          rateMax: provider.limits.rate.max,
          ratePerMs: provider.limits.rate.perMs,
        });
  const reached = shown
    ? `its limit of ${shown.concurrency} calls at once and ${shownRate(shown.rateMax, shown.ratePerMs)}`
    : 'its limit of calls at once and rate';
  const variable = `QUARRY_${id.toUpperCase().replace(/-/g, '_')}`;
  const error = new SearchError(
    'unavailable',
    `${name} is busy: ${waiting} waited ${waitedMs} ms (QUARRY_QUEUE_WAIT_MS) behind ${reached} without starting. ` +
      `Raise ${variable}_CONCURRENCY or ${variable}_RATE (settings file: providers.${id}.concurrency, rateMax, ratePerMs; or Settings → Search) if ${name} can take more, or let searches wait longer with QUARRY_QUEUE_WAIT_MS.`,
    { provider: id },
  );
  (error as SearchError & { [SATURATED]?: boolean })[SATURATED] = true;
  return error;
}
