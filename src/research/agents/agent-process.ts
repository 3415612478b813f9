// Starting an agent's process and ending it with everything it started. Shared by the runners that
// drive a program (Claude Code, Codex, ACP agents, a command): each child leads its own process group,
// so a stop reaches the agent's own children too, and each carries a mark of its own in its
// environment, so what one started in a session of its own (a shell Codex opens with setsid) is found
// and ended too: nothing is left behind.
import { AsyncLocalStorage } from 'node:async_hooks';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { AgentRunError, type AgentEvent, type AgentRunInput } from './agent-runner.ts';

/** How long a stopped agent gets to end by itself before it is killed: enough to write its last line. */
export const STOP_GRACE_MS = 3_000;
/** How much of an agent's standard error is kept for the failure message. */
const STDERR_TAIL_CHARACTERS = 2_000;

/**
 * What a run's agent may see of Quarry's environment: the system basics and the proxy and certificate
 * settings an operator's network needs. Everything else (Quarry's own keys, REDIS_URL, the admin
 * token) stays out; each runner adds the few variables its agent needs by name.
 */
const PASSED_THROUGH = [
  'PATH',
  'LANG',
  'LC_ALL',
  'TZ',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'ALL_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'all_proxy',
  'no_proxy',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'NODE_EXTRA_CA_CERTS',
];

/** The environment for an agent's process: the basics passed through, HOME the run's own, then `extra`. */
export function agentEnvironment(
  environment: Record<string, string | undefined>,
  homeDir: string,
  extra: Record<string, string | undefined> = {},
): Record<string, string> {
  const result: Record<string, string> = {};
  for (const name of PASSED_THROUGH) {
    const value = environment[name];
    if (value !== undefined && value !== '') result[name] = value;
  }
  result.HOME = homeDir;
  for (const [name, value] of Object.entries(extra)) {
    if (value !== undefined && value !== '') result[name] = value;
  }
  return result;
}

/** The names of `environment`'s variables among `names` that are set, to pass them through. */
export function pick(
  environment: Record<string, string | undefined>,
  names: readonly string[],
): Record<string, string | undefined> {
  return Object.fromEntries(names.map((name) => [name, environment[name]]));
}

export interface AgentProcessOptions {
  /** For messages: `Claude Code`. */
  agentName: string;
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  /** Where the command can be changed, for the message when it is not found (`QUARRY_CLAUDE_CODE_COMMAND`). */
  commandSetting: string;
  /** `pipe` for agents spoken to over stdio (ACP); otherwise stdin is closed. */
  stdin?: 'ignore' | 'pipe';
  /** The first signal a stop sends (Claude Code ends cleanly on SIGINT); SIGTERM, then SIGKILL follow. */
  stopSignal?: NodeJS.Signals;
}

export interface AgentProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderrTail: string;
  /** Whether `stop()` was called before it ended. */
  stopped: boolean;
}

export interface AgentProcess {
  child: ChildProcess;
  /** Resolves when the process has ended and its group is gone. */
  exited: Promise<AgentProcessExit>;
  /** Asks it to end (stopSignal), then SIGTERM, then SIGKILL to its whole group; resolves when it is gone. */
  stop(graceMs?: number): Promise<AgentProcessExit>;
  /** The last of its standard error so far. */
  stderrTail(): string;
}

/** The variable every agent process of a run carries: how a later attempt knows the process is the run's. */
export const RUN_ID_VARIABLE = 'QUARRY_RUN_ID';
/**
 * The variable every process an agent started carries, a value of its own per agent: how its ending
 * finds those that left its process group (a new session), which a group's kill does not reach.
 */
export const AGENT_MARK_VARIABLE = 'QUARRY_AGENT_MARK';

/** Who started the agent processes being started now, and who wants to know their groups. */
export interface AgentProcessWatch {
  runId: string;
  onStarted(group: number): void;
}

/**
 * Set by the runs processor around a runner, so every runner's agent processes are marked with their
 * run and reported (their group ids go into the run's record) without each runner passing them on.
 * A worker that is SIGKILLed cannot stop its agents; the run's next attempt finds them by this record.
 */
export const agentProcessWatch = new AsyncLocalStorage<AgentProcessWatch>();

/** Starts the agent in a process group of its own; throws AgentRunError when the command cannot start. */
export async function startAgentProcess(options: AgentProcessOptions): Promise<AgentProcess> {
  const watch = agentProcessWatch.getStore();
  const mark = randomUUID();
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: {
      ...options.env,
      ...(watch ? { [RUN_ID_VARIABLE]: watch.runId } : {}),
      [AGENT_MARK_VARIABLE]: mark,
    },
    stdio: [options.stdin ?? 'ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_TAIL_CHARACTERS);
  });
  await new Promise<void>((started, failed) => {
    child.once('spawn', started);
    child.once('error', (error: NodeJS.ErrnoException) => {
      failed(
        new AgentRunError(
          'agent-failed',
          error.code === 'ENOENT'
            ? `${options.agentName} could not start: the command "${options.command}" was not found. Install it, or set ${options.commandSetting} to its path.`
            : `${options.agentName} could not start "${options.command}": ${error.message}. Check ${options.commandSetting}.`,
          { cause: error },
        ),
      );
    });
  });
  const group = child.pid!;
  watch?.onStarted(group);
  let stopped = false;
  const exited = new Promise<AgentProcessExit>((done) => {
    child.once('exit', (code, signal) => {
      // The agent is gone; whatever it started in its group goes with it, and is waited for.
      killGroup(group, 'SIGKILL');
      let finished = false;
      const finish = () => {
        if (finished) return;
        finished = true;
        void groupGone(group)
          .then(() => killProcessesCarrying(`${AGENT_MARK_VARIABLE}=${mark}`))
          .then(() => done({ code, signal, stderrTail: stderr.trim(), stopped }));
      };
      // Let the pipes drain so the last lines are read before the caller looks at them.
      const stdout = child.stdout!;
      // A reader that was cancelled (ACP's stream, on close) destroys the pipe before the exit.
      if (stdout.readableEnded || stdout.destroyed || stdout.closed) finish();
      else {
        stdout.once('end', finish);
        stdout.once('close', finish);
      }
    });
  });
  return {
    child,
    exited,
    stderrTail: () => stderr.trim(),
    async stop(graceMs = STOP_GRACE_MS) {
      stopped = true;
      if (child.exitCode === null && child.signalCode === null) {
        const first = options.stopSignal ?? 'SIGTERM';
        child.kill(first);
        const ended = await Promise.race([exited.then(() => true), delay(graceMs).then(() => false)]);
        if (!ended && first !== 'SIGTERM') {
          killGroup(group, 'SIGTERM');
          await Promise.race([exited, delay(graceMs)]);
        }
        killGroup(group, 'SIGKILL');
      }
      return exited;
    },
  };
}

/** Reads the process's standard output line by line. */
export function eachLine(child: ChildProcess, onLine: (line: string) => void): void {
  const lines = createInterface({ input: child.stdout!, crlfDelay: Infinity });
  lines.on('line', onLine);
}

/** How long to wait for a killed group's processes to be gone: SIGKILL is delivered, not awaited. */
const GROUP_GONE_WAIT_MS = 2_000;

async function groupGone(group: number): Promise<void> {
  const deadline = Date.now() + GROUP_GONE_WAIT_MS;
  while (Date.now() < deadline) {
    try {
      process.kill(-group, 0);
    } catch {
      return;
    }
    await delay(20);
  }
}

/**
 * Kills every process (but this one) whose environment carries `entry` (`NAME=value`). Reads /proc:
 * where there is none, nothing is found. Resolves with the pids killed, once they are gone.
 */
async function killProcessesCarrying(entry: string): Promise<number[]> {
  const names = await readdir('/proc').catch(() => [] as string[]);
  const killed: number[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    const pid = Number(name);
    try {
      const environment = (await readFile(`/proc/${name}/environ`, 'utf8')).split('\0');
      if (!environment.includes(entry)) continue;
      process.kill(pid, 'SIGKILL');
      killed.push(pid);
    } catch {
      // Gone meanwhile, or not ours to read: not the agent's.
    }
  }
  await Promise.all(killed.map((pid) => processGone(pid)));
  return killed;
}

/**
 * Kills what is left of a run's agents after its worker died (a SIGKILL gives the worker no chance
 * to): every process whose environment carries the run's id, in the agent's group or in a session of
 * its own (which the group's record does not name), and only those, so an id the system has since
 * given to someone else is never touched. Resolves with the pids killed, once they are gone.
 */
export async function killLeftoverAgentProcesses(runId: string): Promise<number[]> {
  return killProcessesCarrying(`${RUN_ID_VARIABLE}=${runId}`);
}

async function processGone(pid: number): Promise<void> {
  const deadline = Date.now() + GROUP_GONE_WAIT_MS;
  while (Date.now() < deadline) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    if (await isZombie(pid)) return;
    await delay(20);
  }
}

/**
 * Whether the process has ended and waits only for its parent to read its exit: a killed orphan whose
 * new parent never does (a container's first process that is not an init) stays so.
 */
async function isZombie(pid: number): Promise<boolean> {
  try {
    // "pid (command) state ...": the command may hold spaces and parentheses.
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return false;
  }
}

function killGroup(group: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-group, signal);
  } catch {
    // The group is already gone.
  }
}

function delay(milliseconds: number): Promise<void> {
  return new Promise((done) => setTimeout(done, milliseconds).unref());
}

/**
 * One line for the run's events: the first line of a text, shortened. A tool result some agents pass
 * back as Quarry's structured content (JSON) is told by what it holds instead.
 */
export function summarize(text: string, limit = 300): string {
  const structured = describeStructured(text);
  if (structured) return structured;
  const first =
    text
      .trim()
      .split('\n')
      // Markdown fences around a result are not what it says.
      .find((line) => line.trim() !== '' && !line.trim().startsWith('```')) ?? '';
  return first.length > limit ? `${first.slice(0, limit - 1)}…` : first;
}

function describeStructured(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return undefined;
  try {
    const value = JSON.parse(trimmed) as {
      provider_name?: unknown;
      query?: unknown;
      results?: unknown;
      title?: unknown;
      url?: unknown;
    };
    if (Array.isArray(value.results) && typeof value.provider_name === 'string') {
      const count = value.results.length;
      return `${value.provider_name} answered "${String(value.query ?? '')}" with ${count} result${count === 1 ? '' : 's'}`;
    }
    if (typeof value.url === 'string')
      return `Read ${typeof value.title === 'string' ? `"${value.title}" ` : ''}${value.url}`;
  } catch {
    // Not JSON after all: the first line tells it.
  }
  return undefined;
}

/**
 * The events callback with every secret (the run's token, a model key) blanked out of the event's
 * texts: whatever an agent prints, no token reaches the run's events.
 */
export function withoutSecrets(
  onEvent: AgentRunInput['onEvent'],
  secrets: ReadonlyArray<string | undefined>,
): AgentRunInput['onEvent'] {
  const hidden = secrets.filter(
    (secret): secret is string => typeof secret === 'string' && secret.length >= 8,
  );
  if (hidden.length === 0) return onEvent;
  const clean = (value: unknown): unknown => {
    if (typeof value === 'string')
      return hidden.reduce((text, secret) => text.split(secret).join('[hidden]'), value);
    if (Array.isArray(value)) return value.map(clean);
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, clean(inner)]));
    }
    return value;
  };
  return (event) => onEvent(clean(event) as AgentEvent);
}
