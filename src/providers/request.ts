// One HTTP request to a search engine, with every way it can fail turned into a SearchError whose
// first line names the provider, what failed and the setting to change. The key never appears in a
// message: it is scrubbed from vendor texts, and addresses are shown without their query string.
import { SearchError, type ProviderCtx, type SearchErrorKind, type SearchProvider } from './types.ts';

/** A provider's request time limit when settings give none (QUARRY_PROVIDER_TIMEOUT_MS's default). */
export const DEFAULT_TIMEOUT_MS = 15_000;
/** A Retry-After further out than this is treated as a day: a vendor's typo should not silence a provider for weeks. */
const MAX_RETRY_AFTER_MS = 24 * 3_600_000;
/** How much of a vendor's error text goes into a message: enough to read, short enough for one line. */
const DETAIL_LENGTH = 200;
/**
 * The most of an answer a provider request reads. A search answer is a few kilobytes to a few hundred;
 * past this it is not an answer (a stream, a dump, an address pointing at the wrong thing), and reading
 * it all would grow a worker's memory until the timeout, once per call in flight.
 */
export const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

/** What a message needs to know about the provider. */
export type ProviderIdentity = Pick<SearchProvider, 'id' | 'name' | 'key' | 'keyEnv' | 'keyUrl' | 'url'>;

export interface ProviderResponse {
  status: number;
  headers: Headers;
  /** The body as text. */
  body: string;
  /** The address that answered (after redirects), without its query string. */
  address: string;
}

/**
 * A vendor's own reading of an error answer: the kind, and optionally a message to use instead and
 * the time to ask again (for vendors that say it in their own headers rather than Retry-After).
 */
export type ClassifyAnswer = (
  answer: ProviderResponse,
  detail: string,
) => { kind: SearchErrorKind; message?: string; retryAt?: number } | undefined;

export interface RequestOptions {
  provider: ProviderIdentity;
  ctx: ProviderCtx;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string | URLSearchParams;
  /** Non-2xx statuses the provider reads itself (they are returned, not thrown). */
  passStatuses?: readonly number[];
  /** Reads a vendor's error answer before the generic rules do (e.g. "Not enough credits" on a 400). */
  classify?: ClassifyAnswer;
}

/** The environment variable that holds a provider's key. */
export function keyVariable(provider: ProviderIdentity): string {
  return provider.keyEnv ?? `QUARRY_${provider.id.toUpperCase()}_KEY`;
}

/** The environment variable that sets a provider's base address. */
export function urlVariable(provider: ProviderIdentity): string {
  return provider.url?.env ?? `QUARRY_${provider.id.toUpperCase()}_URL`;
}

/** Builds a SearchError for a provider, with the key scrubbed from its message. */
export function providerError(
  provider: ProviderIdentity,
  ctx: Pick<ProviderCtx, 'key'>,
  kind: SearchErrorKind,
  message: string,
  options: { status?: number; retryAt?: number; cause?: unknown } = {},
): SearchError {
  return new SearchError(kind, scrub(message, ctx), { provider: provider.id, ...options });
}

/** Removes the key (and anything long that looks like it) from a text that may go into a message. */
export function scrub(text: string, ctx: Pick<ProviderCtx, 'key'>): string {
  let result = text;
  if (ctx.key && ctx.key.length >= 4) result = result.split(ctx.key).join('***');
  // Vendors echo keys in URLs they print back (`key=...`, `api_key=...`).
  return result.replace(/([?&](?:key|api_key|apikey|token|access_token)=)[^&\s"']+/gi, '$1***');
}

/** `Retry-After` in seconds or as an HTTP date → epoch ms, or undefined when absent or unreadable. */
export function retryAfter(value: string | null | undefined, now: number): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  let until: number;
  if (/^\d+(?:\.\d+)?$/.test(trimmed)) until = now + Math.ceil(Number(trimmed) * 1_000);
  else {
    // An HTTP date names its weekday and month; anything else Date.parse accepts ("-5") is not one.
    if (!/[a-z]{3}/i.test(trimmed)) return undefined;
    const date = Date.parse(trimmed);
    if (Number.isNaN(date)) return undefined;
    until = Math.max(date, now);
  }
  return Math.min(until, now + MAX_RETRY_AFTER_MS);
}

/** An address for messages: origin and path, never the query string (it may hold a key). */
function shownAddress(url: URL | string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return '(an address that is not a URL)';
  }
}

/** The vendor's own words from an error body (`message`, `error`, `detail`, ...), shortened. */
export function vendorDetail(body: string): string {
  let text = body.trim();
  try {
    // JSON without a message of its own ({} or a bare list) says nothing worth repeating.
    text = findMessage(JSON.parse(text)) ?? '';
  } catch {
    // Not JSON: an HTML error page says little worth repeating, plain text does.
    if (/^\s*</.test(text)) text = '';
  }
  text = text.replace(/\s+/g, ' ').trim();
  return text.length > DETAIL_LENGTH ? `${text.slice(0, DETAIL_LENGTH - 1)}…` : text;
}

function findMessage(value: unknown, depth = 0): string | undefined {
  if (typeof value === 'string') return value;
  if (!value || typeof value !== 'object' || depth > 3) return undefined;
  // Some vendors list their errors (Kagi: `error: [{ code, msg }]`); the first one says what went wrong.
  if (Array.isArray(value)) return findMessage(value[0], depth + 1);
  const record = value as Record<string, unknown>;
  for (const name of ['message', 'detail', 'error', 'error_description', 'msg', 'info', 'reason', 'code']) {
    const found = findMessage(record[name], depth + 1);
    if (found) return found;
  }
  return undefined;
}

const CREDIT_WORDS =
  /credit|quota|allowance|balance|billing|payment|plan limit|usage limit|subscription (?:limit|expired)/i;
/** On a 429, only words about a day's or month's allowance mean credits; "per minute" is a rate limit. */
const ALLOWANCE_WORDS = /credit|allowance|balance|billing|per day|daily|monthly|per month/i;

function withDetail(status: number, detail: string): string {
  return detail ? `HTTP ${status}: ${detail}` : `HTTP ${status}`;
}

/** The generic reading of a non-2xx status (and the vendor's words) as a failure kind. */
function genericKind(provider: ProviderIdentity, status: number, detail: string): SearchErrorKind {
  if (status === 402) return 'credits';
  if (status === 429) return ALLOWANCE_WORDS.test(detail) ? 'credits' : 'limit';
  if ((status === 400 || status === 403) && CREDIT_WORDS.test(detail)) return 'credits';
  // A keyless engine that refuses us is blocking this address, not judging a key.
  if (status === 401 || status === 403) return provider.key === 'none' ? 'blocked' : 'auth';
  if (status === 400 || status === 422) return 'invalid';
  return 'unavailable';
}

/** The first line for a failed answer: what failed and what to change. */
function describe(
  kind: SearchErrorKind,
  provider: ProviderIdentity,
  ctx: ProviderCtx,
  answer: ProviderResponse,
  detail: string,
  retryAt: number | undefined,
): string {
  const { name } = provider;
  const shown = withDetail(answer.status, detail);
  const getKey = provider.keyUrl ? ` (keys: ${provider.keyUrl})` : '';
  switch (kind) {
    case 'credits':
      return `${name}'s allowance is used up (${shown}): add credits or raise the plan${getKey}, or set another key in ${keyVariable(provider)}.`;
    case 'limit': {
      const until = retryAt ? `, asked to wait until ${new Date(retryAt).toISOString()}` : '';
      return `${name} is rate limited (${shown})${until}: lower its rate (settings file: providers.${provider.id}.rateMax and ratePerMs) or raise its plan.`;
    }
    case 'auth':
      return ctx.key
        ? `${name} refused the API key (${shown}): check ${keyVariable(provider)} or the key in Settings → Search${getKey}.`
        : `${name} needs an API key (${shown}): set ${keyVariable(provider)} or add it in Settings → Search${getKey}.`;
    case 'blocked':
      return `${name} refused the search (${shown}), probably a bot check on this address: wait, lower its rate, or put another provider first in QUARRY_PROVIDERS.`;
    case 'invalid':
      return `${name} refused the search's arguments (${shown}): change the words or filters and search again.`;
    case 'unavailable':
      return answer.status >= 500
        ? `${name} is unavailable (${shown}) at ${answer.address}: it rests and is asked again later; to use another address set ${urlVariable(provider)}.`
        : `${name} answered ${shown} at ${answer.address}, which is not a search answer: check ${urlVariable(provider)} points at its API.`;
  }
}

function networkCode(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  if (cause && typeof cause.code === 'string') return cause.code;
  if (cause && typeof cause.message === 'string') return cause.message;
  return error instanceof Error ? error.message : String(error);
}

/** Carries the SearchError for an oversized answer past the request's network-failure handling. */
class AnswerTooLargeError extends Error {
  constructor(readonly searchError: SearchError) {
    super(searchError.message);
  }
}

/** The body as UTF-8 text (as `response.text()` reads it), refusing more than MAX_ANSWER_BYTES. */
async function boundedText(
  response: Response,
  provider: ProviderIdentity,
  ctx: ProviderCtx,
  address: string,
): Promise<string> {
  const tooLarge = () =>
    new AnswerTooLargeError(
      providerError(
        provider,
        ctx,
        'unavailable',
        `${provider.name} sent an answer larger than ${MAX_ANSWER_BYTES / 1024 / 1024} MB at ${address}, which is not a search answer: check ${urlVariable(provider)} points at its API.`,
        { status: response.status },
      ),
    );
  if (Number(response.headers.get('content-length')) > MAX_ANSWER_BYTES) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/**
 * Sends one request and returns the answer when its status is 2xx (or listed in `passStatuses`).
 * Throws a SearchError for a timeout, a network failure and every error answer; rethrows the
 * caller's own abort as it is.
 */
export async function request(url: URL | string, options: RequestOptions): Promise<ProviderResponse> {
  const { provider, ctx } = options;
  const now = () => ctx.now?.() ?? Date.now();
  const timeoutMs = ctx.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = ctx.signal ? AbortSignal.any([ctx.signal, timeout]) : timeout;
  const address = shownAddress(url);

  let answer: ProviderResponse;
  try {
    const response = await ctx.fetch(url, {
      method: options.method ?? 'GET',
      headers: options.headers,
      body: options.body,
      signal,
      redirect: 'follow',
    });
    answer = {
      status: response.status,
      headers: response.headers,
      body: await boundedText(response, provider, ctx, address),
      address: response.url ? shownAddress(response.url) : address,
    };
  } catch (error) {
    if (ctx.signal?.aborted) throw ctx.signal.reason ?? error;
    if (error instanceof AnswerTooLargeError) throw error.searchError;
    if (timeout.aborted) {
      throw providerError(
        provider,
        ctx,
        'unavailable',
        `${provider.name} did not answer within ${timeoutMs} ms at ${address}: raise QUARRY_PROVIDER_TIMEOUT_MS or check the network.`,
        { cause: error },
      );
    }
    throw providerError(
      provider,
      ctx,
      'unavailable',
      `${provider.name} could not be reached at ${address} (${networkCode(error)}): check the network connection or ${urlVariable(provider)}.`,
      { cause: error },
    );
  }

  if ((answer.status >= 200 && answer.status < 300) || options.passStatuses?.includes(answer.status)) {
    return answer;
  }
  const detail = scrub(vendorDetail(answer.body), ctx);
  const special = options.classify?.(answer, detail);
  const kind = special?.kind ?? genericKind(provider, answer.status, detail);
  // A refused key or a bad argument will not get better by waiting: no retryAt for those.
  const retryAt =
    kind === 'auth' || kind === 'invalid'
      ? undefined
      : (retryAfter(answer.headers.get('retry-after'), now()) ?? special?.retryAt);
  const message = special?.message ?? describe(kind, provider, ctx, answer, detail, retryAt);
  throw providerError(provider, ctx, kind, message, { status: answer.status, retryAt });
}

/** A provider's address: its base from settings (or its default) joined with the API path. */
export function endpoint(base: string | undefined, fallback: string, path: string): URL {
  return new URL(`${(base || fallback).replace(/\/+$/, '')}${path}`);
}
