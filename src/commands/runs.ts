// `quarry runs list|show ID|cancel ID|events ID|report ID`: research runs, through the server's REST API (the
// server is where runs start and are watched; this keeps one way in, with the operator token).
// The server is QUARRY_URL, else this machine's Quarry at HOST:PORT; the operator token is
// QUARRY_ADMIN_TOKEN, else the one kept in the data folder. Also the client `quarry run` uses.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Command, InvalidArgumentError } from 'commander';
import { loadConfig } from '../config.ts';
import type { RunEvent } from '../research/run-events.ts';
import { RUN_STATUSES } from '../research/run-status.ts';
import type { RunView } from '../research/run-view.ts';
import { adminTokenPath } from '../server/admin-token.ts';
import { typedWholeNumber } from './typed-number.ts';

/** Exit codes: 2 for bad input (the message says what to change), 1 for a failure at run time. */
const EXIT_FAILURE = 1;
const EXIT_BAD_INPUT = 2;

/** A failure the command reports in one line, with its exit code. */
export class RunsCommandError extends Error {
  override readonly name = 'RunsCommandError';
  readonly exitCode: number;
  constructor(message: string, exitCode = EXIT_FAILURE) {
    super(message);
    this.exitCode = exitCode;
  }
}

/** How often a follower reconnects to a dropped event stream before it gives up. */
const RECONNECTS = 5;
const RECONNECT_WAIT_MS = 1_000;

export class RunsClient {
  readonly url: string;
  readonly #token: string;

  constructor(url: string, token: string) {
    this.url = url.replace(/\/+$/, '');
    this.#token = token;
  }

  /** The server and token from the environment and settings, as the other commands find them. */
  static fromEnvironment(environment: NodeJS.ProcessEnv = process.env): RunsClient {
    const config = loadConfig(environment);
    const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
    const url = environment.QUARRY_URL || `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
    let token = config.adminToken;
    if (!token) {
      const path = adminTokenPath(config);
      if (existsSync(path)) token = readFileSync(path, 'utf8').trim();
    }
    if (!token) {
      throw new RunsCommandError(
        `No operator token: set QUARRY_ADMIN_TOKEN, or run this where Quarry keeps it (${adminTokenPath(config)}, made at the server's first start; QUARRY_DATA_DIR).`,
        EXIT_BAD_INPUT,
      );
    }
    return new RunsClient(url, token);
  }

  async request<Body>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    let response: Response;
    try {
      response = await fetch(`${this.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.#token}`,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
    } catch (error) {
      throw new RunsCommandError(
        `Quarry's server does not answer at ${this.url} (${(error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message}): start it (npm start) or point QUARRY_URL at it.`,
      );
    }
    return response as Response & { json(): Promise<Body> };
  }

  async #json<Body>(method: string, path: string, body?: unknown): Promise<Body> {
    const response = await this.request<Body>(method, path, body);
    if (response.ok) return response.json();
    const answer = (await response.json().catch(() => ({}))) as { error?: string };
    const message = answer.error ?? `${method} ${path} answered ${response.status}.`;
    // A refused token, an unknown run or a bad field is the caller's to fix; the server's failure is not.
    throw new RunsCommandError(
      message,
      response.status >= 400 && response.status < 500 ? EXIT_BAD_INPUT : EXIT_FAILURE,
    );
  }

  start(request: Record<string, unknown>): Promise<RunView> {
    return this.#json('POST', '/api/runs', request);
  }

  get(runId: string): Promise<RunView> {
    return this.#json('GET', `/api/runs/${encodeURIComponent(runId)}`);
  }

  list(options: {
    status?: string;
    limit?: number;
    before?: string;
  }): Promise<{ runs: RunView[]; next: string | null }> {
    const query = new URLSearchParams();
    if (options.status) query.set('status', options.status);
    if (options.limit !== undefined) query.set('limit', String(options.limit));
    if (options.before) query.set('before', options.before);
    const text = query.toString();
    return this.#json('GET', `/api/runs${text ? `?${text}` : ''}`);
  }

  /**
   * The run's report in a format (json, md, html), as the server renders it. HTML comes standalone
   * (its thumbnails and icons inside it), and Markdown names its pictures by this server's address
   * (`base_url`): what the command writes is kept as a file, away from the server.
   */
  async report(runId: string, format: string): Promise<string> {
    const query = new URLSearchParams({ format });
    if (format === 'html') query.set('standalone', 'true');
    if (format === 'md') query.set('base_url', this.url);
    const path = `/api/runs/${encodeURIComponent(runId)}/report?${query.toString()}`;
    const response = await this.request('GET', path);
    const text = await response.text();
    if (response.ok) return text;
    let message = `GET ${path} answered ${response.status}.`;
    try {
      message = (JSON.parse(text) as { error?: string }).error ?? message;
    } catch {
      // not JSON: the status says it
    }
    throw new RunsCommandError(
      message,
      response.status >= 400 && response.status < 500 ? EXIT_BAD_INPUT : EXIT_FAILURE,
    );
  }

  cancel(runId: string): Promise<RunView> {
    return this.#json('POST', `/api/runs/${encodeURIComponent(runId)}/cancel`);
  }

  async events(runId: string): Promise<RunEvent[]> {
    return (
      await this.#json<{ events: RunEvent[] }>(
        'GET',
        `/api/runs/${encodeURIComponent(runId)}/events?format=json`,
      )
    ).events;
  }

  /**
   * Each event of the run as it happens (Server-Sent Events), until the run ends; a dropped stream is
   * taken up again after the last event seen (Last-Event-ID), so nothing is missed or repeated.
   */
  async *follow(runId: string, signal?: AbortSignal): AsyncGenerator<RunEvent> {
    let lastId: string | undefined;
    for (let attempt = 0; ; attempt++) {
      const response = await this.request('GET', `/api/runs/${encodeURIComponent(runId)}/events`, undefined, {
        accept: 'text/event-stream',
        ...(lastId ? { 'last-event-id': lastId } : {}),
      });
      if (!response.ok || !response.body) {
        const answer = (await response.json().catch(() => ({}))) as { error?: string };
        throw new RunsCommandError(
          answer.error ?? `The run's events answered ${response.status}.`,
          response.status < 500 ? EXIT_BAD_INPUT : EXIT_FAILURE,
        );
      }
      try {
        for await (const message of serverSentEvents(response.body, signal)) {
          if (message.event === 'end') return;
          if (!message.id || !message.event) continue;
          lastId = message.id;
          yield {
            id: message.id,
            type: message.event as RunEvent['type'],
            data: JSON.parse(message.data) as Record<string, unknown>,
          };
        }
      } catch (error) {
        if (signal?.aborted) return;
        if (attempt >= RECONNECTS) throw error;
      }
      if (signal?.aborted) return;
      // The stream ended without `end`: the server went away mid-run. Take it up again after a pause.
      if (attempt >= RECONNECTS) {
        throw new RunsCommandError(
          `The run's event stream kept dropping (${RECONNECTS} times): \`npx quarry runs show ${runId}\` says where it is.`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, RECONNECT_WAIT_MS));
    }
  }
}

/** Reads a Server-Sent Events body into its messages (id, event, data). */
async function* serverSentEvents(
  body: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
): AsyncGenerator<{ id?: string; event?: string; data: string }> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', cancel, { once: true });
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const message: { id?: string; event?: string; data: string } = { data: '' };
        for (const line of block.split('\n')) {
          const colon = line.indexOf(':');
          if (colon <= 0) continue;
          const field = line.slice(0, colon);
          const value = line.slice(colon + 1).replace(/^ /, '');
          if (field === 'id') message.id = value;
          else if (field === 'event') message.event = value;
          else if (field === 'data') message.data = message.data ? `${message.data}\n${value}` : value;
        }
        yield message;
      }
    }
  } finally {
    signal?.removeEventListener('abort', cancel);
  }
}

// ---- How runs and their steps are printed ----

const BAR_WIDTH = 20;

/** `[██████░░░░░░░░░░░░░░] 6/20`: how much of the search budget is spent. */
export function budgetBar(used: number, limit: number | null): string {
  if (limit === null || limit <= 0) return `${used} searches`;
  const filled = Math.min(BAR_WIDTH, Math.round((used / limit) * BAR_WIDTH));
  return `[${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}] ${used}/${limit}`;
}

function shorten(text: string, width: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > width ? `${line.slice(0, width - 1)}…` : line;
}

/** The fields the printed lines use, as the run's stream writes them (see src/research). */
interface EventFields {
  at?: string;
  to?: string;
  reason?: string;
  tool?: string;
  arguments?: { query?: string; url?: string };
  ok?: boolean;
  error?: string;
  provider?: string;
  results_count?: number;
  page?: { n?: number; title?: string; url?: string };
  budget?: { searches?: { used: number; limit: number | null } };
  duration_ms?: number;
  kind?: string;
  text?: string;
  input_tokens?: number;
  output_tokens?: number;
  cost_usd?: number;
}

function toolLine(data: EventFields): string {
  const what =
    data.tool === 'web_search'
      ? `web_search "${shorten(data.arguments?.query ?? '', 60)}"`
      : data.tool === 'read_page'
        ? `read_page ${shorten(data.arguments?.url ?? '', 70)}`
        : (data.tool ?? 'tool');
  let result = 'done';
  if (!data.ok) result = `refused: ${shorten(data.error ?? '', 100)}`;
  else if (data.tool === 'web_search')
    result = `${data.provider ?? '?'}, ${data.results_count ?? 0} result${data.results_count === 1 ? '' : 's'}`;
  else if (data.tool === 'read_page')
    result = `[${data.page?.n ?? '?'}] ${shorten(data.page?.title ?? data.page?.url ?? '', 60)}`;
  const budget = data.budget?.searches;
  return `${what} → ${result}  ${budget ? budgetBar(budget.used, budget.limit) : ''}  ${data.duration_ms ?? 0} ms`;
}

/** One line per step, for the live view and `quarry runs events`. */
export function describeEvent(event: RunEvent): string | undefined {
  const data = event.data as EventFields;
  const at = typeof data.at === 'string' ? data.at.slice(11, 19) : '';
  if (event.type === 'status') return `${at} ── ${data.to ?? '?'}${data.reason ? `: ${data.reason}` : ''}`;
  if (event.type === 'tool') return `${at}   ${toolLine(data)}`.trimEnd();
  if (data.kind === 'message') return `${at}   agent: ${shorten(data.text ?? '', 160)}`;
  if (data.kind === 'usage') {
    const parts = [
      data.input_tokens !== undefined ? `${data.input_tokens} in` : undefined,
      data.output_tokens !== undefined ? `${data.output_tokens} out` : undefined,
      data.cost_usd !== undefined ? `$${data.cost_usd.toFixed(4)}` : undefined,
    ].filter(Boolean);
    return parts.length > 0 ? `${at}   usage: ${parts.join(', ')}` : undefined;
  }
  // The agent's own view of its tool calls: Quarry's record (the tool lines) already says them.
  return undefined;
}

/** A run in a few lines, for `quarry runs show` and the end of `quarry run --follow`. */
export function describeRun(run: RunView): string {
  const lines = [
    `${run.id}  ${run.status}  ${run.agent}${run.model ? ` (${run.model})` : ''}`,
    `question: ${run.question}`,
    `budget:   ${budgetBar(run.budget.used, run.budget.limit)}${run.read_budget ? `, reads ${run.read_budget.used}/${run.read_budget.limit}` : ''}${run.media_budget ? `, media ${run.media_budget.used}/${run.media_budget.limit}` : ''}`,
    `started:  ${run.started_at ?? '(not yet)'}${run.ended_at ? `   ended: ${run.ended_at}` : ''}   attempts: ${run.attempts}`,
  ];
  if (run.reason) lines.push(`reason:   ${run.reason}`);
  if (run.cost_usd !== null) lines.push(`cost:     $${run.cost_usd.toFixed(4)}`);
  if (run.answer) lines.push('', run.answer);
  return lines.join('\n');
}

/** The pages the answer cites by [n], as the run's own tools returned them (title and address). */
export function citedSources(
  answer: string,
  events: RunEvent[],
): Array<{ n: number; title?: string; url: string }> {
  const pages = new Map<number, { title?: string; url: string }>();
  for (const event of events) {
    if (event.type !== 'tool' || !event.data.ok) continue;
    const results = (event.data.results ?? []) as Array<{ n?: number; title?: string; url?: string }>;
    const page = event.data.page as { n?: number; title?: string; url?: string } | undefined;
    for (const item of page ? [...results, page] : results) {
      if (typeof item.n === 'number' && item.url)
        pages.set(item.n, { ...(item.title ? { title: item.title } : {}), url: item.url });
    }
  }
  const cited = [...new Set([...answer.matchAll(/\[(\d{1,4})\]/g)].map((match) => Number(match[1])))];
  return cited
    .sort((a, b) => a - b)
    .flatMap((n) => {
      const page = pages.get(n);
      return page ? [{ n, ...page }] : [];
    });
}

function limitNumber(value: string): number {
  const number = typedWholeNumber(value);
  if (!Number.isInteger(number) || number < 1 || number > 200)
    throw new InvalidArgumentError('--limit takes a whole number from 1 to 200, such as 20.');
  return number;
}

function statusList(value: string): string {
  const unknown = value
    .split(',')
    .filter((status) => !(RUN_STATUSES as readonly string[]).includes(status.trim()));
  if (unknown.length > 0)
    throw new InvalidArgumentError(
      `--status takes one or more (comma-separated) of ${RUN_STATUSES.join(', ')}.`,
    );
  return value;
}

function reportFormat(value: string): string {
  if (!['md', 'html', 'json'].includes(value))
    throw new InvalidArgumentError('--format takes md, html or json.');
  return value;
}

/** Runs a runs command: its failure is one line on standard error and its exit code. */
export async function reportFailures(action: () => Promise<void>): Promise<void> {
  try {
    await action();
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = error instanceof RunsCommandError ? error.exitCode : EXIT_FAILURE;
  }
}

export function registerRunsCommand(program: Command): void {
  const runs = program
    .command('runs')
    .description('Research runs on the Quarry server (QUARRY_URL): list, show, cancel, events, report.');

  runs
    .command('list')
    .description('Runs, newest first.')
    .option('--status <statuses>', `only runs in these statuses (${RUN_STATUSES.join(', ')})`, statusList)
    .option('--limit <count>', 'at most this many (default 20)', limitNumber)
    .option('--before <run id>', 'the page after this run (the `next` of the previous page)')
    .option('--json', 'print JSON instead of text')
    .action((flags: { status?: string; limit?: number; before?: string; json?: boolean }) =>
      reportFailures(async () => {
        const page = await RunsClient.fromEnvironment().list(flags);
        if (flags.json) {
          process.stdout.write(`${JSON.stringify(page)}\n`);
          return;
        }
        if (page.runs.length === 0) {
          process.stderr.write('No runs: start one with `npx quarry run "question" --agent claude-code`.\n');
          return;
        }
        for (const run of page.runs) {
          process.stdout.write(
            `${run.id}  ${run.status.padEnd(11)}  ${run.created_at}  ${budgetBar(run.budget.used, run.budget.limit)}  ${shorten(run.question, 60)}\n`,
          );
        }
        if (page.next) process.stderr.write(`More: npx quarry runs list --before ${page.next}\n`);
      }),
    );

  runs
    .command('show <id>')
    .description('A run: status, budget, times, reason, answer.')
    .option('--json', 'print the run record as JSON')
    .action((id: string, flags: { json?: boolean }) =>
      reportFailures(async () => {
        const run = await RunsClient.fromEnvironment().get(id);
        process.stdout.write(flags.json ? `${JSON.stringify(run)}\n` : `${describeRun(run)}\n`);
      }),
    );

  runs
    .command('cancel <id>')
    .description('Cancel a run: its agent is stopped and the run ends cancelled.')
    .option('--json', 'print the run record as JSON')
    .action((id: string, flags: { json?: boolean }) =>
      reportFailures(async () => {
        const run = await RunsClient.fromEnvironment().cancel(id);
        process.stdout.write(flags.json ? `${JSON.stringify(run)}\n` : `${run.id} ${run.status}\n`);
      }),
    );

  runs
    .command('report <id>')
    .description("A run's report: its answer, checked citations, sources and kept pictures.")
    .option('--format <format>', 'md, html or json (default md)', reportFormat, 'md')
    .option('--output <file>', 'write it to this file instead of standard output')
    .action((id: string, flags: { format: string; output?: string }) =>
      reportFailures(async () => {
        const text = await RunsClient.fromEnvironment().report(id, flags.format);
        if (flags.output) {
          writeFileSync(flags.output, text);
          process.stderr.write(`Wrote ${id}'s report (${flags.format}) to ${flags.output}.\n`);
        } else process.stdout.write(text);
      }),
    );

  runs
    .command('events <id>')
    .description("A run's steps so far; with --follow, each new one as it happens, until the run ends.")
    .option('--follow', 'keep printing steps until the run ends')
    .option('--json', 'print each event as a JSON line')
    .action((id: string, flags: { follow?: boolean; json?: boolean }) =>
      reportFailures(async () => {
        const client = RunsClient.fromEnvironment();
        const print = (event: RunEvent) => {
          const line = flags.json ? JSON.stringify(event) : describeEvent(event);
          if (line) process.stdout.write(`${line}\n`);
        };
        if (flags.follow) for await (const event of client.follow(id)) print(event);
        else for (const event of await client.events(id)) print(event);
      }),
    );
}
