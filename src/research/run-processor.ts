// The `runs` worker: takes a run's job, makes the run a deep-mode MCP token (bound to its run id, so
// every search is charged to its budget and recorded in its events), gives it a working folder and a
// home of its own, starts its agent through the runner list, records what the agent says, and ends
// the run with its answer, or with why it did not get one. Whatever happens, the token is revoked and
// the folders removed.
//
// A run found `running` when its job is taken again lost its worker (SIGKILL, a crashed machine: the
// job's lock lapsed and the stall check handed it back): it becomes `interrupted`, then runs again on
// the same budget counters, or fails once it has had QUARRY_RUN_ATTEMPTS starts.
import { mkdir, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { AgentKind } from '../mcp/agent-kind.ts';
import { TokenStore, tokenHash } from '../mcp/tokens.ts';
import { runBudget } from '../queue/budgets.ts';
import { handleJobs } from '../queue/queue-contract.ts';
import { runsQueue, type RunJobValue } from '../queue/runs-queue.ts';
import type { QueueSystem } from '../queue/system.ts';
import { agentSettingsOf } from './agents/agent-defaults.ts';
import { agentProcessWatch, killLeftoverAgentProcesses } from './agents/agent-process.ts';
import {
  AgentRunError,
  type AgentEvent,
  type AgentOutcome,
  type AgentRunner,
} from './agents/agent-runner.ts';
import { checkCitations, pagesFromEvents } from './citations.ts';
import { pendingPictures, picturesToKeep, picturesWanted, startFinalizeFlow } from './finalize-flow.ts';
import { appendRunEvent, readAllRunEvents } from './run-events.ts';
import { isFinished } from './run-status.ts';
import { runFolder } from './run-folder.ts';
import {
  getRun,
  moveRun,
  OPERATOR_CANCEL_REASON,
  updateRun,
  type RunBudgets,
  type RunRecord,
  type RunUsed,
} from './run-store.ts';

/** The runner for an agent spec (`claude-code`, `acp:"..."`, ...); throws AgentRunError('invalid') for none. */
export type RunnerList = (spec: string) => AgentRunner;

export interface RunProcessorOptions {
  runners: RunnerList;
  /** The environment runners pass things through from; default this process's, without Quarry's own secrets. */
  environment?: Record<string, string | undefined>;
}

/** A run's token outlives its time limit by this much, so a token a dead worker never revoked lapses soon after. */
const TOKEN_MARGIN_SECONDS = 10 * 60;
/** After the agent is told to stop, how long the worker waits for it before it ends the run anyway. */
const STOP_WAIT_MS = 15_000;

/** Quarry's own secrets never reach an agent's environment. */
const WITHHELD = ['QUARRY_ADMIN_TOKEN', 'REDIS_URL'];

function agentEnvironment(): Record<string, string | undefined> {
  const environment = { ...process.env };
  for (const name of WITHHELD) delete environment[name];
  return environment;
}

/** Where agents reach Quarry: the setting, else this server's own /mcp (loopback when it binds every address). */
export function runMcpUrl(config: QueueSystem['config']): string {
  if (config.runs.mcpUrl) return config.runs.mcpUrl;
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}/mcp`;
}

/** The kind the run's MCP session words its advice for (Claude Code and Codex have their own). */
function agentKindOf(runner: AgentRunner): AgentKind {
  return runner.kind === 'claude-code' || runner.kind === 'codex' ? runner.kind : 'other';
}

/** What the run used and may use as it ends (an operator may have changed its budget mid-run). */
async function budgetAtEnd(
  system: QueueSystem,
  run: RunRecord,
): Promise<{ used: RunUsed; budgets: RunBudgets }> {
  const budget = await runBudget(system, run.id);
  return {
    used: { searches: budget.searches.used, reads: budget.reads.used, media: budget.media.used },
    budgets: {
      searches: budget.searches.limit ?? run.budgets.searches,
      ...(budget.reads.limit !== undefined ? { reads: budget.reads.limit } : {}),
      ...(budget.media.limit !== undefined ? { media: budget.media.limit } : {}),
    },
  };
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n', 1)[0]!;
}

/** Why a run was stopped before its agent finished. */
type StopReason = 'cancelled' | 'timed-out' | 'worker-stopped';

/** The `runs` queue's processor, with the runner list it starts agents from. */
export function createRunProcessor(options: RunProcessorOptions) {
  return handleJobs(runsQueue, async ({ runId }, { system, signal }): Promise<RunJobValue> => {
    const run = await getRun(system, runId);
    if (!run) return { runId, status: 'missing' };
    const ended = (status: RunRecord['status']): RunJobValue => ({ runId, status });
    if (isFinished(run.status)) return ended(run.status);

    const tokens = new TokenStore(system.connection, system.prefix);
    if (run.status === 'finalizing') {
      // The agent answered in this attempt, and the worker lost the job only after (its lock lapsed
      // before the job could be marked done): the answer is kept, and only the run's end is left.
      // Running the agent again would redo its work and race the flow that is ending the run.
      if (run.tokenHash) await revokeToken(tokens, run.tokenHash);
      await startFinalizeFlow(system, runId, picturesWanted(run.pictures ?? []));
      return ended('finalizing');
    }
    if (run.status === 'running') {
      await moveRun(system, runId, 'interrupted', {
        reason: `Its worker stopped mid-run (attempt ${run.attempts} of ${system.config.runs.attempts}): the process ended or lost Redis.`,
        attempt: run.attempts,
      });
      run.status = 'interrupted';
    }
    // The old attempt's token first, then what is left of its agent (a SIGKILLed worker stopped neither).
    if (run.tokenHash) await revokeToken(tokens, run.tokenHash);
    await killLeftoverAgent(system, run);
    if (run.cancelRequested)
      return finish(system, run, 'cancelled', { reason: run.cancelReason ?? OPERATOR_CANCEL_REASON });
    if (run.status === 'interrupted' && run.attempts >= system.config.runs.attempts) {
      return finish(system, run, 'failed', {
        reason: `Interrupted ${run.attempts} time${run.attempts === 1 ? '' : 's'}, and a run is started at most ${system.config.runs.attempts} times (QUARRY_RUN_ATTEMPTS): start it again, or raise QUARRY_RUN_ATTEMPTS.`,
      });
    }

    let runner: AgentRunner;
    try {
      runner = options.runners(run.agent);
    } catch (error) {
      // A spec this worker's runner list does not have (a worker older than the server, say).
      return finish(system, run, 'failed', { reason: firstLine(error) });
    }

    const startedAt = run.startedAt ?? new Date().toISOString();
    const remainingMs = run.timeLimitSeconds * 1_000 - (Date.now() - Date.parse(startedAt));
    const token = await tokens.create(
      {
        mode: 'deep',
        runId,
        agentKind: agentKindOf(runner),
        budget: run.budgets.searches,
        label: `research run ${runId}`,
      },
      { ttlSeconds: run.timeLimitSeconds + TOKEN_MARGIN_SECONDS },
    );
    const moved = await moveRun(system, runId, 'running', {
      attempt: run.attempts,
      fields: {
        startedAt,
        attempts: run.attempts + 1,
        tokenHash: tokenHash(token.token),
        agentProcesses: undefined,
        reason: undefined,
      },
    });
    if (!moved.moved) {
      // Cancelled between our read and now: nothing started.
      await revokeToken(tokens, tokenHash(token.token));
      return ended(moved.from ?? run.status);
    }
    run.attempts += 1;
    run.startedAt = startedAt;
    run.tokenHash = tokenHash(token.token);

    // Read now from `system.config`, which follows the live settings store: a change made after this
    // worker started applies to this run; the run keeps the settings it started with.
    const settings = agentSettingsOf(system.config.agents, runner.kind);
    const folder = runFolder(system.config, runId);
    const workDir = join(folder, 'work');
    const homeDir = join(folder, 'home');
    const stopper = new AbortController();
    let stopReason: StopReason | undefined;
    const stop = (reason: StopReason) => {
      if (stopReason) return;
      stopReason = reason;
      stopper.abort(new Error(reason));
    };
    const timer = setTimeout(() => stop('timed-out'), Math.max(0, remainingMs));
    const onWorkerAbort = async () => {
      // The worker's signal aborts for a cancel message (an operator's cancel) or a shutdown hand-back.
      const latest = await getRun(system, runId).catch(() => undefined);
      stop(latest?.cancelRequested ? 'cancelled' : 'worker-stopped');
    };
    signal?.addEventListener('abort', () => void onWorkerAbort(), { once: true });

    // Agent events are written in the order the agent gave them.
    let writing: Promise<unknown> = Promise.resolve();
    const onEvent = (event: AgentEvent) => {
      writing = writing
        .then(() => appendRunEvent(system, runId, 'agent', agentEventData(event)))
        .catch((error: unknown) =>
          system.logger.warn({ err: error, runId }, 'could not record an agent event'),
        );
    };

    let outcome: AgentOutcome | undefined;
    let failure: unknown;
    try {
      await rm(folder, { recursive: true, force: true });
      await mkdir(workDir, { recursive: true });
      await mkdir(homeDir, { recursive: true });
      const groups: number[] = [];
      const watch = {
        runId,
        onStarted(group: number) {
          groups.push(group);
          writing = writing
            .then(() =>
              updateRun(system, runId, { agentProcesses: { host: hostname(), groups: [...groups] } }),
            )
            .catch((error: unknown) =>
              system.logger.warn({ err: error, runId }, "could not record the agent's process group"),
            );
        },
      };
      // Every agent process the runner starts is marked with the run and its group recorded (agent-process.ts).
      const running = agentProcessWatch.run(watch, runner.run.bind(runner), {
        runId,
        question: run.question,
        mcp: { url: runMcpUrl(system.config), token: token.token },
        workDir,
        homeDir,
        ...(run.model ? { model: run.model } : {}),
        ...(settings ? { settings } : {}),
        options: run.options,
        environment: options.environment ?? agentEnvironment(),
        signal: stopper.signal,
        onEvent,
      });
      outcome = await untilStoppedOrDone(running, stopper.signal);
    } catch (error) {
      failure = error;
    } finally {
      clearTimeout(timer);
      await writing;
      await revokeToken(tokens, run.tokenHash);
      await rm(folder, { recursive: true, force: true }).catch(() => undefined);
    }

    if (stopReason === 'worker-stopped') {
      // Handed back at shutdown: the next worker finds it interrupted and starts it again.
      await moveRun(system, runId, 'interrupted', {
        reason: `Its worker was stopped mid-run (attempt ${run.attempts} of ${system.config.runs.attempts}).`,
        attempt: run.attempts,
      });
      return ended('interrupted');
    }
    if (stopReason === 'cancelled') {
      const latest = await getRun(system, runId).catch(() => undefined);
      return finish(system, run, 'cancelled', {
        reason: latest?.cancelReason ?? run.cancelReason ?? OPERATOR_CANCEL_REASON,
      });
    }
    if (stopReason === 'timed-out') {
      return finish(system, run, 'timed-out', {
        reason: `The run reached its time limit of ${run.timeLimitSeconds} s and its agent was stopped: give it more time (time_limit_seconds, --time-limit) or a narrower question.`,
      });
    }
    if (failure !== undefined || !outcome) {
      const kind = failure instanceof AgentRunError ? `${failure.kind}: ` : '';
      return finish(system, run, 'failed', {
        reason: `${kind}${firstLine(failure ?? 'the agent gave no outcome')}`,
      });
    }
    if (!outcome.answer.trim()) {
      return finish(system, run, 'failed', {
        reason: 'The agent ended without an answer: look at its events for what it did last.',
      });
    }
    return answered(system, run, outcome);
  });
}

/**
 * The agent answered: the run records the answer and its checked citations, goes to `finalizing`,
 * and its finalize flow starts (keep its pictures); the flow's parent moves it to `succeeded`.
 */
async function answered(system: QueueSystem, run: RunRecord, outcome: AgentOutcome): Promise<RunJobValue> {
  const usage: Record<string, unknown> = {
    ...(outcome.usage?.inputTokens !== undefined ? { input_tokens: outcome.usage.inputTokens } : {}),
    ...(outcome.usage?.outputTokens !== undefined ? { output_tokens: outcome.usage.outputTokens } : {}),
    ...(outcome.turns !== undefined ? { turns: outcome.turns } : {}),
  };
  const events = await readAllRunEvents(system, run.id);
  const pages = pagesFromEvents(events);
  const citations = checkCitations(outcome.answer, pages);
  const pictures = picturesToKeep(events, pages, citations);
  const moved = await moveRun(system, run.id, 'finalizing', {
    attempt: run.attempts,
    fields: {
      answer: outcome.answer,
      ...(Object.keys(usage).length > 0 ? { usage } : {}),
      ...(outcome.costUsd !== undefined ? { costUsd: outcome.costUsd } : {}),
      citations,
      pictures: pendingPictures(pictures),
      answeredAt: new Date().toISOString(),
      tokenHash: undefined,
    },
  });
  if (!moved.moved) return { runId: run.id, status: moved.from ?? run.status };
  await startFinalizeFlow(system, run.id, pictures);
  return { runId: run.id, status: 'finalizing' };
}

/** Ends a run (`finish`), for the finalize flow's parent. */
export function finishRun(
  system: QueueSystem,
  run: RunRecord,
  status: 'succeeded' | 'failed' | 'cancelled' | 'timed-out',
  options: { reason?: string; fields?: Partial<Omit<RunRecord, 'id' | 'status'>> },
): Promise<RunJobValue> {
  return finish(system, run, status, options);
}

async function finish(
  system: QueueSystem,
  run: RunRecord,
  status: 'succeeded' | 'failed' | 'cancelled' | 'timed-out',
  options: { reason?: string; fields?: Partial<Omit<RunRecord, 'id' | 'status'>> },
): Promise<RunJobValue> {
  const moved = await moveRun(system, run.id, status, {
    ...(options.reason ? { reason: options.reason } : {}),
    attempt: run.attempts,
    fields: {
      ...options.fields,
      endedAt: new Date().toISOString(),
      ...(await budgetAtEnd(system, run)),
      tokenHash: undefined,
      agentProcesses: undefined,
    },
  });
  return { runId: run.id, status: moved.moved ? status : (moved.from ?? status) };
}

/** The runner's promise, or, once the run is told to stop, at most STOP_WAIT_MS more of it. */
async function untilStoppedOrDone(
  running: Promise<AgentOutcome>,
  stopped: AbortSignal,
): Promise<AgentOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<never>((_resolve, reject) => {
    const giveUp = () => {
      timer = setTimeout(() => reject(new Error('the agent did not stop when told to')), STOP_WAIT_MS);
    };
    if (stopped.aborted) giveUp();
    else stopped.addEventListener('abort', giveUp, { once: true });
  });
  try {
    return await Promise.race([running, gaveUp]);
  } finally {
    clearTimeout(timer);
  }
}

/** Kills the agent processes a dead worker's attempt left on this host; another host's are not ours to reach. */
async function killLeftoverAgent(system: QueueSystem, run: RunRecord): Promise<void> {
  const left = run.agentProcesses;
  if (!left || left.host !== hostname() || left.groups.length === 0) return;
  const killed = await killLeftoverAgentProcesses(run.id);
  if (killed.length > 0)
    system.logger.warn(
      { runId: run.id, pids: killed },
      "killed the agent processes of the run's previous attempt",
    );
}

async function revokeToken(tokens: TokenStore, hash: string | undefined): Promise<void> {
  if (!hash) return;
  await tokens.revokeById(hash).catch(() => undefined); // already revoked or lapsed
}

/** An agent event as the run's stream keeps it (snake_case, like the API). */
function agentEventData(event: AgentEvent): Record<string, unknown> {
  switch (event.type) {
    case 'message':
      return { kind: 'message', text: event.text };
    case 'tool-call':
      return {
        kind: 'tool-call',
        ...(event.id ? { id: event.id } : {}),
        tool: event.tool,
        arguments: event.arguments,
      };
    case 'tool-result':
      return {
        kind: 'tool-result',
        ...(event.id ? { id: event.id } : {}),
        ...(event.tool ? { tool: event.tool } : {}),
        summary: event.summary,
        is_error: event.isError ?? false,
      };
    case 'usage':
      return {
        kind: 'usage',
        ...(event.inputTokens !== undefined ? { input_tokens: event.inputTokens } : {}),
        ...(event.outputTokens !== undefined ? { output_tokens: event.outputTokens } : {}),
        ...(event.costUsd !== undefined ? { cost_usd: event.costUsd } : {}),
      };
    case 'log':
      return { kind: 'log', text: event.text };
  }
}
