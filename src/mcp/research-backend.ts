// The research tool's backend over the pipeline: a run started as the REST API starts one (its own
// record, its own budget, a `runs` job), and its state and report read from its record.
import type { QueueSystem } from '../queue/system.ts';
import { RunRequestError } from '../research/run-request.ts';
import { buildRunReport, renderReportMarkdown } from '../research/run-report.ts';
import { isFinished } from '../research/run-status.ts';
import { getRun, type RunRecord } from '../research/run-store.ts';
import { cancelRun, RunNotFoundError, startRun } from '../research/start-run.ts';
import type { ResearchBackend, ResearchRunState } from './research-tool.ts';
import { ToolArgumentError } from './tool-definition.ts';

async function stateOf(system: QueueSystem, run: RunRecord): Promise<ResearchRunState> {
  const ended = isFinished(run.status);
  const report = ended ? await buildRunReport(system, run) : undefined;
  return {
    run_id: run.id,
    status: run.status,
    reason: run.reason ?? null,
    report: report ? (report as unknown as Record<string, unknown>) : null,
    markdown: report ? renderReportMarkdown(report) : null,
  };
}

export function queueResearchBackend(system: QueueSystem): ResearchBackend {
  return {
    async start(request) {
      try {
        const run = await startRun(system, {
          question: request.question,
          agent: request.agent,
          ...(request.budget !== undefined ? { budget: request.budget } : {}),
          ...(request.timeLimitSeconds !== undefined ? { time_limit_seconds: request.timeLimitSeconds } : {}),
        });
        return stateOf(system, run);
      } catch (error) {
        if (error instanceof RunRequestError) throw new ToolArgumentError(error.message);
        throw error;
      }
    },
    async state(runId) {
      const run = await getRun(system, runId);
      return run ? stateOf(system, run) : undefined;
    },
    async cancel(runId, reason) {
      try {
        // The same path as POST /api/runs/:id/cancel and `npx quarry runs cancel`.
        await cancelRun(system, runId, { reason });
      } catch (error) {
        // A run removed meanwhile has nothing left to stop; the task still ends cancelled.
        if (!(error instanceof RunNotFoundError)) throw error;
      }
    },
  };
}
