// What an operator asks for when starting a run (POST /api/runs, `quarry run`), checked in one place so
// that both say which field is wrong and what it accepts.
import { z } from 'zod';
import { AgentSpecError } from './agents/agent-spec.ts';
import { agentKinds, runnerFor } from './agents/index.ts';

/** The longest question a run takes: a few paragraphs of brief are plenty. */
const MAX_QUESTION_CHARACTERS = 20_000;
/** The most an options object may hold once written as JSON: settings, never files. */
const MAX_OPTIONS_BYTES = 16 * 1024;
/** The shortest time limit: a second is enough to see a run stopped, if not to see it work. */
const MIN_TIME_LIMIT_SECONDS = 1;

const wholeNumber = (field: string, what: string) =>
  z
    .number({ message: `${field} must be a number of ${what}, such as 10` })
    .int({ message: `${field} must be a whole number of ${what}` })
    .min(0, { message: `${field} must be 0 or more ${what}` })
    .max(100_000, { message: `${field} must be at most 100000 ${what}` });

export interface RunRequestLimits {
  maxTimeLimitSeconds: number;
}

export function runRequestSchema(limits: RunRequestLimits) {
  return z
    .object({
      question: z
        .string({ message: 'question must be text: the question the agent works on' })
        .trim()
        .min(1, { message: 'question is empty: give the question the agent works on' })
        .max(MAX_QUESTION_CHARACTERS, {
          message: `question is longer than ${MAX_QUESTION_CHARACTERS} characters`,
        }),
      agent: z
        .string({ message: `agent must be one of ${agentKinds().join(', ')}` })
        .superRefine((spec, context) => {
          try {
            runnerFor(spec);
          } catch (error) {
            if (!(error instanceof AgentSpecError)) throw error;
            context.addIssue({ code: 'custom', message: `agent: ${error.message}` });
          }
        })
        .transform((spec) => spec.trim()),
      budget: wholeNumber('budget', 'searches').optional(),
      read_budget: wholeNumber('read_budget', 'page reads').optional(),
      media_budget: wholeNumber('media_budget', 'media look-ups').optional(),
      time_limit_seconds: z
        .number({ message: 'time_limit_seconds must be a number of seconds, such as 1800' })
        .int({ message: 'time_limit_seconds must be a whole number of seconds' })
        .min(MIN_TIME_LIMIT_SECONDS, {
          message: `time_limit_seconds must be at least ${MIN_TIME_LIMIT_SECONDS}`,
        })
        .max(limits.maxTimeLimitSeconds, {
          message: `time_limit_seconds must be at most ${limits.maxTimeLimitSeconds} (QUARRY_RUN_MAX_TIME_LIMIT_SECONDS)`,
        })
        .optional(),
      model: z
        .string({ message: "model must be text: the model's name as the agent knows it" })
        .trim()
        .min(1, { message: 'model is empty: leave it out for the agent’s default' })
        .max(200, { message: 'model is longer than 200 characters' })
        .optional(),
      options: z
        .record(z.string(), z.unknown(), {
          message: 'options must be a JSON object of settings for the agent',
        })
        .refine((options) => JSON.stringify(options).length <= MAX_OPTIONS_BYTES, {
          message: `options must be at most ${MAX_OPTIONS_BYTES} bytes as JSON`,
        })
        .optional(),
    })
    .strict();
}

export type RunRequest = z.output<ReturnType<typeof runRequestSchema>>;

export const RUN_REQUEST_FIELDS = [
  'question',
  'agent',
  'budget',
  'read_budget',
  'media_budget',
  'time_limit_seconds',
  'model',
  'options',
] as const;

export interface RunRequestProblem {
  field: string;
  message: string;
}

/** The request is not valid; `problems` names each field and what it accepts. */
export class RunRequestError extends Error {
  override readonly name = 'RunRequestError';
  readonly problems: RunRequestProblem[];

  constructor(problems: RunRequestProblem[]) {
    super(`The run request is not valid: ${problems.map((problem) => problem.message).join('; ')}.`);
    this.problems = problems;
  }
}

export function parseRunRequest(input: unknown, limits: RunRequestLimits): RunRequest {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new RunRequestError([
      {
        field: '(body)',
        message: 'the body must be a JSON object such as {"question": "...", "agent": "claude-code"}',
      },
    ]);
  }
  const parsed = runRequestSchema(limits).safeParse(input, { reportInput: true });
  if (parsed.success) return parsed.data;
  throw new RunRequestError(
    parsed.error.issues.map((issue): RunRequestProblem => {
      if (issue.code === 'unrecognized_keys') {
        return {
          field: issue.keys.join(', '),
          message: `unknown field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.join(', ')} (a run takes ${RUN_REQUEST_FIELDS.join(', ')})`,
        };
      }
      const field = issue.path.map(String).join('.') || '(body)';
      if (issue.code === 'invalid_type' && issue.input === undefined) {
        return { field, message: `${field} is missing: give ${field}` };
      }
      return {
        field,
        message: issue.message.startsWith(field) ? issue.message : `${field}: ${issue.message}`,
      };
    }),
  );
}
