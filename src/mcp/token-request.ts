// What an operator may put on a token, checked the same way for `quarry token create` and POST /api/tokens.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { AGENT_KINDS } from './agent-kind.ts';
import type { SessionGrant } from './session-grant.ts';

export const tokenRequestSchema = z
  .object({
    mode: z.enum(['normal', 'deep'], { message: 'mode must be normal or deep' }).default('normal'),
    run_id: z
      .string()
      .regex(/^[A-Za-z0-9._:-]{1,100}$/, {
        message: 'run_id takes letters, digits and . _ : - (at most 100)',
      })
      .optional(),
    budget: z
      .number({ message: 'budget must be a number of searches' })
      .int({ message: 'budget must be a whole number of searches' })
      .min(1, { message: 'budget must be at least 1 search' })
      .max(100_000, { message: 'budget must be at most 100000 searches' })
      .optional(),
    read_budget: z
      .number({ message: 'read_budget must be a number of page reads' })
      .int({ message: 'read_budget must be a whole number of page reads' })
      .min(0, { message: 'read_budget must be 0 or more' })
      .optional(),
    media_budget: z
      .number({ message: 'media_budget must be a number of media look-ups' })
      .int({ message: 'media_budget must be a whole number of media look-ups' })
      .min(0, { message: 'media_budget must be 0 or more' })
      .optional(),
    agent_kind: z
      .enum(AGENT_KINDS, { message: `agent_kind must be one of ${AGENT_KINDS.join(', ')}` })
      .optional(),
    label: z.string().max(200).optional(),
    research: z.boolean({ message: 'research must be true or false' }).optional(),
    research_agent: z
      .string({ message: 'research_agent must be an agent spec such as claude-code' })
      .min(1)
      .max(500)
      .optional(),
    ttl_seconds: z.number().int().min(60, { message: 'ttl_seconds must be at least 60' }).optional(),
  })
  .strict();

export type TokenRequest = z.input<typeof tokenRequestSchema>;

export interface ResolvedTokenRequest {
  grant: SessionGrant & { budget?: number; label?: string };
  /** Budgets to set on the run; read and media budgets only when asked for (otherwise they are not limited). */
  budgets: { searches?: number; reads?: number; media?: number };
  ttlSeconds?: number;
}

/** A deep session or a budget needs a run to count against: one is made up when none is given. */
export function newRunId(): string {
  return `run-${randomBytes(6).toString('hex')}`;
}

export function resolveTokenRequest(request: z.output<typeof tokenRequestSchema>): ResolvedTokenRequest {
  const budgeted =
    request.budget !== undefined || request.read_budget !== undefined || request.media_budget !== undefined;
  const runId = request.run_id ?? (request.mode === 'deep' || budgeted ? newRunId() : undefined);
  return {
    grant: {
      mode: request.mode,
      ...(runId ? { runId } : {}),
      ...(request.budget !== undefined ? { budget: request.budget } : {}),
      ...(request.agent_kind ? { agentKind: request.agent_kind } : {}),
      ...(request.label ? { label: request.label } : {}),
      ...(request.research ? { research: true } : {}),
      ...(request.research && request.research_agent ? { researchAgent: request.research_agent } : {}),
    },
    budgets: {
      ...(request.budget !== undefined ? { searches: request.budget } : {}),
      ...(request.read_budget !== undefined ? { reads: request.read_budget } : {}),
      ...(request.media_budget !== undefined ? { media: request.media_budget } : {}),
    },
    ...(request.ttl_seconds ? { ttlSeconds: request.ttl_seconds } : {}),
  };
}

const TOKEN_FIELDS =
  'mode, run_id, budget, read_budget, media_budget, agent_kind, label, ttl_seconds, research, research_agent';

/**
 * zod's problems as one line per argument, each naming its field (`names` turns a field into what
 * the caller typed, such as a command-line flag).
 */
export function describeTokenRequestProblems(
  error: z.ZodError,
  names: (field: string) => string = (field) => field,
): string {
  return error.issues
    .map((issue) => {
      if (issue.code === 'unrecognized_keys')
        return `unknown field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.join(', ')} (fields: ${TOKEN_FIELDS})`;
      const field = issue.path.map(String).join('.');
      // The body itself is not an object (an array, a string, a number).
      if (!field)
        return `send a JSON object of the token's fields (${TOKEN_FIELDS}), such as {"mode": "deep", "budget": 40} or {}`;
      // zod's own messages ("Invalid input: expected string, received number") do not say which field.
      return issue.message.startsWith(field)
        ? issue.message.replace(field, names(field))
        : `${names(field)}: ${issue.message}`;
    })
    .join('; ');
}
