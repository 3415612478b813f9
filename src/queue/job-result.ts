// A job's result as data: `{ ok: true, value }` or `{ ok: false, error: { kind, message, ... } }`. The
// failures a caller acts on (a provider's SearchError, a fetch the rules refused, a run's spent budget,
// a page's error status) cross the queue as fields and are rebuilt as the same error class on the
// caller's side; nothing is parsed out of a failed job's text. Any other exception still fails the job
// (the caller gets JobFailedError), because only an expected failure has fields worth keeping.
import { z } from 'zod';
import { SearchError, type SearchErrorKind } from '../providers/types.ts';
import { PageStatusError } from '../web/read-page.ts';
import { FetchFailedError, FetchRefusedError, type RefusalReason } from '../web/safe-fetch.ts';
import { RunBudgetExhaustedError, type BudgetKind } from './budgets.ts';

const SEARCH_ERROR_KINDS = [
  'auth',
  'credits',
  'limit',
  'blocked',
  'unavailable',
  'invalid',
] as const satisfies readonly SearchErrorKind[];

const REFUSAL_REASONS = [
  'url',
  'scheme',
  'credentials',
  'address',
  'redirects',
  'size',
  'time',
] as const satisfies readonly RefusalReason[];

const BUDGET_KINDS = ['searches', 'reads', 'media'] as const satisfies readonly BudgetKind[];

/** Every failure that crosses a queue as data; `kind` says which, and so which fields it has. */
export const jobErrorSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.enum(SEARCH_ERROR_KINDS),
    message: z.string(),
    provider: z.string().optional(),
    retryAt: z.number().optional(),
    status: z.number().int().optional(),
  }),
  z.object({
    kind: z.literal('refused'),
    message: z.string(),
    reason: z.enum(REFUSAL_REASONS),
    url: z.string(),
  }),
  z.object({ kind: z.literal('fetch-failed'), message: z.string(), url: z.string() }),
  z.object({
    kind: z.literal('page-status'),
    message: z.string(),
    url: z.string(),
    status: z.number().int(),
  }),
  z.object({
    kind: z.literal('budget'),
    message: z.string(),
    runId: z.string(),
    budget: z.enum(BUDGET_KINDS),
    limit: z.number().int(),
    used: z.number().int(),
  }),
]);

export type JobError = z.infer<typeof jobErrorSchema>;
export type JobErrorKind = JobError['kind'];

export type JobResult<Value> = { ok: true; value: Value } | { ok: false; error: JobError };

const jobResultSchema = z.union([
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: jobErrorSchema }),
]);

/** The error as data, when it is one that crosses queues; undefined for anything unexpected. */
export function errorAsData(error: unknown): JobError | undefined {
  if (error instanceof SearchError) {
    return {
      kind: error.kind,
      message: error.message,
      ...(error.provider !== undefined ? { provider: error.provider } : {}),
      ...(error.retryAt !== undefined ? { retryAt: error.retryAt } : {}),
      ...(error.status !== undefined ? { status: error.status } : {}),
    };
  }
  if (error instanceof FetchRefusedError)
    return { kind: 'refused', message: error.message, reason: error.reason, url: error.url };
  if (error instanceof FetchFailedError)
    return { kind: 'fetch-failed', message: error.message, url: error.url };
  if (error instanceof PageStatusError)
    return { kind: 'page-status', message: error.message, url: error.url, status: error.status };
  if (error instanceof RunBudgetExhaustedError) {
    return {
      kind: 'budget',
      message: error.message,
      runId: error.runId,
      budget: error.kind,
      limit: error.limit,
      used: error.used,
    };
  }
  return undefined;
}

/** The error class the worker failed with, rebuilt from its data (same class, kind and fields). */
export function errorFromData(data: JobError): Error {
  switch (data.kind) {
    case 'refused':
      return new FetchRefusedError(data.reason, data.message, data.url);
    case 'fetch-failed':
      return new FetchFailedError(data.message, data.url);
    case 'page-status':
      return Object.assign(new PageStatusError(data.url, data.status), { message: data.message });
    case 'budget':
      return new RunBudgetExhaustedError(data.runId, data.budget, data.limit, data.used);
    default:
      return new SearchError(data.kind, data.message, {
        provider: data.provider,
        retryAt: data.retryAt,
        status: data.status,
      });
  }
}

/** Runs a job's work: its value, or an expected failure as data. Anything unexpected is thrown on. */
export async function jobResult<Value>(work: () => Promise<Value>): Promise<JobResult<Value>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    const data = errorAsData(error);
    if (data) return { ok: false, error: data };
    throw error;
  }
}

/** Thrown when a job's return value is not a JobResult: a worker of another Quarry version answered. */
export class JobResultFormatError extends Error {
  override readonly name = 'JobResultFormatError';
}

/** The value of a job's result, or its failure rebuilt and thrown. */
export function unwrapResult<Value>(result: unknown, queueName: string): Value {
  // The common answer, `{ ok: true, value }`, checked by hand (what the schema's first branch checks,
  // without copying the object); anything else goes through the schema.
  if (
    typeof result === 'object' &&
    result !== null &&
    !Array.isArray(result) &&
    (result as { ok?: unknown }).ok === true &&
    'value' in result
  )
    return (result as { value: Value }).value;
  const parsed = jobResultSchema.safeParse(result);
  if (!parsed.success) {
    throw new JobResultFormatError(
      `A worker on queue ${queueName} answered in a shape this Quarry does not know; run workers of the same Quarry version as the server.`,
    );
  }
  if (parsed.data.ok) return parsed.data.value as Value;
  throw errorFromData(parsed.data.error);
}
