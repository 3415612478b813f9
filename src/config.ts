// One validated configuration: environment variables over the live settings store (src/settings) over
// the settings file (JSON, `QUARRY_SETTINGS`, default `<QUARRY_DATA_DIR>/settings.json`). Each setting
// has a written default and a reason; a bad value stops start-up with a message that names the setting,
// where it was set (the variable, the flag, the store, the file) and what it accepts.
import { existsSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { PROVIDERS } from './providers/index.ts';
import { DEFAULT_PART_SIZE } from './web/read-html.ts';
import { DEFAULT_READ_CACHE_SECONDS } from './web/read-page.ts';
import { MEDIA_DEFAULTS } from './media/media-defaults.ts';
import { FETCH_DEFAULTS } from './web/safe-fetch.ts';
import { AGENT_DEFAULTS } from './research/agents/agent-defaults.ts';

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
    /** Off keeps the provider in the order but asks it no more (the order lists those that may be on). */
    enabled: booleanish.optional(),
    /** Allowances; unset = unlimited. */
    creditsPerDay: nonNegativeInt.optional(),
    creditsPerMonth: nonNegativeInt.optional(),
  })
  .strict();

export type ProviderSettings = z.infer<typeof providerSettingsSchema>;

/** A run's time limit an agent's settings may give; `runs.maxTimeLimitSeconds` still caps it. */
const agentTimeLimit = positiveInt.optional();

/**
 * The runners' defaults (`agents.<kind>`, live: a change applies to the next run). The defaults and
 * their reasons: src/research/agents/agent-defaults.ts. Keys are write-only in every display.
 */
const agentsSchema = z
  .object({
    /** Quarry's own researcher: an OpenAI-compatible Chat Completions API. */
    openai: z
      .object({
        baseUrl: z.string().url().optional(),
        apiKey: z.string().min(1).optional(),
        model: z.string().min(1).optional(),
        maxTurns: positiveInt.default(AGENT_DEFAULTS.openai.maxTurns),
        timeLimitSeconds: agentTimeLimit,
      })
      .strict()
      .prefault({}),
    codex: z
      .object({
        command: z.string().min(1).default(AGENT_DEFAULTS.codex.command),
        /** A Responses API address (`https://host/v1`); unset, Codex's own login decides. */
        baseUrl: z.string().url().optional(),
        apiKey: z.string().min(1).optional(),
        model: z.string().min(1).optional(),
        /** The operator's ~/.codex/auth.json, copied into each run's CODEX_HOME. */
        loginFile: z.string().min(1).optional(),
        maxTurns: positiveInt.default(AGENT_DEFAULTS.codex.maxTurns),
        timeLimitSeconds: agentTimeLimit,
      })
      .strict()
      .prefault({}),
    'claude-code': z
      .object({
        command: z.string().min(1).default(AGENT_DEFAULTS['claude-code'].command),
        /** An Anthropic Messages address (a gateway); given to Claude Code as ANTHROPIC_BASE_URL. */
        baseUrl: z.string().url().optional(),
        /** Given to Claude Code as ANTHROPIC_API_KEY. */
        apiKey: z.string().min(1).optional(),
        model: z.string().min(1).optional(),
        /** The operator's ~/.claude/.credentials.json, copied into each run's home. */
        loginFile: z.string().min(1).optional(),
        maxTurns: positiveInt.default(AGENT_DEFAULTS['claude-code'].maxTurns),
        timeLimitSeconds: agentTimeLimit,
      })
      .strict()
      .prefault({}),
  })
  .strict()
  .prefault({});

export type AgentsConfig = z.infer<typeof agentsSchema>;

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
    /** Research runs: the `runs` queue, its workers, and how long a run is kept. */
    runs: z
      .object({
        /** Runs at once per worker process: each is an agent process working for minutes. */
        concurrency: positiveInt.default(2),
        /** Runs at once across every worker (Queue.setGlobalConcurrency): agents are heavy, a machine holds few. */
        maxRunning: positiveInt.default(8),
        /** Starts a run gets: a run whose worker died is started again until it has had this many, then fails. */
        attempts: positiveInt.default(2),
        /** A run's lock lasts this long, renewed at half of it; a dead worker's run is found after it lapses. */
        lockMs: positiveInt.default(60_000),
        /** How often workers look for runs whose worker died. */
        stalledIntervalMs: positiveInt.default(30_000),
        /** A run's time limit when its request gives none: long enough for a deep question. */
        timeLimitSeconds: positiveInt.default(30 * 60),
        /** The longest time limit a request may ask for (a day). */
        maxTimeLimitSeconds: positiveInt.default(24 * 3_600),
        /** A run's search budget when its request gives none. */
        budget: nonNegativeInt.default(40),
        /** Finished runs (record, events, budget, folder) are removed this many days after they started. */
        retentionDays: positiveInt.default(30),
        /** How often a worker removes the runs past their retention. */
        sweepIntervalSeconds: positiveInt.default(3_600),
        /** Events kept per run (XADD MAXLEN ~): a long run's thousands of steps fit; a runaway one is capped. */
        maxEvents: positiveInt.default(10_000),
        /** The MCP address agents are given; unset = this server's own `/mcp` on its host and port. */
        mcpUrl: z.string().url().optional(),
      })
      .strict()
      .prefault({}),
    /** The runners' defaults: models, addresses, keys, commands, turn and time limits (live). */
    agents: agentsSchema,
    /** Finished jobs kept so late waiters still find their result. */
    keepFinished: z
      .object({
        ageSeconds: positiveInt.default(3_600),
        count: positiveInt.default(1_000),
      })
      .strict()
      .prefault({}),

    /** Safe fetch and read_page; the defaults and their reasons live in src/web/safe-fetch.ts. */
    fetch: z
      .object({
        allow: z.array(fetchAllowEntry).default([...FETCH_DEFAULTS.allow]),
        maxRedirects: nonNegativeInt.default(FETCH_DEFAULTS.maxRedirects),
        maxBytes: positiveInt.default(FETCH_DEFAULTS.maxBytes),
        timeoutMs: positiveInt.default(FETCH_DEFAULTS.timeoutMs),
        headerTimeoutMs: positiveInt.default(FETCH_DEFAULTS.headerTimeoutMs),
        userAgent: z.string().default(FETCH_DEFAULTS.userAgent),
      })
      .strict()
      .prefault({}),
    /** read_page's parts and cache; defaults in src/web/read-html.ts and src/web/read-page.ts. */
    read: z
      .object({
        partSize: positiveInt.default(DEFAULT_PART_SIZE),
        cacheSeconds: nonNegativeInt.default(DEFAULT_READ_CACHE_SECONDS),
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
        // The defaults and their reasons: src/media/media-defaults.ts.
        wikipediaUrl: z.string().url().default(MEDIA_DEFAULTS.wikipediaUrl),
        youtubeUrl: z.string().url().default(MEDIA_DEFAULTS.youtubeUrl),
        /** Items looked up at once within one find_media call. */
        concurrency: positiveInt.default(MEDIA_DEFAULTS.concurrency),
        /** A host without an icon is not asked again for this long (seconds). */
        iconMissingSeconds: positiveInt.default(MEDIA_DEFAULTS.iconMissingSeconds),
        /** Side of the kept icon PNG (pixels). */
        iconSize: positiveInt
          .max(
            MEDIA_DEFAULTS.iconSizeMax,
            `at most ${MEDIA_DEFAULTS.iconSizeMax} pixels: site icons are small`,
          )
          .default(MEDIA_DEFAULTS.iconSize),
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
  ['QUARRY_RUNS_CONCURRENCY', ['runs', 'concurrency']],
  ['QUARRY_RUNS_MAX_RUNNING', ['runs', 'maxRunning']],
  ['QUARRY_RUN_ATTEMPTS', ['runs', 'attempts']],
  ['QUARRY_RUN_LOCK_MS', ['runs', 'lockMs']],
  ['QUARRY_RUN_STALLED_INTERVAL_MS', ['runs', 'stalledIntervalMs']],
  ['QUARRY_RUN_TIME_LIMIT_SECONDS', ['runs', 'timeLimitSeconds']],
  ['QUARRY_RUN_MAX_TIME_LIMIT_SECONDS', ['runs', 'maxTimeLimitSeconds']],
  ['QUARRY_RUN_BUDGET', ['runs', 'budget']],
  ['QUARRY_RUN_RETENTION_DAYS', ['runs', 'retentionDays']],
  ['QUARRY_RUN_SWEEP_INTERVAL_SECONDS', ['runs', 'sweepIntervalSeconds']],
  ['QUARRY_RUN_MAX_EVENTS', ['runs', 'maxEvents']],
  ['QUARRY_RUN_MCP_URL', ['runs', 'mcpUrl']],
  ['QUARRY_OPENAI_BASE_URL', ['agents', 'openai', 'baseUrl']],
  ['QUARRY_OPENAI_API_KEY', ['agents', 'openai', 'apiKey']],
  ['QUARRY_OPENAI_MODEL', ['agents', 'openai', 'model']],
  ['QUARRY_OPENAI_MAX_TURNS', ['agents', 'openai', 'maxTurns']],
  ['QUARRY_OPENAI_TIME_LIMIT_SECONDS', ['agents', 'openai', 'timeLimitSeconds']],
  ['QUARRY_CODEX_COMMAND', ['agents', 'codex', 'command']],
  ['QUARRY_CODEX_BASE_URL', ['agents', 'codex', 'baseUrl']],
  ['QUARRY_CODEX_API_KEY', ['agents', 'codex', 'apiKey']],
  ['QUARRY_CODEX_MODEL', ['agents', 'codex', 'model']],
  ['QUARRY_CODEX_AUTH_FILE', ['agents', 'codex', 'loginFile']],
  ['QUARRY_CODEX_MAX_TURNS', ['agents', 'codex', 'maxTurns']],
  ['QUARRY_CODEX_TIME_LIMIT_SECONDS', ['agents', 'codex', 'timeLimitSeconds']],
  ['QUARRY_CLAUDE_CODE_COMMAND', ['agents', 'claude-code', 'command']],
  ['ANTHROPIC_BASE_URL', ['agents', 'claude-code', 'baseUrl']],
  ['ANTHROPIC_API_KEY', ['agents', 'claude-code', 'apiKey']],
  ['QUARRY_CLAUDE_CODE_MODEL', ['agents', 'claude-code', 'model']],
  ['QUARRY_CLAUDE_CODE_CREDENTIALS', ['agents', 'claude-code', 'loginFile']],
  ['QUARRY_CLAUDE_CODE_MAX_TURNS', ['agents', 'claude-code', 'maxTurns']],
  ['QUARRY_CLAUDE_CODE_TIME_LIMIT_SECONDS', ['agents', 'claude-code', 'timeLimitSeconds']],
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

/** Settings that change while Quarry runs (the store's): every process follows a change within a second. */
export const LIVE_SETTINGS = [
  'providerOrder',
  'providers',
  'rest',
  'queueWaitMs',
  'providerTimeoutMs',
  'toolTimeoutMs',
  'runBudgetSeconds',
  'read',
  'media.wikipediaUrl',
  'media.youtubeUrl',
  'media.concurrency',
  'agents',
] as const;

/** Whether a dotted path is (inside) a live setting. */
export function isLiveSetting(path: string): boolean {
  return LIVE_SETTINGS.some((live) => path === live || path.startsWith(`${live}.`));
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

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Where each setting that is not a default came from, for messages and the settings display. */
export interface ConfigSources {
  /** The settings file read (or that would be read), resolved. */
  settingsPath: string;
  /** The settings file's content; `{}` when there is none. */
  fileInput: Record<string, unknown>;
  /** What the environment (and command-line flags) set, in the configuration's shape. */
  environmentInput: Record<string, unknown>;
  /** Dotted path → what fixed it: `the environment variable QUARRY_PROVIDERS`, `the --port flag`. */
  fixedBy: Map<string, string>;
  /** The provider ids an order may name. */
  providerIds: string[];
}

export interface ReadSourcesOptions {
  /**
   * Variables a command-line flag set, and the flag's name: `{ PORT: '--port' }`. A bad value then
   * names the flag the user gave, not the variable.
   */
  flags?: Record<string, string>;
  /** The provider ids that exist; default every provider Quarry has (tests pass their own). */
  providerIds?: readonly string[];
}

/** `QUARRY_SETTINGS=none` reads no settings file. */
const NO_SETTINGS_FILE = 'none';

/**
 * Reads the settings file and the environment. The file's default place follows `QUARRY_DATA_DIR`
 * (`<dataDir>/settings.json`) and may be missing; a file named by `QUARRY_SETTINGS` must exist.
 */
export function readConfigSources(
  environment: NodeJS.ProcessEnv = process.env,
  options: ReadSourcesOptions = {},
): ConfigSources {
  const named = environment.QUARRY_SETTINGS;
  const settingsPath =
    named === NO_SETTINGS_FILE
      ? '(none: QUARRY_SETTINGS=none)'
      : resolve(named || join(environment.QUARRY_DATA_DIR || './data', 'settings.json'));
  let fileInput: Record<string, unknown> = {};
  if (named === NO_SETTINGS_FILE) {
    // No file, on purpose.
  } else if (existsSync(settingsPath)) {
    try {
      fileInput = JSON.parse(readFileSync(settingsPath, 'utf8')) as Record<string, unknown>;
    } catch (error) {
      throw new ConfigError(
        `The settings file ${settingsPath} is not valid JSON (${(error as Error).message}); fix it or point QUARRY_SETTINGS elsewhere.`,
      );
    }
  } else if (named) {
    throw new ConfigError(
      `The settings file ${settingsPath} (QUARRY_SETTINGS) does not exist: create it, point QUARRY_SETTINGS at the file, or set QUARRY_SETTINGS=none to read no file.`,
    );
  }

  const input: Record<string, unknown> = {};
  const fixedBy = new Map<string, string>();
  const flags = options.flags ?? {};
  const fix = (path: string[], variable: string, value: unknown) => {
    setPath(input, path, value);
    fixedBy.set(
      path.join('.'),
      flags[variable] ? `the ${flags[variable]} flag` : `environment variable ${variable}`,
    );
  };
  for (const [name, path] of ENVIRONMENT) {
    const value = environment[name];
    if (value === undefined || value === '') continue;
    fix(path, name, LIST_SETTINGS.has(path.join('.')) ? splitList(value) : value);
  }
  for (const [name, provider, field] of PROVIDER_ENVIRONMENT) {
    const value = environment[name];
    if (value) fix(['providers', provider, field], name, value);
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
      if (value) fix(['providers', provider.id, field], name!, value);
    }
  }
  for (const [name, value] of Object.entries(environment)) {
    const match = /^QUARRY_([A-Z0-9]+)_(URL|KEY)$/.exec(name);
    if (!match || !value || ['WIKIPEDIA', 'YOUTUBE'].includes(match[1]!)) continue;
    fix(['providers', match[1]!.toLowerCase(), match[2] === 'URL' ? 'url' : 'key'], name, value);
  }
  const providerIds = [...(options.providerIds ?? PROVIDERS.map((provider) => provider.id))];
  // Per-provider limits: QUARRY_<ID>_CONCURRENCY (calls in flight) and QUARRY_<ID>_RATE (requests per second).
  for (const id of providerIds) {
    const stem = `QUARRY_${id.toUpperCase().replace(/-/g, '_')}`;
    const concurrency = environment[`${stem}_CONCURRENCY`];
    if (concurrency) fix(['providers', id, 'concurrency'], `${stem}_CONCURRENCY`, concurrency);
    const rate = environment[`${stem}_RATE`];
    if (rate) {
      const perSecond = Number(rate);
      if (!Number.isFinite(perSecond) || perSecond <= 0) {
        throw new ConfigError(
          `Quarry's configuration is not valid:\n- providers.${id}.rate: ${stem}_RATE is requests per second, a number above 0 (such as 2 or 0.5), not "${rate}" (${flagOrVariable(flags, `${stem}_RATE`)})`,
        );
      }
      const { rateMax, ratePerMs } = ratePerSecond(perSecond);
      fix(['providers', id, 'rateMax'], `${stem}_RATE`, rateMax);
      fix(['providers', id, 'ratePerMs'], `${stem}_RATE`, ratePerMs);
    }
  }
  return { settingsPath, fileInput, environmentInput: input, fixedBy, providerIds };
}

function flagOrVariable(flags: Record<string, string>, variable: string): string {
  return flags[variable] ? `the ${flags[variable]} flag` : `environment variable ${variable}`;
}

/**
 * Requests per second as BullMQ's limit (`max` per `duration` ms): whole numbers per second stay per
 * second; fewer than one a second becomes one per so many milliseconds (0.5 → 1 per 2000 ms).
 */
export function ratePerSecond(perSecond: number): { rateMax: number; ratePerMs: number } {
  if (perSecond >= 1 && Number.isInteger(perSecond)) return { rateMax: perSecond, ratePerMs: 1_000 };
  if (perSecond >= 1) return { rateMax: Math.round(perSecond * 10), ratePerMs: 10_000 };
  return { rateMax: 1, ratePerMs: Math.round(1_000 / perSecond) };
}

/** `target` with `source` laid over it, objects merged key by key (arrays and values replaced). */
export function mergeSettings(
  target: Record<string, unknown>,
  source: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...target };
  for (const [name, value] of Object.entries(source)) {
    const existing = merged[name];
    merged[name] = isPlainObject(value) && isPlainObject(existing) ? mergeSettings(existing, value) : value;
  }
  return merged;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The settings file without its live settings (those come from the store once it is seeded). */
export function withoutLiveSettings(input: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(input)) {
    const path = prefix ? `${prefix}.${name}` : name;
    if (isLiveSetting(path)) continue;
    if (isPlainObject(value) && LIVE_SETTINGS.some((live) => live.startsWith(`${path}.`))) {
      kept[name] = withoutLiveSettings(value, path);
    } else kept[name] = value;
  }
  return kept;
}

/**
 * The configuration from its sources: environment over the store over the file. With `stored` (the
 * settings store's content), the store replaces the file's live settings: it was seeded from them.
 */
export function buildConfig(sources: ConfigSources, stored?: Record<string, unknown>): Config {
  const base = stored ? mergeSettings(withoutLiveSettings(sources.fileInput), stored) : sources.fileInput;
  const input = mergeSettings(base, sources.environmentInput);
  const config = parseConfig(input as ConfigInput, (path) => {
    const dotted = path.join('.');
    for (const [fixed, by] of sources.fixedBy)
      if (dotted === fixed || dotted.startsWith(`${fixed}.`)) return by;
    if (stored && isLiveSetting(dotted)) return `the settings store: quarry settings set ${dotted} <value>`;
    return `the settings file ${sources.settingsPath}`;
  });
  checkProviderOrder(config, sources);
  return config;
}

/** An order naming a provider that does not exist, or one twice, stops start-up with the ids that exist. */
function checkProviderOrder(config: Config, sources: ConfigSources): void {
  if (!config.providerOrder) return;
  const fixedBy = sources.fixedBy.get('providerOrder');
  // Named as the user set it: the variable, or the setting (in the file or the store).
  const setting = fixedBy?.replace(/^environment variable /, '') ?? 'providerOrder';
  const seen = new Set<string>();
  for (const written of config.providerOrder) {
    const id = written.trim().toLowerCase();
    if (!sources.providerIds.includes(id)) {
      throw new ConfigError(
        `${setting} names "${written}", which is not a search provider: list some of ${sources.providerIds.join(', ')}.`,
      );
    }
    if (seen.has(id)) {
      throw new ConfigError(
        `${setting} names "${id}" twice: list each provider once, in the order to ask them.`,
      );
    }
    seen.add(id);
  }
}

/** Reads the settings file (if any) and the environment, validates, and returns the configuration. */
export function loadConfig(
  environment: NodeJS.ProcessEnv = process.env,
  options: ReadSourcesOptions = {},
): Config {
  return buildConfig(readConfigSources(environment, options));
}

/** Validates a configuration object; tests build theirs with this. `origin` says where a path was set. */
export function parseConfig(input: ConfigInput, origin?: (path: string[]) => string | undefined): Config {
  const parsed = configSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const path = issue.path.map(String);
    const setting = path.join('.') || '(settings)';
    const where = origin?.(path);
    return `- ${setting}: ${issueText(issue, valueAt(input, path))}${where ? ` (${where})` : ''}`;
  });
  throw new ConfigError(`Quarry's configuration is not valid:\n${problems.join('\n')}`);
}

function valueAt(input: unknown, path: string[]): unknown {
  let value = input;
  for (const name of path)
    value =
      isPlainObject(value) || Array.isArray(value) ? (value as Record<string, unknown>)[name] : undefined;
  return value;
}

/** Zod's message in a user's words where zod speaks of types: what was given and what is wanted. */
function issueText(issue: z.core.$ZodIssue, given: unknown): string {
  const shown = typeof given === 'string' ? `"${given}"` : JSON.stringify(given);
  if (issue.code === 'invalid_type' && issue.expected === 'number') return `expected a number, got ${shown}`;
  if (issue.code === 'invalid_format' && issue.format === 'url')
    return `expected a web address (such as http://localhost:8080), got ${shown}`;
  return issue.message;
}
