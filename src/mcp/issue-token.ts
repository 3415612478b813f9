// Makes a token for an operator (CLI or admin API): checks the request, gives a new run its budgets
// (a run that has them keeps them: changing a budget is `changeRunBudget`, recorded), keeps the
// token's hash and grant in Redis, and returns the token once. A research run's id is refused: that
// run's agent gets its own token when it starts, and another session on its id would spend its budget
// and write its searches into the run's events, so the run's record would no longer be its agent's work.
import { runBudget, setRunBudget } from '../queue/budgets.ts';
import type { QueueSystem } from '../queue/system.ts';
import { getRun } from '../research/run-store.ts';
import { describeTokenRequestProblems, resolveTokenRequest, tokenRequestSchema } from './token-request.ts';
import { TokenStore, type TokenRecord } from './tokens.ts';

export class TokenRequestError extends Error {
  override readonly name = 'TokenRequestError';
}

export interface IssuedToken {
  token: string;
  record: TokenRecord;
  /** The run's budgets as they are now (for a run that had some, those, not the ones asked for). */
  budgets: { searches?: number; reads?: number; media?: number };
  /** Kinds whose asked-for budget was not applied because the run already had one. */
  keptBudgets: Array<'searches' | 'reads' | 'media'>;
}

export function tokenStoreFor(system: QueueSystem): TokenStore {
  return new TokenStore(system.connection, system.prefix);
}

export async function issueToken(system: QueueSystem, request: unknown): Promise<IssuedToken> {
  const parsed = tokenRequestSchema.safeParse(request);
  if (!parsed.success)
    throw new TokenRequestError(
      `The token request is not valid: ${describeTokenRequestProblems(parsed.error)}.`,
    );
  const resolved = resolveTokenRequest(parsed.data);
  const { runId } = resolved.grant;
  if (parsed.data.run_id) {
    const research = await getRun(system, parsed.data.run_id);
    if (research) {
      throw new TokenRequestError(
        `The token request is not valid: run_id ${research.id} is a research run's (${research.status}, agent ${research.agent}), and its agent gets a token of its own when the run starts; a token made here would spend that run's budget and write into its events. Leave run_id out (the token gets a run of its own) or name another; to change that run's budget: npx quarry budget set ${research.id} --searches N.`,
      );
    }
  }
  const budgets: IssuedToken['budgets'] = {};
  const keptBudgets: IssuedToken['keptBudgets'] = [];
  let grant = resolved.grant;
  if (runId && Object.keys(resolved.budgets).length > 0) {
    // The budget outlives the token at least as long as the token itself can be used.
    const ttlSeconds = Math.max(system.config.runBudgetSeconds, resolved.ttlSeconds ?? 0);
    await setRunBudget(system, runId, resolved.budgets, { ttlSeconds, keepExisting: true });
    const now = await runBudget(system, runId);
    for (const kind of ['searches', 'reads', 'media'] as const) {
      const limit = now[kind].limit;
      if (limit !== undefined) budgets[kind] = limit;
      const asked = resolved.budgets[kind];
      if (asked !== undefined && limit !== asked) keptBudgets.push(kind);
    }
    grant = { ...grant, ...(budgets.searches !== undefined ? { budget: budgets.searches } : {}) };
  }
  const { token, record } = await tokenStoreFor(system).create(
    grant,
    resolved.ttlSeconds ? { ttlSeconds: resolved.ttlSeconds } : {},
  );
  return { token, record, budgets, keptBudgets };
}

/** Says that a run kept its budget, and how an operator changes it. */
export function keptBudgetNote(issued: IssuedToken): string | undefined {
  const runId = issued.record.runId;
  if (!runId || issued.keptBudgets.length === 0) return undefined;
  const kept = issued.keptBudgets.map((kind) => `${issued.budgets[kind]} ${kind}`).join(', ');
  return `Run ${runId} already has a budget and keeps it (${kept}); to change it: npx quarry budget set ${runId} --searches N (or POST /api/runs/${runId}/budget).`;
}
