// A fetch that reaches public addresses only. Pages, pictures and site icons are fetched on behalf of an
// agent, so an address the agent (or a page, or a redirect) names must never reach the machine itself, the
// operator's network or cloud metadata services. Checks happen at connect time on every address a name
// resolves to (DNS rebinding gets nothing: the address that is checked is the address that is used), on
// every literal IP, and again on every redirect hop. Sizes and times are capped, also after decompression.
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector, request as undiciRequest } from 'undici';

/** The safe fetch's settings; `QUARRY_FETCH_*` set them (src/config.ts). */
export interface FetchSettings {
  /** Hosts and CIDR ranges the operator allows even though they are not public (tests, self-hosted pages). */
  allow: string[];
  maxRedirects: number;
  /** Largest body, also after decompression. */
  maxBytes: number;
  /** Whole request, redirects included. */
  timeoutMs: number;
  /** Until the response headers arrive. */
  headerTimeoutMs: number;
  userAgent: string;
}

/** The defaults, each with its reason; the configuration refers to these. */
export const FETCH_DEFAULTS: Readonly<FetchSettings> = {
  // Nothing beyond the public internet unless the operator says so.
  allow: [],
  // Enough for http→https, a canonical host and a slash; chains longer than that are rarely pages.
  maxRedirects: 5,
  // 10 MiB holds nearly every article and most PDFs.
  maxBytes: 10 * 1024 * 1024,
  // A slow site gets 20 s for the whole page; an agent waits no longer than that for one read.
  timeoutMs: 20_000,
  // A server that has not begun to answer in 10 s is usually not going to.
  headerTimeoutMs: 10_000,
  userAgent: 'Mozilla/5.0 (compatible; Quarry/0.1; +https://github.com/quarry)',
};

/** Resolves a host name to its addresses; tests inject one so a name can resolve to anything. */
export type HostLookup = (hostname: string) => Promise<LookupAddress[]>;

export interface SafeFetchOptions extends Partial<FetchSettings> {
  /** Resolves host names; default: the system resolver (`dns.lookup`, all addresses). */
  lookup?: HostLookup;
  signal?: AbortSignal;
  /** Extra request headers (they replace the defaults of the same name). */
  headers?: Record<string, string>;
}

export interface FetchedResource {
  /** The address that answered, after redirects. */
  url: string;
  status: number;
  headers: Headers;
  /** The Content-Type header as sent (with its parameters), or '' when there was none. */
  contentType: string;
  /** The body, decompressed. */
  body: Buffer;
}

/** Why a fetch was refused: the address, or a cap. */
export type RefusalReason = 'url' | 'scheme' | 'credentials' | 'address' | 'redirects' | 'size' | 'time';

/** A fetch refused by the rules: an address that is not public, a cap that was reached. Retrying will not help. */
export class FetchRefusedError extends Error {
  override readonly name = 'FetchRefusedError';
  readonly reason: RefusalReason;
  readonly url: string;
  constructor(reason: RefusalReason, message: string, url: string) {
    super(message);
    this.reason = reason;
    this.url = url;
  }
}

/** The fetch was allowed but failed on the network: no such host, connection refused, TLS failure. */
export class FetchFailedError extends Error {
  override readonly name = 'FetchFailedError';
  readonly url: string;
  constructor(message: string, url: string, options?: { cause?: unknown }) {
    super(message, options);
    this.url = url;
  }
}

const PUBLIC_ONLY = 'read_page reads public pages only';
const ALLOW_HINT = 'an operator can allow hosts and ranges with QUARRY_FETCH_ALLOW';

/** ipaddr.js range names → words for the message. Anything but 'unicast' is refused. */
const RANGE_WORDS: Record<string, string> = {
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address',
  loopback: 'a loopback address',
  carrierGradeNat: 'a carrier-grade NAT address',
  private: 'a private address',
  uniqueLocal: 'a private (unique local) address',
  reserved: 'a reserved address',
  as112: 'a reserved (AS112) address',
  as112v6: 'a reserved (AS112) address',
  amt: 'a reserved (AMT) address',
  ipv4Mapped: 'an IPv4-mapped IPv6 address',
  rfc6145: 'an IPv4-translated IPv6 address',
  rfc6052: 'a NAT64 address',
  '6to4': 'a 6to4 address',
  teredo: 'a Teredo address',
  deprecatedSiteLocal: 'a site-local address',
  discard: 'a discard-only address',
  benchmarking: 'a benchmarking address',
  deprecatedOrchid: 'a reserved (ORCHID) address',
  orchid2: 'a reserved (ORCHIDv2) address',
  droneRemoteIdProtocolEntityTags: 'a reserved (DRIP) address',
  segmentRouting: 'a segment-routing address',
};

// IPv6 ranges ipaddr.js calls 'unicast' although they are not globally routed: only 2000::/3 is handed out
// for the public internet, and ::/96 holds the deprecated IPv4-compatible form (::127.0.0.1).
const IPV6_GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');
const IPV6_IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96');

/** Why an address is not public, in words ("a loopback address"), or null when it is public. */
export function describeNonPublicAddress(address: string): string | null {
  if (!ipaddr.isValid(address) || isIP(address) === 0) return 'not a valid IP address';
  const parsed = ipaddr.parse(address);
  const range = parsed.range();
  if (range !== 'unicast') return RANGE_WORDS[range] ?? `a special-purpose address (${range})`;
  if (parsed.kind() === 'ipv6') {
    if (parsed.match(IPV6_IPV4_COMPATIBLE)) return 'an IPv4-compatible IPv6 address';
    if (!parsed.match(IPV6_GLOBAL_UNICAST)) return 'an address outside the global unicast range';
  }
  return null;
}

/** The operator's allow-list: host names (exact, case-insensitive) and CIDR ranges or single addresses. */
export class AllowList {
  readonly names = new Set<string>();
  readonly ranges: Array<[ipaddr.IPv4 | ipaddr.IPv6, number]> = [];

  constructor(entries: readonly string[]) {
    for (const raw of entries) {
      const entry = raw.trim().toLowerCase();
      if (!entry) continue;
      if (entry.includes('/')) {
        if (!ipaddr.isValidCIDR(entry)) throw allowListError(raw, 'is not a valid CIDR range');
        this.ranges.push(ipaddr.parseCIDR(entry));
      } else if (isIP(entry.replace(/^\[|\]$/g, ''))) {
        const address = ipaddr.parse(entry.replace(/^\[|\]$/g, ''));
        this.ranges.push([address, address.kind() === 'ipv4' ? 32 : 128]);
      } else if (/^[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*\.?$/.test(entry)) {
        this.names.add(entry.replace(/\.$/, ''));
      } else {
        throw allowListError(raw, 'is neither a host name nor a CIDR range');
      }
    }
  }

  allowsName(hostname: string): boolean {
    return this.names.has(hostname.toLowerCase().replace(/\.$/, ''));
  }

  allowsAddress(address: string): boolean {
    if (this.ranges.length === 0) return false;
    const parsed = ipaddr.parse(address);
    const candidates: Array<ipaddr.IPv4 | ipaddr.IPv6> = [parsed];
    if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
      candidates.push((parsed as ipaddr.IPv6).toIPv4Address());
    }
    return candidates.some((candidate) =>
      this.ranges.some(
        ([network, bits]) => network.kind() === candidate.kind() && candidate.match(network, bits),
      ),
    );
  }
}

function allowListError(entry: string, problem: string): Error {
  return new Error(
    `The fetch allow-list entry "${entry}" ${problem}; QUARRY_FETCH_ALLOW takes comma-separated host names and CIDR ranges such as localhost,10.0.0.0/8.`,
  );
}

/** The URL without user name, password or fragment: safe to print. */
function printable(url: URL | string): string {
  try {
    const copy = new URL(String(url));
    copy.username = '';
    copy.password = '';
    copy.hash = '';
    return copy.href;
  } catch {
    const text = String(url);
    return text.length > 200 ? `${text.slice(0, 200)}…` : text;
  }
}

const DEFAULT_SETTINGS = FETCH_DEFAULTS;

/** Everything one guarded fetcher needs: settings, the allow-list, the resolver and one connection pool. */
class FetchGuard {
  readonly settings: FetchSettings;
  readonly allowList: AllowList;
  readonly agent: Agent;
  private readonly lookup: HostLookup;

  constructor(options: SafeFetchOptions) {
    this.settings = {
      allow: options.allow ?? DEFAULT_SETTINGS.allow,
      maxRedirects: options.maxRedirects ?? DEFAULT_SETTINGS.maxRedirects,
      maxBytes: options.maxBytes ?? DEFAULT_SETTINGS.maxBytes,
      timeoutMs: options.timeoutMs ?? DEFAULT_SETTINGS.timeoutMs,
      headerTimeoutMs: options.headerTimeoutMs ?? DEFAULT_SETTINGS.headerTimeoutMs,
      userAgent: options.userAgent ?? DEFAULT_SETTINGS.userAgent,
    };
    this.allowList = new AllowList(this.settings.allow);
    this.lookup = options.lookup ?? ((hostname) => dnsLookup(hostname, { all: true, verbatim: true }));
    const baseConnect = buildConnector({
      timeout: this.settings.headerTimeoutMs,
      // Called by net.connect / tls.connect for every name: the addresses checked here are the ones dialled.
      lookup: (
        hostname: string,
        lookupOptions: { all?: boolean; family?: number },
        callback: LookupCallback,
      ) => {
        this.resolveChecked(hostname, lookupOptions.family).then(
          (addresses) => {
            if (lookupOptions.all) callback(null, addresses);
            else callback(null, addresses[0]!.address, addresses[0]!.family);
          },
          (error: Error) => callback(error),
        );
      },
    } as buildConnector.BuildOptions);
    this.agent = new Agent({
      headersTimeout: this.settings.headerTimeoutMs,
      bodyTimeout: this.settings.timeoutMs,
      keepAliveTimeout: 4_000, // short: pages are mostly one request per host
      connect: (connectOptions, callback) => {
        // net.connect skips the lookup for a literal IP, so literal addresses are checked here.
        const refusal = this.literalRefusal(
          connectOptions.hostname,
          `${connectOptions.protocol}//${connectOptions.host}/`,
        );
        if (refusal) {
          callback(refusal, null);
          return;
        }
        baseConnect(connectOptions, callback);
      },
    });
  }

  /** A refusal for a host written as an IP that is not public and not allowed, else null. The WHATWG URL
   *  parser has already turned decimal, octal, hex and short IPv4 spellings into dotted quads and IPv6
   *  into its compressed form, so the normalised host is what is checked. */
  literalRefusal(hostname: string, url: string): FetchRefusedError | null {
    const host = hostname.replace(/^\[|\]$/g, '');
    if (!isIP(host)) return null;
    const problem = describeNonPublicAddress(host);
    if (!problem || this.allowList.allowsAddress(host)) return null;
    return new FetchRefusedError('address', `${host} is ${problem}; ${PUBLIC_ONLY} (${ALLOW_HINT}).`, url);
  }

  /** Resolves a name and checks every address it resolves to; refuses when any is not public. */
  async resolveChecked(hostname: string, family?: number): Promise<LookupAddress[]> {
    let addresses: LookupAddress[];
    try {
      addresses = await this.lookup(hostname);
    } catch (error) {
      throw new FetchFailedError(
        `The host ${hostname} could not be found (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); check the address.`,
        hostname,
        { cause: error },
      );
    }
    if (addresses.length === 0) {
      throw new FetchFailedError(`The host ${hostname} has no addresses; check the address.`, hostname);
    }
    if (!this.allowList.allowsName(hostname)) {
      for (const { address } of addresses) {
        const problem = describeNonPublicAddress(address);
        if (problem && !this.allowList.allowsAddress(address)) {
          throw new FetchRefusedError(
            'address',
            `${hostname} resolves to ${address}, ${problem}; ${PUBLIC_ONLY} (${ALLOW_HINT}).`,
            hostname,
          );
        }
      }
    }
    const wanted =
      family === 4 || family === 6 ? addresses.filter((entry) => entry.family === family) : addresses;
    if (wanted.length === 0) {
      throw new FetchFailedError(`The host ${hostname} has no IPv${family} address.`, hostname);
    }
    return wanted;
  }

  /** Checks an address before any connection: scheme, credentials, literal IPs. */
  checkAddress(url: URL): void {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new FetchRefusedError(
        'scheme',
        `${url.protocol} addresses are not fetched; read_page reads http and https pages only.`,
        printable(url),
      );
    }
    if (url.username || url.password) {
      throw new FetchRefusedError(
        'credentials',
        `${printable(url)} carries a user name or password; read_page does not send credentials, give the address without them.`,
        printable(url),
      );
    }
    const refusal = this.literalRefusal(url.hostname, printable(url));
    if (refusal) throw refusal;
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

type LookupCallback = (error: Error | null, address?: string | LookupAddress[], family?: number) => void;

interface GuardedRequest {
  method: string;
  headers: Record<string, string>;
  body?: Buffer;
  signal?: AbortSignal;
  redirect: 'follow' | 'manual' | 'error';
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const DEFAULT_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,text/plain;q=0.8,application/pdf;q=0.8,*/*;q=0.5';
// Headers that carry the caller's identity: not sent on to another origin after a redirect.
const ORIGIN_BOUND_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

/** Parses a web address, or throws a `FetchRefusedError` that says how to write one. */
export function parseWebAddress(input: string | URL): URL {
  try {
    return new URL(String(input));
  } catch {
    throw new FetchRefusedError(
      'url',
      `"${printable(String(input))}" is not a valid web address; give a full http or https address such as https://example.com/page.`,
      printable(String(input)),
    );
  }
}

function sizeInWords(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MiB`;
  return bytes >= 1024 ? `${Math.round(bytes / 1024)} KiB` : `${bytes} bytes`;
}

function sizeRefusal(guard: FetchGuard, url: string, detail = ''): FetchRefusedError {
  return new FetchRefusedError(
    'size',
    `${url} is larger than ${sizeInWords(guard.settings.maxBytes)}${detail}; read_page stops there (the operator's limit, QUARRY_FETCH_MAX_BYTES).`,
    url,
  );
}

/** Finds our own error inside whatever undici wrapped it in. */
function ownError(error: unknown): FetchRefusedError | FetchFailedError | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (current instanceof FetchRefusedError || current instanceof FetchFailedError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

async function guardedRequest(
  guard: FetchGuard,
  input: string | URL,
  init: GuardedRequest,
): Promise<FetchedResource> {
  const timeout = AbortSignal.timeout(guard.settings.timeoutMs);
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  let url = parseWebAddress(input);
  let method = init.method.toUpperCase();
  let body = init.body;
  const headers: Record<string, string> = {
    'user-agent': guard.settings.userAgent,
    accept: DEFAULT_ACCEPT,
    ...Object.fromEntries(Object.entries(init.headers).map(([name, value]) => [name.toLowerCase(), value])),
    // Only encodings we can decompress under the size cap.
    'accept-encoding': 'gzip, deflate, br',
  };
  for (let hop = 0; ; hop++) {
    guard.checkAddress(url);
    const shown = printable(url);
    let response: Awaited<ReturnType<typeof undiciRequest>>;
    try {
      response = await undiciRequest(url, {
        method: method as 'GET',
        headers,
        body,
        signal,
        dispatcher: guard.agent,
      });
    } catch (error) {
      throw translateError(error, guard, shown, timeout, init.signal);
    }
    const status = response.statusCode;
    const location = headerValue(response.headers.location);
    if (REDIRECT_STATUSES.has(status) && location && init.redirect !== 'manual') {
      await response.body.dump().catch(() => undefined);
      if (init.redirect === 'error') {
        throw new FetchFailedError(
          `${shown} redirects to ${location}, and redirects were not allowed.`,
          shown,
        );
      }
      if (hop >= guard.settings.maxRedirects) {
        throw new FetchRefusedError(
          'redirects',
          `${shown} redirects more than ${guard.settings.maxRedirects} times; read_page follows at most that many (QUARRY_FETCH_MAX_REDIRECTS).`,
          shown,
        );
      }
      const next = parseWebAddress(new URL(location, url).href);
      if (next.origin !== url.origin) for (const name of ORIGIN_BOUND_HEADERS) delete headers[name];
      if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
        method = method === 'HEAD' ? 'HEAD' : 'GET';
        body = undefined;
        delete headers['content-type'];
      }
      url = next;
      continue;
    }
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(name, item);
    }
    let raw: Buffer;
    try {
      raw = await readCapped(guard, response.body, responseHeaders, shown);
      const decoded = await decompress(guard, raw, responseHeaders.get('content-encoding') ?? '', shown);
      if (decoded !== raw) {
        responseHeaders.delete('content-encoding');
        responseHeaders.set('content-length', String(decoded.length));
      }
      return {
        url: url.href,
        status,
        headers: responseHeaders,
        contentType: responseHeaders.get('content-type') ?? '',
        body: decoded,
      };
    } catch (error) {
      response.body.destroy();
      throw translateError(error, guard, shown, timeout, init.signal);
    }
  }
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

async function readCapped(
  guard: FetchGuard,
  stream: AsyncIterable<Buffer>,
  headers: Headers,
  shown: string,
): Promise<Buffer> {
  const declared = Number(headers.get('content-length'));
  if (Number.isFinite(declared) && declared > guard.settings.maxBytes) {
    throw sizeRefusal(guard, shown, ` (it says ${sizeInWords(declared)})`);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    total += chunk.length;
    if (total > guard.settings.maxBytes) throw sizeRefusal(guard, shown);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

const gunzip = promisify(zlib.gunzip);
const inflate = promisify(zlib.inflate);
const inflateRaw = promisify(zlib.inflateRaw);
const brotliDecompress = promisify(zlib.brotliDecompress);

/** Undoes the Content-Encoding, each step stopped by zlib itself once its output passes the size cap. */
async function decompress(
  guard: FetchGuard,
  raw: Buffer,
  encodingHeader: string,
  shown: string,
): Promise<Buffer> {
  const encodings = encodingHeader
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter((item) => item && item !== 'identity');
  let data = raw;
  const limit = { maxOutputLength: guard.settings.maxBytes };
  try {
    for (const encoding of encodings.reverse()) {
      if (data.length === 0) break;
      if (encoding === 'gzip' || encoding === 'x-gzip')
        data = await gunzip(data, { ...limit, finishFlush: zlib.constants.Z_SYNC_FLUSH });
      else if (encoding === 'br') data = await brotliDecompress(data, limit);
      else if (encoding === 'deflate') {
        // "deflate" is meant to be zlib-wrapped, but some servers send it raw.
        data = await inflate(data, limit).catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'ERR_BUFFER_TOO_LARGE') throw error;
          return inflateRaw(data, limit);
        });
      } else {
        throw new FetchFailedError(
          `${shown} is sent with the unknown content encoding "${encoding}"; it cannot be read.`,
          shown,
        );
      }
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) {
      throw sizeRefusal(guard, shown, ' once decompressed');
    }
    if (error instanceof FetchFailedError) throw error;
    throw new FetchFailedError(
      `${shown} sent a body that does not decompress (${(error as Error).message}).`,
      shown,
      {
        cause: error,
      },
    );
  }
  return data;
}

function translateError(
  error: unknown,
  guard: FetchGuard,
  shown: string,
  timeout: AbortSignal,
  callerSignal: AbortSignal | undefined,
): Error {
  const own = ownError(error);
  if (own) return own;
  if (callerSignal?.aborted)
    return callerSignal.reason instanceof Error ? callerSignal.reason : (error as Error);
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (timeout.aborted || code === 'UND_ERR_BODY_TIMEOUT') {
    return new FetchRefusedError(
      'time',
      `${shown} took longer than ${guard.settings.timeoutMs / 1000} s; read_page stops there (QUARRY_FETCH_TIMEOUT_MS).`,
      shown,
    );
  }
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') {
    return new FetchRefusedError(
      'time',
      `${shown} sent no answer within ${guard.settings.headerTimeoutMs / 1000} s; read_page stops there (QUARRY_FETCH_HEADER_TIMEOUT_MS).`,
      shown,
    );
  }
  const detail = code ? `${code}: ${(error as Error).message}` : (error as Error).message;
  return new FetchFailedError(`${shown} could not be fetched (${detail}).`, shown, { cause: error });
}

/**
 * Fetches one address with GET under the rules: public addresses only (or the operator's allow-list),
 * redirects followed by hand and checked hop by hop, size and time capped. Any status is returned;
 * refusals throw `FetchRefusedError`, network failures `FetchFailedError`.
 */
export async function safeFetch(url: string | URL, options: SafeFetchOptions = {}): Promise<FetchedResource> {
  const guard = new FetchGuard(options);
  try {
    return await guardedRequest(guard, url, {
      method: 'GET',
      headers: options.headers ?? {},
      signal: options.signal,
      redirect: 'follow',
    });
  } finally {
    void guard.close();
  }
}

/**
 * A `fetch` that keeps the same rules (for media and site icons). Bodies are read in full under the size
 * cap before the Response is returned; `redirect: 'manual'` returns the redirect itself, 'error' throws.
 * Refusals reject with `FetchRefusedError` (not a TypeError), so callers can tell them apart.
 */
export function createGuardedFetch(options: SafeFetchOptions = {}): typeof fetch {
  const guard = new FetchGuard(options);
  const guardedFetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const request = input instanceof Request ? input : undefined;
    const url = request ? request.url : input instanceof URL ? input.href : String(input);
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    new Headers(request?.headers).forEach((value, name) => (headers[name] = value));
    new Headers(init.headers).forEach((value, name) => (headers[name] = value));
    const method = (init.method ?? request?.method ?? 'GET').toUpperCase();
    let body: Buffer | undefined;
    if (init.body !== undefined && init.body !== null) {
      const encoded = new Request('http://body.invalid/', { method: 'POST', body: init.body });
      body = Buffer.from(await encoded.arrayBuffer());
      const type = encoded.headers.get('content-type');
      if (type && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type'))
        headers['content-type'] = type;
    } else if (request?.body) {
      body = Buffer.from(await request.arrayBuffer());
    }
    const signals = [init.signal, request?.signal, options.signal].filter(
      (item): item is AbortSignal => !!item,
    );
    const fetched = await guardedRequest(guard, url, {
      method,
      headers,
      body,
      signal: signals.length > 0 ? AbortSignal.any(signals) : undefined,
      redirect: init.redirect ?? request?.redirect ?? 'follow',
    });
    const empty = method === 'HEAD' || [204, 205, 304].includes(fetched.status);
    const response = new Response(empty ? null : new Uint8Array(fetched.body), {
      status: fetched.status,
      headers: fetched.headers,
    });
    Object.defineProperty(response, 'url', { value: fetched.url });
    return response;
  };
  return guardedFetch as typeof fetch;
}
