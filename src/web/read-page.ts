// read_page's pipeline: the page from the Redis cache or through the safe fetch, decoded, then read:
// HTML by `readHtml`, plain text and PDF split into parts (and filtered by a question) the same way. The
// cache holds the decoded document, so reading part 2, or asking another question, does not fetch again.
import { createHash, randomUUID } from 'node:crypto';
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { promisify } from 'node:util';
import { gzip, gunzip } from 'node:zlib';
import type { Redis } from 'ioredis';
import { decodeDocument, type DecodedDocument, type DocumentKind } from './decode.ts';
import { INVISIBLE_MARKS } from './extract/dom.ts';
import { splitIntoParts } from './extract/parts.ts';
import { selectReadingWithMeaning, type QuestionFilter } from './extract/question-filter.ts';
import {
  readHtmlWithMeaning,
  readHtmlWithEmbeddings,
  type EmbeddingsSettings,
  type ReadHtmlResult,
} from './read-html.ts';
import {
  AllowList,
  describeNonPublicAddress,
  FetchFailedError,
  FetchRefusedError,
  parseWebAddress,
  safeFetch,
  type FetchSettings,
  type HostLookup,
} from './safe-fetch.ts';

/** What a read needs of the settings: the safe fetch's, the part size, how long pages stay cached and the
 *  operator's embeddings endpoint (when set, it reranks the local ranking's passages of HTML pages). */
export interface ReadPageSettings {
  fetch: FetchSettings;
  read: { partSize: number; cacheSeconds: number; embeddings?: EmbeddingsSettings };
}

/** Fetched pages stay cached 15 minutes, so reading part 2 does not fetch again. */
export const DEFAULT_READ_CACHE_SECONDS = 15 * 60;

export interface ReadPageInput {
  /** Only the passages that answer this question come back. */
  question?: string;
  /** Which part to read, 1-based (default 1). */
  part?: number;
}

export interface ReadPageDeps {
  config: ReadPageSettings;
  /** The page cache (kept `config.read.cacheSeconds`): Redis and the key prefix for pages, e.g.
   *  `system.key('page')`. Without it every read fetches. */
  cache?: { redis: Redis; keyPrefix: string };
  /** Resolver for the safe fetch (tests make names resolve where they like). */
  lookup?: HostLookup;
  signal?: AbortSignal;
  /**
   * A provider's question filter; without one the local BM25 ranking picks the passages. `readPage` also
   * takes a promise of one (resolving to undefined when there is none), awaited while the page is fetched.
   */
  questionFilter?: QuestionFilter | Promise<QuestionFilter | undefined>;
  /** Called as the read moves on, for job progress. */
  onStage?: (stage: 'cache' | 'fetch' | 'decode' | 'read') => void;
  now?: number;
}

/**
 * What a read gives: a page's reading (`readHtml`'s result without the whole parts list, which would
 * bloat job results), for HTML, plain text and PDF alike. `method` is `main-text` (HTML), `text`
 * (plain text), `pdf-text` (PDF), or the question ranking used.
 */
export interface PageReading extends Omit<ReadHtmlResult, 'parts'> {
  /** The address that answered (after redirects), or the file that was read. */
  url: string;
  kind: DocumentKind;
  /** True when the document came from the cache rather than a fetch. */
  cached: boolean;
  /** When the document was fetched (ISO 8601). */
  fetchedAt: string;
}

/** The page answered, but with an error status; the message says what it means for the reader. */
export class PageStatusError extends Error {
  override readonly name = 'PageStatusError';
  readonly status: number;
  readonly url: string;
  constructor(url: string, status: number) {
    super(`${url} answered HTTP ${status}: ${statusAdvice(status)}`);
    this.status = status;
    this.url = url;
  }
}

function statusAdvice(status: number): string {
  if (status === 404 || status === 410)
    return 'the page does not exist (any more); check the address or search for it.';
  if (status === 401 || status === 403)
    return 'the site refuses this reader (a login, a paywall or a bot check); try another source.';
  if (status === 429) return 'the site is limiting requests; try again later or read another source.';
  if (status >= 500) return 'the site has a server error; try again later or read another source.';
  return 'the page could not be read; check the address.';
}

interface CachedDocument extends DecodedDocument {
  url: string;
  fetchedAt: string;
}

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** The cache key of an address: fragments never reach the server, so they do not split the cache. */
export function pageCacheKey(keyPrefix: string, url: URL): string {
  const withoutFragment = new URL(url.href);
  withoutFragment.hash = '';
  return `${keyPrefix}:${createHash('sha256').update(withoutFragment.href).digest('hex')}`;
}

async function cachedDocument(cache: ReadPageDeps['cache'], url: URL): Promise<CachedDocument | undefined> {
  if (!cache) return undefined;
  try {
    const stored = await cache.redis.getBuffer(pageCacheKey(cache.keyPrefix, url));
    return stored ? (JSON.parse((await gunzipAsync(stored)).toString('utf8')) as CachedDocument) : undefined;
  } catch {
    return undefined; // an unreadable or unreachable cache only costs a fetch
  }
}

async function storeDocument(
  cache: ReadPageDeps['cache'],
  url: URL,
  document: CachedDocument,
  seconds: number,
): Promise<void> {
  if (!cache || seconds <= 0) return;
  try {
    // Stored compressed: pages are mostly markup and shrink several times over.
    await cache.redis.set(
      pageCacheKey(cache.keyPrefix, url),
      await gzipAsync(JSON.stringify(document)),
      'EX',
      seconds,
    );
  } catch {
    // Reading works without the cache; the next read fetches again.
  }
}

function checkedPart(part: number | undefined): number | undefined {
  if (part === undefined) return undefined;
  if (!Number.isInteger(part) || part < 1) {
    throw new RangeError(
      `part must be a whole number of 1 or more (the first part is 1), got ${String(part)}.`,
    );
  }
  return part;
}

/** Reads a web page: cache or safe fetch, decode, read. Refusals and failures throw typed errors. */
export async function readPage(url: string, input: ReadPageInput, deps: ReadPageDeps): Promise<PageReading> {
  const part = checkedPart(input.part);
  const address = parseWebAddress(url);
  const loading = (async () => {
    deps.onStage?.('cache');
    const fromCache = await cachedDocument(deps.cache, address);
    if (fromCache && (await stillAllowed([address, new URL(fromCache.url)], deps)))
      return { document: fromCache, cached: true };
    return await fetchOnce(address, deps);
  })();
  // The provider's filter (a request of its own) runs while the page is fetched, not after.
  const [{ document, cached }, questionFilter] = await Promise.all([loading, deps.questionFilter]);
  deps.onStage?.('read');
  const embeddings = deps.config.read.embeddings;
  if (embeddings && document.kind === 'html' && input.question?.trim() && !questionFilter) {
    // The endpoint reranks the local ranking's passages; when it fails the local answer stands, with a note.
    const { parts: _parts, ...reading } = await readHtmlWithEmbeddings(document.text, {
      ...htmlOptions(document, { ...input, part }, deps),
      embeddings,
    });
    return { ...commonOf(document, deps, cached), ...reading };
  }
  return readDocument(document, { ...input, part }, { ...deps, questionFilter, cached });
}

/**
 * The fetch rules, applied to a page served from the cache: it was cached under the rules of its time
 * (an allow-list since narrowed, a name that now resolves elsewhere), so the address asked for and the
 * one that answered are checked against today's rules, as a fetch would be, before the page is given.
 * Throws the refusal; false when a name does not resolve now (the fetch then says why in its words).
 */
async function stillAllowed(addresses: URL[], deps: ReadPageDeps): Promise<boolean> {
  const allowList = new AllowList(deps.config.fetch.allow);
  const lookup = deps.lookup ?? ((hostname) => dnsLookup(hostname, { all: true, verbatim: true }));
  for (const url of addresses) {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!isIP(host) && allowList.allowsName(host)) continue;
    const resolved = isIP(host)
      ? [host]
      : await lookup(host).then(
          (entries) => entries.map((entry) => entry.address),
          () => undefined,
        );
    if (!resolved) return false;
    for (const address of resolved) {
      const problem = describeNonPublicAddress(address);
      if (problem && !allowList.allowsAddress(address)) {
        throw new FetchRefusedError(
          'address',
          `${host === address ? host : `${host} resolves to ${address}, which`} is ${problem}; read_page reads public pages only (an operator can allow hosts and ranges with QUARRY_FETCH_ALLOW).`,
          url.href,
        );
      }
    }
  }
  return true;
}

/** How often a read that found another worker fetching the same page looks for its result. */
const SHARED_FETCH_POLL_MS = 100;

/**
 * Fetches and caches a page, once across all workers: parts 1 and 2 asked at the same moment share one
 * fetch. The first reader takes a lock in Redis (it lapses after the fetch time limit, so a dead worker
 * cannot hold it); the others wait for the cached document, and fetch themselves if the lock goes
 * without one (the first fetch failed: its error is not cached, so each reader reports its own).
 */
async function fetchOnce(
  address: URL,
  deps: ReadPageDeps,
): Promise<{ document: CachedDocument; cached: boolean }> {
  const { cache, config } = deps;
  if (!cache || config.read.cacheSeconds <= 0)
    return { document: await fetchDocument(address, deps), cached: false };
  const lockKey = `${pageCacheKey(cache.keyPrefix, address)}:fetching`;
  const token = randomUUID();
  const lockMs = config.fetch.timeoutMs + 5_000; // fetch, decode and store fit well inside
  const locked = await cache.redis.set(lockKey, token, 'PX', lockMs, 'NX').catch(() => 'OK');
  if (locked !== 'OK') {
    const deadline = Date.now() + lockMs;
    while (Date.now() < deadline) {
      if (deps.signal?.aborted) throw deps.signal.reason;
      await new Promise((resolve) => setTimeout(resolve, SHARED_FETCH_POLL_MS));
      const shared = await cachedDocument(cache, address);
      if (shared) return { document: shared, cached: true };
      const holder = await cache.redis.get(lockKey).catch(() => null);
      if (holder === null) break;
    }
    return { document: await fetchDocument(address, deps), cached: false };
  }
  try {
    return { document: await fetchDocument(address, deps), cached: false };
  } finally {
    // Release only our own lock (compare and delete in one step).
    await cache.redis
      .eval(
        "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0",
        1,
        lockKey,
        token,
      )
      .catch(() => undefined);
  }
}

async function fetchDocument(address: URL, deps: ReadPageDeps): Promise<CachedDocument> {
  const { config } = deps;
  deps.onStage?.('fetch');
  const fetched = await safeFetch(address, { ...config.fetch, lookup: deps.lookup, signal: deps.signal });
  if (fetched.status >= 400) throw new PageStatusError(fetched.url, fetched.status);
  if (fetched.status >= 300) {
    throw new FetchFailedError(
      `${fetched.url} answered HTTP ${fetched.status} without a usable redirect address.`,
      fetched.url,
    );
  }
  deps.onStage?.('decode');
  const decoded = await decodeDocument(fetched.body, fetched.contentType, fetched.url);
  const document = {
    ...decoded,
    url: fetched.url,
    fetchedAt: new Date(deps.now ?? Date.now()).toISOString(),
  };
  await storeDocument(deps.cache, address, document, config.read.cacheSeconds);
  return document;
}

/** Reads a document already decoded (a cached page or a local file). */
export async function readDocument(
  document: DecodedDocument & { url: string; fetchedAt?: string },
  input: ReadPageInput,
  deps: Pick<ReadPageDeps, 'config' | 'now'> & { questionFilter?: QuestionFilter; cached?: boolean },
): Promise<PageReading> {
  const part = checkedPart(input.part);
  const partSize = deps.config.read.partSize;
  const common = commonOf(document, deps, deps.cached);
  if (document.kind === 'html') {
    const { parts: _parts, ...reading } = await readHtmlWithMeaning(document.text, {
      ...htmlOptions(document, { ...input, part }, deps),
      questionFilter: deps.questionFilter,
    });
    return { ...common, ...reading };
  }
  return {
    ...common,
    ...(await readPlainText(document.text, {
      title: document.title ?? titleOfText(document.text, document.url),
      question: input.question,
      part,
      partSize,
      questionFilter: deps.questionFilter,
      method: document.kind === 'pdf' ? 'pdf-text' : 'text',
    })),
  };
}

function commonOf(
  document: { url: string; kind: DocumentKind; fetchedAt?: string },
  deps: Pick<ReadPageDeps, 'now'>,
  cached: boolean | undefined,
): Pick<PageReading, 'url' | 'kind' | 'cached' | 'fetchedAt'> {
  return {
    url: document.url,
    kind: document.kind,
    cached: cached ?? false,
    fetchedAt: document.fetchedAt ?? new Date(deps.now ?? Date.now()).toISOString(),
  };
}

function htmlOptions(
  document: { url: string },
  input: ReadPageInput,
  deps: Pick<ReadPageDeps, 'config' | 'now'>,
) {
  return {
    url: document.url,
    question: input.question,
    part: input.part,
    partSize: deps.config.read.partSize,
    now: deps.now,
  };
}

/** A title for text without markup: a leading Markdown heading, else the file or page name. */
function titleOfText(text: string, url: string): string {
  const heading = /^\s*#\s+(.+)/.exec(text)?.[1]?.trim();
  if (heading) return heading.slice(0, 200);
  const firstLine = text.trim().split('\n', 1)[0]?.trim() ?? '';
  if (firstLine && firstLine.length <= 120) return firstLine;
  try {
    const name = decodeURIComponent(new URL(url).pathname.split('/').filter(Boolean).pop() ?? '');
    return name || url;
  } catch {
    return url;
  }
}

interface PlainTextOptions {
  title: string;
  question?: string;
  part?: number;
  partSize: number;
  questionFilter?: QuestionFilter;
  method: string;
}

type PlainTextReading = Omit<PageReading, 'url' | 'kind' | 'cached' | 'fetchedAt'>;

/** Plain text and PDF text: paragraphs at blank lines, then the same parts and question ranking as HTML. */
export async function readPlainText(text: string, options: PlainTextOptions): Promise<PlainTextReading> {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .replace(INVISIBLE_MARKS, '')
    .split(/\n[ \t]*\n+/)
    .map((paragraph) => paragraph.replace(/[ \t]+$/gm, '').trim())
    .filter(Boolean);
  const split = splitIntoParts(paragraphs, options.partSize);
  const requestedPart = options.part ?? 1;
  const reading: PlainTextReading = {
    title: options.title,
    text: '',
    part: requestedPart,
    partCount: split.parts.length,
    method: options.method,
  };
  if (paragraphs.length === 0) reading.note = 'The document has no text.';
  const selection = await selectReadingWithMeaning(paragraphs, split.parts, split.partOfParagraph, {
    question: options.question,
    part: requestedPart,
    partSize: options.partSize,
    questionFilter: options.questionFilter,
    noun: 'document',
  });
  reading.text = selection.text;
  reading.part = selection.part;
  if (selection.method) reading.method = selection.method;
  if (selection.matches) reading.matches = selection.matches;
  if (selection.note) reading.note = selection.note;
  return reading;
}
