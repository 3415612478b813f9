// Starting and cancelling runs, for the REST API and the command line alike. A run's budget is set
// once, here: every later start of the same run (after its worker died) spends from the same counters.
import { cancelChannel } from '../queue/add-and-wait.ts';
import { setRunBudget } from '../queue/budgets.ts';
import { addRunJob, RUNS_QUEUE } from '../queue/runs-queue.ts';
import type { QueueSystem } from '../queue/system.ts';
import { agentSettingsOf } from './agents/agent-defaults.ts';
import { parseAgentSpec } from './agents/agent-spec.ts';
import { parseRunRequest } from './run-request.ts';
import { isFinished } from './run-status.ts';
import {
  createRun,
  getRun,
  moveRun,
  OPERATOR_CANCEL_REASON,
  updateRun,
  type RunRecord,
} from './run-store.ts';

const SECONDS_PER_DAY = 86_400;

/** Checks the request (RunRequestError names the field), keeps the run, sets its budget, queues it. */
export async function startRun(system: QueueSystem, request: unknown): Promise<RunRecord> {
  const { runs } = system.config;
  const parsed = parseRunRequest(request, { maxTimeLimitSeconds: runs.maxTimeLimitSeconds });
  const budgets = {
    searches: parsed.budget ?? runs.budget,
    ...(parsed.read_budget !== undefined ? { reads: parsed.read_budget } : {}),
    ...(parsed.media_budget !== undefined ? { media: parsed.media_budget } : {}),
  };
  const run = await createRun(system, {
    question: parsed.question,
    agent: parsed.agent,
    ...(parsed.options ? { options: parsed.options } : {}),
    ...(parsed.model ? { model: parsed.model } : {}),
    budgets,
    timeLimitSeconds: parsed.time_limit_seconds ?? defaultTimeLimit(system.config, parsed.agent),
  });
  // The counters live as long as the run is kept, so its record can always say what it used.
  await setRunBudget(system, run.id, budgets, { ttlSeconds: runs.retentionDays * SECONDS_PER_DAY });
  await addRunJob(system, { runId: run.id });
  return run;
}

/** A run's time limit when its request gives none: its agent's setting, else `runs.timeLimitSeconds`, at most the longest allowed. */
function defaultTimeLimit(config: QueueSystem['config'], agent: string): number {
  const fromAgent = agentSettingsOf(config.agents, parseAgentSpec(agent, []).kind)?.timeLimitSeconds;
  return Math.min(fromAgent ?? config.runs.timeLimitSeconds, config.runs.maxTimeLimitSeconds);
}

export class RunNotFoundError extends Error {
  override readonly name = 'RunNotFoundError';
  constructor(runId: string) {
    super(
      `No run has the id ${runId.slice(0, 60)} (it may have been removed after its retention): \`npx quarry runs list\` shows the runs there are.`,
    );
  }
}

/**
 * Cancels a run: a queued or interrupted one at once; a running one by telling the worker that holds
 * it (its agent is stopped and the run ends `cancelled`). A finished run stays as it ended. `reason`
 * says who cancelled it (an operator by default; the research tool's task says its client did).
 */
export async function cancelRun(
  system: QueueSystem,
  runId: string,
  options: { reason?: string } = {},
): Promise<RunRecord> {
  const run = await getRun(system, runId);
  if (!run) throw new RunNotFoundError(runId);
  if (isFinished(run.status)) return run;
  const reason = options.reason ?? OPERATOR_CANCEL_REASON;
  // Marked first, so a worker that takes the run from here on, or is stopping it, knows why.
  await updateRun(system, runId, { cancelRequested: true, cancelReason: reason });
  const now = new Date().toISOString();
  if (run.status === 'queued' || run.status === 'interrupted') {
    const moved = await moveRun(system, runId, 'cancelled', { reason, fields: { endedAt: now } });
    if (moved.moved) {
      await system
        .queue(RUNS_QUEUE)
        .remove(runId)
        .catch(() => undefined); // a worker holds it already: it sees the run finished and stops
      return (await getRun(system, runId))!;
    }
  }
  await system.connection.publish(cancelChannel(system), JSON.stringify({ queue: RUNS_QUEUE, jobId: runId }));
  return (await getRun(system, runId))!;
}
