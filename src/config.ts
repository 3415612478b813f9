// One validated configuration, read from environment variables over an optional settings file
// (JSON, `QUARRY_SETTINGS`, default `./data/settings.json`). Each setting has a written default and a
// reason; a bad value stops start-up with a message that names the setting and what it accepts.
import { existsSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { PROVIDERS } from './providers/index.ts';

const positiveInt = z.coerce.number().int().positive();
const nonNegativeInt = z.coerce.number().int().nonnegative();
const booleanish = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])])
  .transform(
    (value) => value === true || value === 'true' || value === '1' || value === 'yes' || value === 'on',
  );

/** Per-provider settings: which are on, their keys and addresses, their limits and allowances. */
const providerSettingsSchema = z
  .object({
    key: z.string().min(1).optional(),
    keyId: z.string().min(1).optional(),
    url: z.string().url().optional(),
    /** Calls in flight across all workers; unset = the provider's written default. */
    concurrency: positiveInt.optional(),
    /** Requests per `ratePerMs`; unset = the provider's written default. */
    rateMax: positiveInt.optional(),
    ratePerMs: positiveInt.optional(),
    /** Allowances; unset = unlimited. */
    creditsPerDay: nonNegativeInt.optional(),
    creditsPerMonth: nonNegativeInt.optional(),
  })
  .strict();

export type ProviderSettings = z.infer<typeof providerSettingsSchema>;

/** Host names as DNS writes them (letters, digits, hyphens, underscores; an optional final dot). */
const HOST_NAME = /^[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*\.?$/i;

/** One entry of the fetch allow-list, checked at start-up rather than at the first fetch. */
const fetchAllowEntry = z
  .string()
  .trim()
  .min(1)
  .refine(
    (entry) =>
      entry.includes('/')
        ? ipaddr.isValidCIDR(entry)
        : isIP(entry.replace(/^\[|\]$/g, '')) > 0 || HOST_NAME.test(entry),
    {
      error: (issue) =>
        `"${String(issue.input)}" is not a host name, an IP address or a CIDR range (such as wiki.internal,10.20.0.0/16)`,
    },
  );

export const configSchema = z
  .object({
    /** Where Redis answers. Default: the local default port, which `npm start` can start itself. */
    redisUrl: z.string().url().default('redis://127.0.0.1:6379'),
    /** Every key lives under this prefix; the braces are a hash tag so a Redis Cluster keeps them on one slot. */
    prefix: z
      .string()
      .regex(/^\{[A-Za-z0-9:_-]+\}$/, 'a hash tag in braces, such as {quarry}')
      .default('{quarry}'),
    /** Start a `redis-server` child process when nothing answers at the default address. */
    embeddedRedis: booleanish.default(true),
    /** Folder for the embedded Redis, the admin token, stored pictures and icons. */
    dataDir: z.string().default('./data'),
    /** The HTTP server binds loopback by default: expose it on purpose, not by accident. */
    host: z.string().default('127.0.0.1'),
    port: z.coerce.number().int().min(0).max(65_535).default(8787),
    /** Operators' token for the dashboard and the admin API; generated at first start when unset. */
    adminToken: z.string().min(16).optional(),
    /** Log level for pino. */
    logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

    /** Provider order; those listed are on. Unset = the providers that need nothing from the user. */
    providerOrder: z.array(z.string().min(1)).optional(),
    providers: z.record(z.string(), providerSettingsSchema).default({}),
    /** How long a failed provider rests when it gave no Retry-After, per failure kind, in ms. */
    rest: z
      .object({
        auth: nonNegativeInt.default(60 * 60_000), // a refused key will not fix itself soon
        credits: nonNegativeInt.default(60 * 60_000), // allowances renew by day or month
        limit: nonNegativeInt.default(60_000), // rate limits are usually per minute or less
        blocked: nonNegativeInt.default(15 * 60_000), // bot checks clear slowly
        unavailable: nonNegativeInt.default(30_000), // outages are often brief
      })
      .strict()
      .prefault({}),
    /** A provider whose queue has waited this long is passed over for this call. */
    queueWaitMs: positiveInt.default(5_000),
    /** One provider request's time limit. */
    providerTimeoutMs: positiveInt.default(15_000),
    /** A whole tool call's time limit (all fallbacks included). */
    toolTimeoutMs: positiveInt.default(60_000),
    /** Workers in this process (`npm start` and `npm run worker`). */
    workerConcurrency: positiveInt.default(50),
    /** Workers: job locks, finding stalled jobs (a worker that died mid-job), and shutting down. */
    worker: z
      .object({
        /** A running job's lock lasts this long and is renewed at half of it; a dead worker's lock lapses after it. */
        lockMs: positiveInt.default(30_000),
        /** How often workers look for jobs whose worker died; such a job is handed to another worker. */
        stalledIntervalMs: positiveInt.default(30_000),
        /** On SIGTERM/SIGINT, jobs in flight get this long to finish; those still running are handed back. */
        shutdownGraceMs: positiveInt.default(25_000),
      })
      .strict()
      .prefault({}),
    /** A run's budgets are kept this long after they were set (a long research run fits well inside). */
    runBudgetSeconds: positiveInt.default(7 * 24 * 3_600),
    /** Finished jobs kept so late waiters still find their result. */
    keepFinished: z
      .object({
        ageSeconds: positiveInt.default(3_600),
        count: positiveInt.default(1_000),
      })
      .strict()
      .prefault({}),

    /** Safe fetch and read_page. */
    fetch: z
      .object({
        /** Hosts and CIDR ranges the operator allows even though they are not public (tests, self-hosted pages). */
        allow: z.array(fetchAllowEntry).default([]),
        maxRedirects: nonNegativeInt.default(5),
        /** Largest body, also after decompression: 10 MiB holds nearly every article and most PDFs. */
        maxBytes: positiveInt.default(10 * 1024 * 1024),
        /** Whole request, redirects included. */
        timeoutMs: positiveInt.default(20_000),
        /** Until the response headers arrive. */
        headerTimeoutMs: positiveInt.default(10_000),
        userAgent: z.string().default('Mozilla/5.0 (compatible; Quarry/0.1; +https://github.com/quarry)'),
      })
      .strict()
      .prefault({}),
    read: z
      .object({
        /** About this many characters per part: a few screens, small enough for an agent's context. */
        partSize: positiveInt.default(6_000),
        /** Fetched pages stay in Redis this long, so reading part 2 does not fetch again. */
        cacheSeconds: nonNegativeInt.default(15 * 60),
        /**
         * An OpenAI-compatible embeddings API (`<url>/embeddings`: Ollama, a text-embeddings server,
         * OpenAI) that reranks a question's passages by meaning. Unset: the local ranking alone.
         */
        embeddings: z
          .object({
            url: z.string().url(),
            model: z.string().min(1, 'name the embedding model (QUARRY_EMBEDDINGS_MODEL)'),
            apiKey: z.string().min(1).optional(),
          })
          .strict()
          .optional(),
      })
      .strict()
      .prefault({}),
    media: z
      .object({
        wikipediaUrl: z.string().url().default('https://en.wikipedia.org'),
        youtubeUrl: z.string().url().default('https://www.youtube.com'),
        /** Items looked up at once within one find_media call. */
        concurrency: positiveInt.default(4),
        /** A host without an icon is not asked again for this long: a site rarely adds one within a week. */
        iconMissingSeconds: positiveInt.default(7 * 24 * 3_600),
        /** Side of the kept icon PNG: 32 px is sharp next to a citation on high-density screens, and tiny. */
        iconSize: positiveInt.max(256, 'at most 256 pixels: site icons are small').default(32),
      })
      .strict()
      .prefault({}),
    /** The MCP endpoint (`/mcp`). */
    mcp: z
      .object({
        /**
         * Browser origins allowed to call /mcp besides the server's own loopback ones (localhost, 127.0.0.1,
         * [::1]): a foreign web page must never reach a local server through its visitor's browser.
         */
        allowedOrigins: z.array(z.string().min(1)).default([]),
        /**
         * Host names /mcp answers to besides loopback ones, when the server is exposed on purpose. Any other
         * Host header is refused: that stops DNS-rebinding attacks on a loopback server.
         */
        allowedHosts: z.array(z.string().min(1)).default([]),
        /** A session with no requests for this long is closed: agents reconnect with a new one in one step. */
        sessionIdleSeconds: positiveInt.default(30 * 60),
        /**
         * A session's token is looked up again at most this often (a revoked token stops within it), which
         * spares each call a Redis round trip. 0 checks it on every request.
         */
        tokenRecheckMs: nonNegativeInt.default(5_000),
      })
      .strict()
      .prefault({}),
  })
  .strict();

export type Config = z.infer<typeof configSchema>;
type ConfigInput = z.input<typeof configSchema>;

/** Environment variable → the setting it sets (a path in the configuration). */
const ENVIRONMENT: Array<[string, string[]]> = [
  ['REDIS_URL', ['redisUrl']],
  ['QUARRY_PREFIX', ['prefix']],
  ['QUARRY_EMBEDDED_REDIS', ['embeddedRedis']],
  ['QUARRY_DATA_DIR', ['dataDir']],
  ['HOST', ['host']],
  ['PORT', ['port']],
  ['QUARRY_ADMIN_TOKEN', ['adminToken']],
  ['LOG_LEVEL', ['logLevel']],
  ['QUARRY_PROVIDERS', ['providerOrder']],
  ['QUARRY_QUEUE_WAIT_MS', ['queueWaitMs']],
  ['QUARRY_PROVIDER_TIMEOUT_MS', ['providerTimeoutMs']],
  ['QUARRY_TOOL_TIMEOUT_MS', ['toolTimeoutMs']],
  ['QUARRY_WORKER_CONCURRENCY', ['workerConcurrency']],
  ['QUARRY_LOCK_MS', ['worker', 'lockMs']],
  ['QUARRY_STALLED_INTERVAL_MS', ['worker', 'stalledIntervalMs']],
  ['QUARRY_SHUTDOWN_GRACE_MS', ['worker', 'shutdownGraceMs']],
  ['QUARRY_RUN_BUDGET_SECONDS', ['runBudgetSeconds']],
  ['QUARRY_KEEP_FINISHED_SECONDS', ['keepFinished', 'ageSeconds']],
  ['QUARRY_KEEP_FINISHED_COUNT', ['keepFinished', 'count']],
  ['QUARRY_FETCH_ALLOW', ['fetch', 'allow']],
  ['QUARRY_FETCH_MAX_REDIRECTS', ['fetch', 'maxRedirects']],
  ['QUARRY_FETCH_MAX_BYTES', ['fetch', 'maxBytes']],
  ['QUARRY_FETCH_TIMEOUT_MS', ['fetch', 'timeoutMs']],
  ['QUARRY_FETCH_HEADER_TIMEOUT_MS', ['fetch', 'headerTimeoutMs']],
  ['QUARRY_FETCH_USER_AGENT', ['fetch', 'userAgent']],
  ['QUARRY_READ_PART_SIZE', ['read', 'partSize']],
  ['QUARRY_READ_CACHE_SECONDS', ['read', 'cacheSeconds']],
  ['QUARRY_EMBEDDINGS_URL', ['read', 'embeddings', 'url']],
  ['QUARRY_EMBEDDINGS_MODEL', ['read', 'embeddings', 'model']],
  ['QUARRY_EMBEDDINGS_API_KEY', ['read', 'embeddings', 'apiKey']],
  ['QUARRY_WIKIPEDIA_URL', ['media', 'wikipediaUrl']],
  ['QUARRY_YOUTUBE_URL', ['media', 'youtubeUrl']],
  ['QUARRY_MEDIA_CONCURRENCY', ['media', 'concurrency']],
  ['QUARRY_ICON_MISSING_SECONDS', ['media', 'iconMissingSeconds']],
  ['QUARRY_ICON_SIZE', ['media', 'iconSize']],
  ['QUARRY_MCP_ALLOWED_ORIGINS', ['mcp', 'allowedOrigins']],
  ['QUARRY_MCP_ALLOWED_HOSTS', ['mcp', 'allowedHosts']],
  ['QUARRY_MCP_SESSION_IDLE_SECONDS', ['mcp', 'sessionIdleSeconds']],
  ['QUARRY_MCP_TOKEN_RECHECK_MS', ['mcp', 'tokenRecheckMs']],
];

/** Settings that hold lists take comma-separated values from the environment. */
const LIST_SETTINGS = new Set(['mcp.allowedOrigins', 'mcp.allowedHosts', 'providerOrder', 'fetch.allow']);

/** Each vendor's usual key variables. `QUARRY_<ID>_URL` and `QUARRY_<ID>_KEY` work for every provider. */
const PROVIDER_ENVIRONMENT: Array<[string, string, keyof ProviderSettings]> = [
  ['BRAVE_API_KEY', 'brave', 'key'],
  ['TAVILY_API_KEY', 'tavily', 'key'],
  ['EXA_API_KEY', 'exa', 'key'],
  ['SERPER_API_KEY', 'serper', 'key'],
  ['GOOGLE_API_KEY', 'google', 'key'],
  ['GOOGLE_CSE_ID', 'google', 'keyId'],
  ['SEARXNG_URL', 'searxng', 'url'],
  // QUARRY_WIKIPEDIA_URL is find_media's Wikipedia; search has its own so the two can differ.
  ['QUARRY_WIKIPEDIA_SEARCH_URL', 'wikipedia', 'url'],
];

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function setPath(input: Record<string, unknown>, path: string[], value: unknown): void {
  let target = input;
  for (const name of path.slice(0, -1)) target = section(target, name);
  target[path[path.length - 1]!] = value;
}

function section(input: Record<string, unknown>, name: string): Record<string, unknown> {
  const existing = input[name];
  if (existing && typeof existing === 'object') return existing as Record<string, unknown>;
  const created: Record<string, unknown> = {};
  input[name] = created;
  return created;
}

function providerSection(input: Record<string, unknown>, id: string): Record<string, unknown> {
  return section(section(input, 'providers'), id);
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Reads the settings file (if any) and the environment, validates, and returns the configuration. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const settingsPath = resolve(environment.QUARRY_SETTINGS ?? './data/settings.json');
  let input: Record<string, unknown> = {};
  if (existsSync(settingsPath)) {
    try {
      input = JSON.parse(readFileSync(settingsPath, 'utf8')) as Record<string, unknown>;
    } catch (error) {
      throw new ConfigError(
        `The settings file ${settingsPath} is not valid JSON (${(error as Error).message}); fix it or point QUARRY_SETTINGS elsewhere.`,
      );
    }
  }
  for (const [name, path] of ENVIRONMENT) {
    const value = environment[name];
    if (value === undefined || value === '') continue;
    setPath(input, path, LIST_SETTINGS.has(path.join('.')) ? splitList(value) : value);
  }
  for (const [name, provider, field] of PROVIDER_ENVIRONMENT) {
    const value = environment[name];
    if (value) providerSection(input, provider)[field] = value;
  }
  // Each provider's declared variables (keyEnv, keyIdEnv, url.env): a new provider needs no line here.
  for (const provider of PROVIDERS) {
    const declared: Array<[string | undefined, keyof ProviderSettings]> = [
      [provider.keyEnv, 'key'],
      [provider.keyIdEnv, 'keyId'],
      [provider.url?.env, 'url'],
    ];
    for (const [name, field] of declared) {
      const value = name ? environment[name] : undefined;
      if (value) providerSection(input, provider.id)[field] = value;
    }
  }
  for (const [name, value] of Object.entries(environment)) {
    const match = /^QUARRY_([A-Z0-9]+)_(URL|KEY)$/.exec(name);
    if (!match || !value || ['WIKIPEDIA', 'YOUTUBE'].includes(match[1]!)) continue;
    providerSection(input, match[1]!.toLowerCase())[match[2] === 'URL' ? 'url' : 'key'] = value;
  }
  return parseConfig(input as ConfigInput);
}

/** Validates a configuration object; tests build theirs with this. */
export function parseConfig(input: ConfigInput): Config {
  const parsed = configSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const setting = issue.path.join('.') || '(settings)';
    return `- ${setting}: ${issue.message}${settingHint(issue.path.map(String))}`;
  });
  throw new ConfigError(`Quarry's configuration is not valid:\n${problems.join('\n')}`);
}

function settingHint(path: string[]): string {
  const dotted = path.join('.');
  const variable = ENVIRONMENT.find(([, settingPath]) => dotted.startsWith(settingPath.join('.')))?.[0];
  if (variable) return ` (environment variable ${variable})`;
  if (path[0] === 'providers' && path[1])
    return ` (QUARRY_${path[1].toUpperCase()}_URL or _KEY, or the vendor's key variable)`;
  return '';
}
