// The `research` tool: an agent in an ordinary session starts a research run on a question, or reads
// the report of one it started. Offered only to sessions whose token allows it (`quarry token create
// --research`, POST /api/tokens {"research": true}). The run is a run of its own: charged to its own
// budget, not the caller's session. A call with `question` answers at once with the run's id and
// status; a call with `run_id` gives the report once the run has ended (its status until then).
import { z } from 'zod';
import type { SessionGrant } from './session-grant.ts';
import { defineTool, ToolArgumentError, ToolFailure, type ToolDefinition } from './tool-definition.ts';

/** The agents a research tool call may name; `acp:` and `command:` run the operator's command lines, so only the token may carry them. */
export const RESEARCH_TOOL_AGENTS = ['claude-code', 'codex', 'openai'] as const;
/** The agent when neither the call nor the token names one: Quarry's researcher needs no CLI. */
export const DEFAULT_RESEARCH_AGENT = 'openai';

export interface ResearchRunState {
  run_id: string;
  status: string;
  /** Why the run did not succeed, when it ended otherwise. */
  reason: string | null;
  /** The report (JSON form) once the run has ended. */
  report: Record<string, unknown> | null;
  /** The report as Markdown, once the run has ended. */
  markdown: string | null;
}

export interface ResearchBackend {
  start(request: {
    question: string;
    agent: string;
    budget?: number;
    timeLimitSeconds?: number;
  }): Promise<ResearchRunState>;
  /** The run's state and, once it ended, its report; undefined when there is no such run. */
  state(runId: string): Promise<ResearchRunState | undefined>;
  /** Cancels the run (its agent is stopped, it ends `cancelled`), saying who asked; a finished run stays as it ended. */
  cancel(runId: string, reason: string): Promise<void>;
}

/** A research task's run cancelled by tasks/cancel says so (an operator's cancel says its own). */
export const TASK_CANCEL_REASON = 'Cancelled by the MCP client that started it (tasks/cancel).';

const inputSchema = z
  .object({
    question: z.string().min(1).max(4_000).optional().describe('The question to research.'),
    budget: z.number().int().min(1).max(1_000).optional().describe('Searches the run may make.'),
    time_limit_seconds: z.number().int().min(30).optional().describe('How long the run may work.'),
    agent: z.enum(RESEARCH_TOOL_AGENTS).optional().describe('The agent that does the research.'),
    run_id: z
      .string()
      .regex(/^run-[0-9a-f]{16}$/, 'run_id is a run id such as run-0123456789abcdef')
      .optional()
      .describe('A run this tool started: its report once it has ended, its status until then.'),
  })
  .strict();

const outputSchema = z.object({
  run_id: z.string(),
  status: z.string(),
  reason: z.string().nullable(),
  report: z.record(z.string(), z.unknown()).nullable(),
});

const FINISHED = ['succeeded', 'failed', 'cancelled', 'timed-out'];

export function isFinishedStatus(status: string): boolean {
  return FINISHED.includes(status);
}

/** The tool result's text for a run's state: the report when it ended, what to do next otherwise. */
export function researchText(state: ResearchRunState): string {
  if (state.markdown && state.status === 'succeeded') return state.markdown;
  if (isFinishedStatus(state.status))
    return `Research run ${state.run_id} ended ${state.status}: ${state.reason ?? 'no reason given'}${state.markdown ? `\n\n${state.markdown}` : ''}`;
  return `Research run ${state.run_id} is ${state.status}. Call research with {"run_id": "${state.run_id}"} later for its report.`;
}

export function createResearchTool(backend: ResearchBackend): ToolDefinition {
  return defineTool({
    name: 'research',
    title: 'Research a question',
    description:
      'Starts a research run: an agent searches and reads the web on the question and writes a report with checked citations. Give `question` to start one (the answer is its run id at once; with MCP tasks, the report when it is done); give `run_id` to read its report.',
    inputSchema,
    outputSchema,
    annotations: { readOnlyHint: true, openWorldHint: true },
    offeredTo: (grant) => grant.research === true,
    checkArguments(input) {
      if (!input.question && !input.run_id)
        return 'give question (to start a run) or run_id (to read its report).';
      if (input.question && input.run_id) return 'give question or run_id, not both.';
      return undefined;
    },
    task: {
      async start(input, context) {
        if (!input.question) throw new ToolArgumentError('a task starts a run: give question, not run_id.');
        const state = await backend.start(startRequest(input, context.grant));
        return state.run_id;
      },
      async settle(runId) {
        const state = await backend.state(runId);
        if (!state) {
          const gone: ResearchRunState = {
            run_id: runId,
            status: 'missing',
            reason: 'The run was removed.',
            report: null,
            markdown: null,
          };
          return { answer: { text: researchText(gone), structured: structuredOf(gone) }, isError: true };
        }
        if (!isFinishedStatus(state.status)) return undefined;
        return {
          answer: { text: researchText(state), structured: structuredOf(state) },
          isError: state.status !== 'succeeded',
          cancelled: state.status === 'cancelled',
        };
      },
      async cancel(runId) {
        await backend.cancel(runId, TASK_CANCEL_REASON);
      },
    },
    async run(input, context) {
      if (input.run_id) {
        const state = await backend.state(input.run_id);
        if (!state) throw new ToolFailure(`There is no research run ${input.run_id}: check the run_id.`);
        return { text: researchText(state), structured: structuredOf(state) };
      }
      const state = await backend.start(startRequest(input, context.grant));
      return { text: researchText(state), structured: structuredOf(state) };
    },
  });
}

function startRequest(
  input: z.output<typeof inputSchema>,
  grant: SessionGrant,
): Parameters<ResearchBackend['start']>[0] {
  return {
    question: input.question!,
    agent: input.agent ?? grant.researchAgent ?? DEFAULT_RESEARCH_AGENT,
    ...(input.budget !== undefined ? { budget: input.budget } : {}),
    ...(input.time_limit_seconds !== undefined ? { timeLimitSeconds: input.time_limit_seconds } : {}),
  };
}

function structuredOf(state: ResearchRunState): z.output<typeof outputSchema> {
  return { run_id: state.run_id, status: state.status, reason: state.reason, report: state.report };
}
