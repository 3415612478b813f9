// Makes a token for an operator (CLI or admin API): checks the request, sets the run's budgets, keeps
// the token's hash and grant in Redis, and returns the token once.
import { setRunBudget } from '../queue/budgets.ts';
import type { QueueSystem } from '../queue/system.ts';
import { describeTokenRequestProblems, resolveTokenRequest, tokenRequestSchema } from './token-request.ts';
import { TokenStore, type TokenRecord } from './tokens.ts';

export class TokenRequestError extends Error {
  override readonly name = 'TokenRequestError';
}

export interface IssuedToken {
  token: string;
  record: TokenRecord;
  budgets: { searches?: number; reads?: number; media?: number };
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
  if (runId && Object.keys(resolved.budgets).length > 0) {
    // The budget outlives the token at least as long as the token itself can be used.
    const ttlSeconds = Math.max(system.config.runBudgetSeconds, resolved.ttlSeconds ?? 0);
    await setRunBudget(system, runId, resolved.budgets, { ttlSeconds });
  }
  const { token, record } = await tokenStoreFor(system).create(
    resolved.grant,
    resolved.ttlSeconds ? { ttlSeconds: resolved.ttlSeconds } : {},
  );
  return { token, record, budgets: resolved.budgets };
}
