// Scenario 5, bad input at every door: property-based fuzzing (fast-check) of
// - the three tools' arguments over MCP (a real MCP client over Streamable HTTP against a real server
//   process): random JSON values per field, wrong types, huge strings, unicode, unknown keys;
// - the REST API's bodies and parameters (/api/runs, /api/tokens, /api/runs/:id/budget, ...);
// - the command line's flags (`quarry ...` as separate processes: few cases, spawning is slow);
// - provider answers (every provider Quarry has, asked through a loopback server that answers
//   truncated JSON, wrong types, huge bodies, the wrong charset), and the chain moving on.
// Properties: the server never crashes (alive, /healthz answers); every reply is a result or an error
// of the right kind (MCP: an isError result for bad arguments, a protocol error only for an unknown
// tool; HTTP: 4xx with a JSON error for a bad body, never 5xx; CLI: exit code 2; a provider: a
// SearchError, never a TypeError); and every error message says what to change (names the field,
// the flag, or the provider and its setting). Nothing reaches the internet: the server knows only
// Brave, pointed at a loopback fake; every address an argument could make Quarry fetch is loopback or
// private; the provider door's fetch refuses anything but its loopback server.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import { MemoryRestState, searchChain, type ChainAnswer } from '../src/providers/chain.ts';
import { PROVIDERS } from '../src/providers/index.ts';
import { parseQuery } from '../src/providers/operators.ts';
import { SearchError, type SearchProvider } from '../src/providers/types.ts';
import { connectClient, deleteKeys, RECORDED, startFakeProviders, text } from '../test/mcp/quarry-harness.ts';
import { startArticleServer } from './article-server.ts';
import { freePort } from './reliability-redis-restart.ts';
import { startProcess, type Started } from './ready-process.ts';
import type { ReliabilityScenario, ScenarioContext, ScenarioFigures } from './reliability-scenario.ts';

export interface BadInputSizes {
  mcpCases: number;
  restCases: number;
  cliCases: number;
  providerCases: number;
  /** fast-check's seed, so a failure found once is found again (printed with the figures). */
  seed?: number;
}

const BENCH_SIZES: BadInputSizes = { mcpCases: 2_000, restCases: 2_000, cliCases: 48, providerCases: 2_000 };

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER_SCRIPT = fileURLToPath(new URL('./bad-input-server-process.ts', import.meta.url));
const CLI = join(ROOT, 'src/cli.ts');
/** Command-line cases run this many processes at once. */
const CLI_AT_ONCE = 4;
/** A request with no answer after this long is a hang (counted as a fault). */
const HANG_MS = 30_000;

/** One property that did not hold: which door, what was sent, what came back. */
export interface Fault {
  door: string;
  input: string;
  got: string;
}

// ---------------------------------------------------------------------------------------------
// Values

/** Strings that break things: empty, blanks, control characters, unicode of every plane, long. */
const nastyString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '\t\n', '\u0000', '\u202e', '\ud800', '😀'.repeat(300), 'null', '[]', '{}'),
  fc.string({ minLength: 401, maxLength: 5_000 }),
  fc.constant('x'.repeat(200_000)),
);

/** Any JSON value, the nasty strings included. */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: nastyString },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -0, 2 ** 53 + 2) },
  { weight: 1, arbitrary: fc.array(nastyString, { maxLength: 30 }) },
);

/** A field's value: mostly a plausible one, often anything at all. */
function field(plausible: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 4, arbitrary: plausible }, { weight: 1, arbitrary: anyJson });
}

/** An object of some of these fields, sometimes with a key nobody asked for. */
function objectOf(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .tuple(
      fc.record(fields, { requiredKeys: [] }),
      fc.option(fc.tuple(fc.string({ minLength: 1, maxLength: 20 }), anyJson), { freq: 4 }),
    )
    .map(([record, extra]) => {
      const value: Record<string, unknown> = { ...record };
      if (extra && !(extra[0] in fields) && extra[0] !== '__proto__') value[extra[0]] = extra[1];
      return value;
    });
}

// ---------------------------------------------------------------------------------------------
// Offline: no address an argument holds may lead Quarry to the internet.

/** Whether a string is an http(s) address whose host is not an IP literal (a name: a DNS look-up). */
function reachesOut(value: string): boolean {
  try {
    const address = new URL(value);
    if (address.protocol !== 'http:' && address.protocol !== 'https:') return false;
    return !/^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i.test(address.hostname);
  } catch {
    return false;
  }
}

/** Page addresses for read_page and find_media rows: loopback articles, private and odd addresses, junk. */
function pageAddress(articles: string): fc.Arbitrary<unknown> {
  return fc
    .oneof(
      fc.nat({ max: 50 }).map((n) => `${articles}/fuzz/${n}`),
      fc.constantFrom(
        'http://10.0.0.1/',
        'http://192.168.1.1/admin',
        'http://169.254.169.254/latest/meta-data/',
        'http://[::1]:9/',
        'http://127.0.0.1:9/closed',
        'http://0.0.0.0/',
        'file:///etc/passwd',
        'ftp://127.0.0.1/',
        'javascript:alert(1)',
        'data:text/html,<b>x</b>',
        'http://',
        'https://user:pass@127.0.0.1:9/',
      ),
      anyJson,
    )
    .map((value) => (typeof value === 'string' && reachesOut(value) ? `${articles}/fuzz/named` : value));
}

// ---------------------------------------------------------------------------------------------
// Door 1: the tools over MCP

const TOOL_FIELDS = {
  web_search: [
    'query',
    'k',
    'sites',
    'exclude_sites',
    'from',
    'to',
    'recency',
    'languages',
    'file_types',
    'categories',
    'homepages_only',
    'provider',
  ],
  read_page: ['url', 'question', 'part'],
  find_media: ['items', 'video', 'k', 'language'],
} as const;

type ToolName = keyof typeof TOOL_FIELDS;

function toolArguments(articles: string): fc.Arbitrary<{ tool: ToolName; args: Record<string, unknown> }> {
  const day = fc.oneof(
    fc
      .date({ min: new Date('1990-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10)),
    fc.constantFrom('2024-02-31', '2024-13-01', '24-1-1', 'yesterday'),
  );
  const webSearch = objectOf({
    query: field(fc.string({ minLength: 1, maxLength: 60 })),
    k: field(fc.integer({ min: -5, max: 120 })),
    sites: field(fc.array(fc.constantFrom('nature.com', 'example.org/path', ''), { maxLength: 25 })),
    exclude_sites: field(fc.array(fc.string({ maxLength: 20 }), { maxLength: 25 })),
    from: field(day),
    to: field(day),
    recency: field(fc.constantFrom('day', 'week', 'month', 'year', 'decade', 'any')),
    languages: field(fc.array(fc.constantFrom('en', 'de', 'EN', 'eng', 'e'), { maxLength: 12 })),
    file_types: field(fc.array(fc.constantFrom('html', 'pdf', 'doc'), { maxLength: 3 })),
    categories: field(fc.array(fc.constantFrom('news', 'science', 'News', 'x'), { maxLength: 6 })),
    homepages_only: field(fc.boolean()),
    // Brave is the only provider the server knows; any other id is unknown there.
    provider: field(fc.constantFrom('brave', 'bravee', 'searxng', 'BRAVE', '')),
  });
  const readPage = objectOf({
    url: pageAddress(articles),
    question: field(fc.string({ maxLength: 80 })),
    part: field(fc.integer({ min: -2, max: 40 })),
  });
  const item = fc.oneof(
    fc.string({ maxLength: 30 }),
    objectOf({
      name: field(fc.string({ maxLength: 30 })),
      year: field(fc.oneof(fc.integer({ min: 1800, max: 2030 }), fc.string({ maxLength: 6 }))),
      site: field(fc.constantFrom('nature.com', '')),
      url: pageAddress(articles),
    }),
    anyJson,
  );
  const findMedia = objectOf({
    items: field(fc.array(item, { maxLength: 6 })),
    video: field(fc.boolean()),
    k: field(fc.integer({ min: -1, max: 8 })),
    language: field(fc.constantFrom('en', 'de', 'deu', 'english', '')),
  });
  // Good arguments too, a quarter of the time: a door that refuses everything would pass the rest.
  const good = fc.oneof(
    fc
      .record(
        {
          query: fc.string({ minLength: 1, maxLength: 60 }).filter((words) => /[\p{L}\p{N}]/u.test(words)),
          k: fc.integer({ min: 1, max: 20 }),
          recency: fc.constantFrom('day', 'week', 'month', 'year'),
          languages: fc.array(fc.constantFrom('en', 'de', 'fr'), { maxLength: 2 }),
        },
        { requiredKeys: ['query'] },
      )
      .map((args) => ({ tool: 'web_search' as const, args })),
    fc
      .record(
        {
          url: fc.nat({ max: 50 }).map((n) => `${articles}/fuzz/${n}`),
          question: fc.string({ minLength: 1, maxLength: 60 }).filter((words) => words.trim().length > 0),
          part: fc.integer({ min: 1, max: 2 }),
        },
        { requiredKeys: ['url'] },
      )
      .map((args) => ({ tool: 'read_page' as const, args })),
    fc
      .record({
        items: fc.array(
          fc.string({ minLength: 1, maxLength: 20 }).filter((name) => name.trim().length > 0),
          { minLength: 1, maxLength: 3 },
        ),
      })
      .map((args) => ({ tool: 'find_media' as const, args })),
  );
  return fc.oneof(
    { weight: 1, arbitrary: good },
    webSearch.map((args) => ({ tool: 'web_search' as const, args })),
    readPage.map((args) => ({ tool: 'read_page' as const, args })),
    findMedia.map((args) => ({ tool: 'find_media' as const, args })),
  ) as fc.Arbitrary<{ tool: ToolName; args: Record<string, unknown> }>;
}

/** Whether an error text names what to change: a field of the tool, a key sent, or the address read. */
function namesWhatToChange(message: string, tool: ToolName, args: Record<string, unknown>): boolean {
  const names = [...TOOL_FIELDS[tool], ...Object.keys(args)];
  if (typeof args.url === 'string' && args.url.length > 0) {
    names.push(args.url.slice(0, 60));
    // A refused address is named by its host.
    if (URL.canParse(args.url)) names.push(new URL(args.url).hostname.replace(/^\[|\]$/g, ''));
  }
  return names.some((name) => name.length > 0 && message.includes(name));
}

async function fuzzTools(
  mcpUrl: string,
  token: string,
  articles: string,
  cases: number,
  seed: number,
  faults: Fault[],
): Promise<Record<string, number>> {
  const client: Client = await connectClient(mcpUrl, token, 'bad-input-fuzz');
  const counts = { results: 0, tool_errors: 0, unknown_tool_protocol_errors: 0 };
  try {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          { weight: 20, arbitrary: toolArguments(articles) },
          {
            weight: 1,
            arbitrary: fc
              .string({ maxLength: 30 })
              .filter((name) => !(name in TOOL_FIELDS))
              .map((name) => ({ tool: name as ToolName, args: {} })),
          },
        ),
        async ({ tool, args }) => {
          const known = tool in TOOL_FIELDS;
          const input = `${tool} ${JSON.stringify(args).slice(0, 300)}`;
          let result: CallToolResult;
          try {
            result = (await client.callTool({ name: tool, arguments: args }, undefined, {
              timeout: HANG_MS,
            })) as CallToolResult;
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            if (!known && /unknown tool|not found/i.test(message)) counts.unknown_tool_protocol_errors += 1;
            else faults.push({ door: 'mcp', input, got: `protocol error: ${message.slice(0, 300)}` });
            return;
          }
          if (!known) {
            faults.push({
              door: 'mcp',
              input,
              got: `an unknown tool answered: ${text(result).slice(0, 200)}`,
            });
            return;
          }
          if (!result.isError) {
            counts.results += 1;
            return;
          }
          counts.tool_errors += 1;
          const message = text(result);
          if (!namesWhatToChange(message, tool, args))
            faults.push({ door: 'mcp', input, got: `error naming no field: ${message.slice(0, 300)}` });
        },
      ),
      { numRuns: cases, seed, endOnFailure: false },
    );
  } finally {
    await client.close().catch(() => undefined);
  }
  return counts;
}

// ---------------------------------------------------------------------------------------------
// Door 2: the REST API

interface RestCase {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  contentType?: string;
}

/** Known fields of each body, for "the error names what to change". */
const REST_FIELDS = [
  'question',
  'agent',
  'budget',
  'read_budget',
  'media_budget',
  'time_limit',
  'mode',
  'run_id',
  'agent_kind',
  'label',
  'research',
  'research_agent',
  'ttl_seconds',
  'model',
  'options',
  'status',
  'limit',
  'before',
  'format',
  'body',
  'JSON',
  'run id',
];

function restCases(): fc.Arbitrary<RestCase> {
  const runId = fc.oneof(
    fc.constantFrom('run-1', 'no-such-run', 'a'.repeat(101), '..', '%00', 'run%2Fx', '🙂'),
    fc.string({ minLength: 1, maxLength: 40 }).map((value) => encodeURIComponent(value)),
  );
  const body = fc.oneof(
    {
      weight: 4,
      arbitrary: objectOf({
        question: field(fc.string({ maxLength: 80 })),
        agent: field(fc.constantFrom('openai', 'claude-code', 'codex', 'command:echo', 'nobody', '')),
        budget: field(fc.integer({ min: -3, max: 200_000 })),
        read_budget: field(fc.integer({ min: -3, max: 50 })),
        media_budget: field(fc.integer({ min: -3, max: 50 })),
        mode: field(fc.constantFrom('normal', 'deep', 'shallow')),
        run_id: field(fc.constantFrom('run-a', 'bad id', '')),
        agent_kind: field(fc.constantFrom('claude-code', 'robot')),
        label: field(fc.string({ maxLength: 250 })),
        research: field(fc.boolean()),
        ttl_seconds: field(fc.integer({ min: 0, max: 10_000_000 })),
      }).map((value) => JSON.stringify(value)),
    },
    { weight: 2, arbitrary: anyJson.map((value) => JSON.stringify(value) ?? 'undefined') },
    { weight: 1, arbitrary: nastyString },
    {
      weight: 1,
      arbitrary: fc
        .jsonValue({ maxDepth: 2 })
        .chain((value) =>
          fc.nat({ max: 200 }).map((cut) => JSON.stringify({ question: value }).slice(0, cut)),
        ),
    },
  );
  const contentType = fc.constantFrom(
    'application/json',
    'text/plain',
    'application/x-www-form-urlencoded',
    'application/json; charset=latin1',
    undefined,
  );
  const query = (names: string[]) =>
    fc
      .array(
        fc.tuple(
          fc.constantFrom(...names),
          nastyString.filter((v) => v.length < 500),
        ),
        { maxLength: 3 },
      )
      .map((pairs) => (pairs.length ? `?${new URLSearchParams(pairs).toString()}` : ''));
  return fc.oneof(
    fc.record({ body, contentType }).map(({ body, contentType }) => ({
      method: 'POST' as const,
      path: '/api/runs',
      body,
      contentType,
    })),
    fc.record({ body, contentType }).map(({ body, contentType }) => ({
      method: 'POST' as const,
      path: '/api/tokens',
      body,
      contentType,
    })),
    fc.record({ runId, body, contentType }).map(({ runId, body, contentType }) => ({
      method: 'POST' as const,
      path: `/api/runs/${runId}/budget`,
      body,
      contentType,
    })),
    runId.map((id) => ({ method: 'GET' as const, path: `/api/runs/${id}/budget` })),
    runId.map((id) => ({ method: 'GET' as const, path: `/api/runs/${id}` })),
    runId.map((id) => ({ method: 'POST' as const, path: `/api/runs/${id}/cancel` })),
    fc
      .tuple(runId, query(['format', 'after']))
      .map(([id, q]) => ({ method: 'GET' as const, path: `/api/runs/${id}/events${q}` })),
    fc
      .tuple(runId, query(['format']))
      .map(([id, q]) => ({ method: 'GET' as const, path: `/api/runs/${id}/report${q}` })),
    query(['status', 'limit', 'before']).map((q) => ({ method: 'GET' as const, path: `/api/runs${q}` })),
  );
}

async function fuzzRest(
  url: string,
  adminToken: string,
  cases: number,
  seed: number,
  faults: Fault[],
): Promise<Record<string, number>> {
  const counts = { answered_2xx: 0, answered_4xx: 0 };
  await fc.assert(
    fc.asyncProperty(restCases(), async (request) => {
      const input = `${request.method} ${request.path} ${request.contentType ?? ''} ${(request.body ?? '').slice(0, 300)}`;
      let response: Response;
      try {
        response = await fetch(`${url}${request.path}`, {
          method: request.method,
          headers: {
            authorization: `Bearer ${adminToken}`,
            ...(request.contentType ? { 'content-type': request.contentType } : {}),
          },
          ...(request.body !== undefined ? { body: request.body } : {}),
          signal: AbortSignal.timeout(HANG_MS),
        });
      } catch (error) {
        faults.push({ door: 'rest', input, got: `no answer: ${String(error)}` });
        return;
      }
      const type = response.headers.get('content-type') ?? '';
      // A stream (a run's events) answered as one: enough that it started.
      const body = type.includes('text/event-stream') ? '' : await response.text();
      if (response.status >= 500) {
        faults.push({ door: 'rest', input, got: `${response.status} ${body.slice(0, 300)}` });
        return;
      }
      if (response.status < 400) {
        counts.answered_2xx += 1;
        return;
      }
      counts.answered_4xx += 1;
      let error: unknown;
      try {
        error = (JSON.parse(body) as { error?: unknown }).error;
      } catch {
        // not JSON
      }
      if (typeof error !== 'string') {
        faults.push({
          door: 'rest',
          input,
          got: `${response.status} without a JSON error: ${body.slice(0, 300)}`,
        });
        return;
      }
      // A 404 for a run that does not exist says so; a 400 names what to change.
      if (response.status === 400 && !REST_FIELDS.some((name) => error.includes(name)))
        faults.push({ door: 'rest', input, got: `400 naming no field: ${error.slice(0, 300)}` });
    }),
    { numRuns: cases, seed, endOnFailure: false },
  );
  return counts;
}

// ---------------------------------------------------------------------------------------------
// Door 3: the command line

interface CliCase {
  args: string[];
  /** What stderr must name. */
  names: string;
}

/** A value that is surely not a whole number in range (commander's `--flag=value` form: no dash trouble). */
const notACount = fc.oneof(
  fc.string({ maxLength: 12 }).filter((value) => !/^\s*\d+\s*$/.test(value)),
  fc.constantFrom('-1', '1.5', '1e3', '0x10', '٣', 'NaN', 'Infinity'),
);

function cliCases(): fc.Arbitrary<CliCase> {
  const flagged = (prefix: string[], flag: string, values: fc.Arbitrary<string>) =>
    values.map((value) => ({ args: [...prefix, `${flag}=${value}`], names: flag }));
  const unknownFlag = fc
    .tuple(
      fc.constantFrom(
        ['search', 'tokyo'],
        ['read', 'http://127.0.0.1:9/'],
        ['token', 'create'],
        ['runs', 'list'],
      ),
      fc.stringMatching(/^[a-z][a-z-]{2,12}$/),
    )
    .map(([prefix, name]) => ({ args: [...prefix, `--zz-${name}`], names: `--zz-${name}` }));
  return fc.oneof(
    unknownFlag,
    flagged(['search', 'tokyo'], '--k', fc.oneof(notACount, fc.constantFrom('0', '101', '100000'))),
    flagged(['search', 'tokyo'], '--recency', fc.constantFrom('decade', 'DAY', '', 'weekly')),
    flagged(['search', 'tokyo'], '--from', fc.constantFrom('2024-02-31', 'yesterday', '2024-1-1', '')),
    flagged(['search', 'tokyo'], '--language', fc.constantFrom('eng', 'E', '12', '')),
    flagged(['search', 'tokyo'], '--provider', fc.constantFrom('bravee', 'no such', 'brave2')),
    flagged(['read', 'http://127.0.0.1:9/'], '--part', fc.oneof(notACount, fc.constant('0'))),
    flagged(['token', 'create'], '--budget', fc.oneof(notACount, fc.constant('0'))),
    flagged(['token', 'create'], '--ttl', notACount),
    flagged(['budget', 'set', 'run-1'], '--searches', notACount),
    flagged(['runs', 'list'], '--status', fc.constantFrom('done', 'RUNNING', 'running,nope')),
    flagged(['runs', 'list'], '--limit', fc.oneof(notACount, fc.constant('0'))),
    flagged(['runs', 'report', 'run-1'], '--format', fc.constantFrom('pdf', 'MD', 'txt')),
  );
}

function runCli(
  args: string[],
  environment: Record<string, string>,
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...environment },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), HANG_MS * 2);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

async function fuzzCli(cases: number, seed: number, faults: Fault[]): Promise<Record<string, number>> {
  // Should a case be valid after all, it cannot reach anything: no Redis, no provider but a closed port.
  const environment = {
    QUARRY_SETTINGS: 'none',
    REDIS_URL: 'redis://127.0.0.1:1',
    QUARRY_EMBEDDED_REDIS: 'false',
    QUARRY_PROVIDERS: 'searxng',
    SEARXNG_URL: 'http://127.0.0.1:1',
    LOG_LEVEL: 'silent',
  };
  const samples = fc.sample(cliCases(), { numRuns: cases, seed });
  let exitedTwo = 0;
  for (let start = 0; start < samples.length; start += CLI_AT_ONCE) {
    await Promise.all(
      samples.slice(start, start + CLI_AT_ONCE).map(async (sample) => {
        const run = await runCli(sample.args, environment);
        const input = `quarry ${sample.args.join(' ')}`;
        if (run.code !== 2)
          faults.push({ door: 'cli', input, got: `exit ${run.code}: ${run.stderr.slice(0, 300)}` });
        else if (!run.stderr.includes(sample.names))
          faults.push({
            door: 'cli',
            input,
            got: `exit 2 not naming ${sample.names}: ${run.stderr.slice(0, 300)}`,
          });
        else exitedTwo += 1;
      }),
    );
  }
  return { exited_2_naming_the_flag: exitedTwo };
}

// ---------------------------------------------------------------------------------------------
// Door 4: provider answers

interface ProviderAnswerCase {
  status: number;
  contentType: string;
  body: Buffer;
  label: string;
}

/** Shapes vendors answer in, filled with wrong types: where the results would be, something else. */
const RESULT_FIELDS = [
  'results',
  'web',
  'organic',
  'items',
  'data',
  'hits',
  'query',
  'news',
  'documents',
  'search',
];

function providerAnswers(): fc.Arbitrary<ProviderAnswerCase> {
  const json = (label: string, value: fc.Arbitrary<string>) =>
    value.map((text) => ({ status: 200, contentType: 'application/json', body: Buffer.from(text), label }));
  const wrongTypes = fc
    .dictionary(
      fc.constantFrom(...RESULT_FIELDS),
      fc.oneof(
        anyJson,
        fc.array(
          fc.dictionary(
            fc.constantFrom('title', 'url', 'link', 'snippet', 'description', 'content', 'date'),
            anyJson,
            { maxKeys: 5 },
          ),
          { maxLength: 5 },
        ),
      ),
      { maxKeys: 4 },
    )
    .map((value) => JSON.stringify(value));
  return fc.oneof(
    json(
      'random JSON',
      anyJson.map((value) => JSON.stringify(value) ?? 'null'),
    ),
    json('wrong types', wrongTypes),
    json(
      'truncated JSON',
      fc
        .tuple(wrongTypes, fc.nat())
        .map(([text, cut]) => text.slice(0, text.length > 1 ? cut % (text.length - 1) : 0)),
    ),
    fc
      .tuple(fc.constantFrom('text/html', 'text/plain', 'application/octet-stream', ''), nastyString)
      .map(([type, text]) => ({
        status: 200,
        contentType: type,
        body: Buffer.from(text),
        label: 'not JSON',
      })),
    // The wrong charset: UTF-16 and Latin-1 bytes of a JSON answer, and bytes that are no UTF-8 at all.
    fc.tuple(wrongTypes, fc.constantFrom('utf16le', 'latin1')).map(([text, encoding]) => ({
      status: 200,
      contentType: `application/json; charset=${encoding === 'latin1' ? 'utf-8' : 'utf-16'}`,
      body: Buffer.from(`{"title":"Ünïcödé ✓",${text.slice(1)}`, encoding as BufferEncoding),
      label: 'wrong charset',
    })),
    fc.uint8Array({ maxLength: 200 }).map((bytes) => ({
      status: 200,
      contentType: 'application/json; charset=utf-8',
      body: Buffer.from(bytes),
      label: 'random bytes',
    })),
    fc.constantFrom(9, 12).map((megabytes) => ({
      status: 200,
      contentType: 'application/json',
      body: Buffer.from(
        `{"results":[${'{"title":"x","url":"https://example.org/"},'.repeat((megabytes * 1_048_576) / 40)}{}]}`,
      ),
      label: 'huge',
    })),
    fc
      .tuple(fc.constantFrom(400, 401, 402, 403, 404, 429, 500, 502, 503), nastyString)
      .map(([status, text]) => ({
        status,
        contentType: 'application/json',
        body: Buffer.from(text),
        label: `HTTP ${status}`,
      })),
  );
}

async function fuzzProviders(cases: number, seed: number, faults: Fault[]): Promise<Record<string, number>> {
  let next: ProviderAnswerCase = {
    status: 200,
    contentType: 'application/json',
    body: Buffer.from('{}'),
    label: '',
  };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(next.status, next.contentType ? { 'content-type': next.contentType } : {});
      response.end(next.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Every request must go to the loopback server: a provider that ignored its address would go out.
  const loopbackOnly: typeof fetch = (input, init) => {
    const address = input instanceof Request ? input.url : String(input);
    if (!address.startsWith(base)) return Promise.reject(new Error(`refused to leave loopback: ${address}`));
    return fetch(input, init);
  };
  const ctx = { key: 'fuzz-key', keyId: 'fuzz-engine', url: base, fetch: loopbackOnly, timeoutMs: 10_000 };
  const query = parseQuery('bad answers', { k: 5 });
  const good: SearchProvider = {
    ...PROVIDERS[0]!,
    id: 'good',
    name: 'Good',
    search: async () => ({
      results: [{ title: 'Fine', url: 'https://example.org/', snippet: '' }],
      ignored: [],
    }),
  };
  const counts = { answers_read: 0, search_errors: 0, chain_moved_on: 0 };
  try {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PROVIDERS), providerAnswers(), async (provider, answer) => {
        next = answer;
        const input = `${provider.id} ${answer.label} HTTP ${answer.status} ${answer.contentType} ${answer.body.subarray(0, 160).toString('latin1')}`;
        try {
          const result = await provider.search(query, ctx);
          const wellFormed = result.results.every(
            (item) =>
              typeof item.title === 'string' &&
              typeof item.url === 'string' &&
              typeof item.snippet === 'string',
          );
          if (!wellFormed)
            faults.push({
              door: 'provider',
              input,
              got: `ill-formed results: ${JSON.stringify(result).slice(0, 300)}`,
            });
          else counts.answers_read += 1;
        } catch (error) {
          if (!(error instanceof SearchError)) {
            faults.push({
              door: 'provider',
              input,
              got: `not a SearchError: ${String(error).slice(0, 300)}`,
            });
            return;
          }
          counts.search_errors += 1;
          if (!error.message.includes(provider.name) && !error.message.includes(provider.id))
            faults.push({
              door: 'provider',
              input,
              got: `message naming no provider: ${error.message.slice(0, 300)}`,
            });
          if (answer.status === 200 && error.kind !== 'unavailable' && error.kind !== 'invalid')
            faults.push({
              door: 'provider',
              input,
              got: `a 200 answer read as ${error.kind}: ${error.message.slice(0, 200)}`,
            });
          // The chain moves on to the next provider, saying why this one was passed over.
          const chained = await searchChain(query, [{ provider, ...ctx }, { provider: good }], ctx, {
            rest: new MemoryRestState(),
            restMs: { auth: 1, credits: 1, limit: 1, blocked: 1, unavailable: 1 },
          }).catch((caught: unknown) => caught);
          const answeredByNext =
            chained instanceof Object &&
            (chained as Partial<ChainAnswer>).provider === 'good' &&
            (chained as ChainAnswer).skipped.some((skipped) => skipped.provider === provider.id);
          if (error.kind !== 'invalid' && !answeredByNext)
            faults.push({
              door: 'provider',
              input,
              got: `the chain did not move on: ${String(chained).slice(0, 200)}`,
            });
          else counts.chain_moved_on += 1;
        }
      }),
      { numRuns: cases, seed, endOnFailure: false },
    );
  } finally {
    await new Promise((resolve) => {
      server.close(resolve);
      server.closeAllConnections();
    });
  }
  return counts;
}

// ---------------------------------------------------------------------------------------------
// The scenario

/** Runs the scenario; `faults` collects every property that did not hold (the figures count them). */
export async function runBadInput(
  context: ScenarioContext,
  sizes: BadInputSizes = BENCH_SIZES,
  faults: Fault[] = [],
): Promise<ScenarioFigures> {
  const seed = sizes.seed ?? Math.floor(Math.random() * 2 ** 31);
  // Brave's recorded answer with every address in it made loopback, so find_media's page look-ups stay home.
  const braveBody = JSON.parse(
    JSON.stringify((RECORDED.brave() as { body: unknown }).body).replace(
      /https?:\/\/[^"\\\s]+/g,
      'http://127.0.0.1:9/page',
    ),
  ) as unknown;
  const fakes = await startFakeProviders({ brave: { kind: 'answer', body: braveBody } });
  const articles = await startArticleServer();
  const dir = mkdtempSync(join(tmpdir(), 'quarry-bad-input-'));
  const port = await freePort();
  const prefix = `{rel-fuzz-${process.pid}}`;
  const adminToken = `fuzz-operator-${Math.random().toString(36).slice(2)}${Date.now()}`;
  const url = `http://127.0.0.1:${port}`;
  let server: Started | undefined;
  try {
    server = await startProcess(
      'the server',
      [SERVER_SCRIPT],
      {
        REDIS_URL: context.redisUrl,
        QUARRY_PREFIX: prefix,
        QUARRY_SETTINGS: 'none',
        QUARRY_DATA_DIR: dir,
        QUARRY_EMBEDDED_REDIS: 'false',
        QUARRY_ADMIN_TOKEN: adminToken,
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        QUARRY_PROVIDERS: 'brave',
        QUARRY_BRAVE_URL: fakes.url('brave'),
        QUARRY_BRAVE_KEY: 'fuzz-brave-key',
        QUARRY_BRAVE_CONCURRENCY: '50',
        QUARRY_BRAVE_RATE: '100000',
        QUARRY_FETCH_ALLOW: '127.0.0.1',
        // find_media's look-ups: a loopback route that answers 404.
        QUARRY_WIKIPEDIA_URL: fakes.url('nowhere'),
        QUARRY_YOUTUBE_URL: fakes.url('nowhere'),
      },
      'Quarry is listening at',
    );
    const alive = () => server!.child.exitCode === null && server!.child.signalCode === null;
    const healthy = async () => {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(10_000) }).catch(
        () => undefined,
      );
      return alive() && response?.status === 200;
    };
    const tokenResponse = await fetch(`${url}/api/tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: '{"label":"fuzz"}',
    });
    const { token } = (await tokenResponse.json()) as { token: string };

    const figures: ScenarioFigures = { seed };
    let healthChecks = 0;
    let healthFailures = 0;
    const check = async (door: string) => {
      healthChecks += 1;
      if (!(await healthy())) {
        healthFailures += 1;
        faults.push({
          door,
          input: '(after the door)',
          got: 'the server is down or /healthz does not answer',
        });
      }
    };

    context.log(`  MCP: ${sizes.mcpCases} calls`);
    Object.assign(
      figures,
      prefixed('mcp', await fuzzTools(`${url}/mcp`, token, articles.url, sizes.mcpCases, seed, faults)),
    );
    figures.mcp_cases = sizes.mcpCases;
    await check('mcp');
    context.log(`  REST: ${sizes.restCases} requests`);
    Object.assign(figures, prefixed('rest', await fuzzRest(url, adminToken, sizes.restCases, seed, faults)));
    figures.rest_cases = sizes.restCases;
    await check('rest');
    context.log(`  CLI: ${sizes.cliCases} processes`);
    Object.assign(figures, prefixed('cli', await fuzzCli(sizes.cliCases, seed, faults)));
    figures.cli_cases = sizes.cliCases;
    context.log(`  providers: ${sizes.providerCases} answers over ${PROVIDERS.length} providers`);
    Object.assign(figures, prefixed('provider', await fuzzProviders(sizes.providerCases, seed, faults)));
    figures.provider_cases = sizes.providerCases;
    await check('provider');

    Object.assign(figures, {
      cases: sizes.mcpCases + sizes.restCases + sizes.cliCases + sizes.providerCases,
      server_alive: alive(),
      health_checks: healthChecks,
      health_failures: healthFailures,
      faults: faults.length,
      faults_mcp: faults.filter((fault) => fault.door === 'mcp').length,
      faults_rest: faults.filter((fault) => fault.door === 'rest').length,
      faults_cli: faults.filter((fault) => fault.door === 'cli').length,
      faults_provider: faults.filter((fault) => fault.door === 'provider').length,
    });
    // The first fault of each door, whole enough to reproduce.
    for (const door of ['mcp', 'rest', 'cli', 'provider']) {
      const first = faults.find((fault) => fault.door === door);
      if (first) figures[`first_fault_${door}`] = `${first.input} → ${first.got}`;
    }
    return figures;
  } finally {
    if (server && server.child.exitCode === null) {
      const exited = new Promise((resolve) => server!.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      server.child.kill('SIGKILL');
    }
    await fakes.close();
    await articles.close();
    await deleteKeys(prefix);
    rmSync(dir, { recursive: true, force: true });
  }
}

function prefixed(door: string, counts: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(counts).map(([name, value]) => [`${door}_${name}`, value]));
}

export const badInputScenario: ReliabilityScenario = {
  name: 'bad-input',
  promise:
    'Thousands of random, wrong-typed, huge and unicode inputs at every door (MCP tool arguments, REST bodies, CLI flags, provider answers): the server never crashes, every reply is a result or an error of the right kind, and every error says what to change.',
  run: (context) => runBadInput(context),
};
