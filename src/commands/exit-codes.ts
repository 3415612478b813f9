// How every command ends: 0 done, 2 bad input (a flag, an argument, a setting: the message says what
// to change), 1 a runtime failure (Redis down, a fetch that failed, a provider's error). `src/cli.ts`
// turns what a command throws into one line and the exit code.
import { CommanderError } from 'commander';
import { ConfigError } from '../config.ts';
import { RunBudgetChangeError } from '../mcp/change-run-budget.ts';
import { TokenRequestError } from '../mcp/issue-token.ts';
import { TokenIdError } from '../mcp/tokens.ts';
import { UnknownProviderError } from '../providers/index.ts';
import { SearchError } from '../providers/types.ts';
import { FetchRefusedError } from '../web/safe-fetch.ts';

export const EXIT_FAILURE = 1;
export const EXIT_BAD_INPUT = 2;

/** Bad input found by a command itself: the message says what to change; exits 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** What operators and agents asked for that cannot be done as asked. */
const BAD_INPUT_ERRORS = [
  UsageError,
  ConfigError,
  UnknownProviderError,
  TokenRequestError,
  TokenIdError,
  RunBudgetChangeError,
];

/** Refusals that are about the address given (not about the page's size or time). */
const ADDRESS_REFUSALS = new Set(['url', 'scheme', 'credentials', 'address']);

export function exitCodeFor(error: unknown): number {
  if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : EXIT_BAD_INPUT;
  if (BAD_INPUT_ERRORS.some((kind) => error instanceof kind)) return EXIT_BAD_INPUT;
  if (error instanceof SearchError && error.kind === 'invalid') return EXIT_BAD_INPUT;
  if (error instanceof FetchRefusedError && ADDRESS_REFUSALS.has(error.reason)) return EXIT_BAD_INPUT;
  return EXIT_FAILURE;
}
