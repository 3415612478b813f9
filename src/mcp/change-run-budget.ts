// Changing a run's budget: the operator's explicit action (`quarry budget set`, POST
// /api/runs/:id/budget), checked, applied and recorded in the audit stream with what it was before.
// Issuing a token for a run never changes its budget; this does.
import { z } from 'zod';
import { runBudget, setRunBudget, type BudgetKind, type BudgetStatus } from '../queue/budgets.ts';
import type { QueueSystem } from '../queue/system.ts';
import { recordOperatorAction } from './operator-audit.ts';

export class RunBudgetChangeError extends Error {
  override readonly name = 'RunBudgetChangeError';
}

const count = (what: string) =>
  z
    .number({ message: `${what} must be a number` })
    .int({ message: `${what} must be a whole number` })
    .min(0, { message: `${what} must be 0 or more (0 stops them)` })
    .max(100_000, { message: `${what} must be at most 100000` })
    .optional();

export const runBudgetChangeSchema = z
  .object({
    budget: count('budget (searches)'),
    read_budget: count('read_budget (page reads)'),
    media_budget: count('media_budget (media look-ups)'),
  })
  .strict()
  .refine(
    (change) =>
      change.budget !== undefined || change.read_budget !== undefined || change.media_budget !== undefined,
    { message: 'give at least one of budget, read_budget, media_budget' },
  );

export const RUN_ID_PATTERN = /^[A-Za-z0-9._:-]{1,100}$/;

export type RunBudgets = Record<BudgetKind, BudgetStatus>;

function limits(budgets: RunBudgets): Partial<Record<BudgetKind, number>> {
  return Object.fromEntries(
    Object.values(budgets)
      .filter((status) => status.limit !== undefined)
      .map((status) => [status.kind, status.limit]),
  );
}

/** Sets the run's budget to `change` (kinds left out keep theirs) and records who did it. */
export async function changeRunBudget(
  system: QueueSystem,
  runId: string,
  change: unknown,
  actor: string,
): Promise<{ before: RunBudgets; after: RunBudgets }> {
  if (!RUN_ID_PATTERN.test(runId))
    throw new RunBudgetChangeError(
      `The run id ${JSON.stringify(runId)} is not valid: it takes letters, digits and . _ : - (at most 100).`,
    );
  const parsed = runBudgetChangeSchema.safeParse(change);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) =>
      issue.code === 'unrecognized_keys'
        ? `unknown field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.join(', ')} (fields: budget, read_budget, media_budget)`
        : issue.message,
    );
    throw new RunBudgetChangeError(`The budget change is not valid: ${problems.join('; ')}.`);
  }
  const before = await runBudget(system, runId);
  const wanted = {
    ...(parsed.data.budget !== undefined ? { searches: parsed.data.budget } : {}),
    ...(parsed.data.read_budget !== undefined ? { reads: parsed.data.read_budget } : {}),
    ...(parsed.data.media_budget !== undefined ? { media: parsed.data.media_budget } : {}),
  };
  await setRunBudget(system, runId, wanted);
  const after = await runBudget(system, runId);
  await recordOperatorAction(system, {
    action: 'run-budget-set',
    actor,
    details: { run_id: runId, before: limits(before), after: limits(after) },
  });
  return { before, after };
}
