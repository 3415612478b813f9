// `quarry budget show|set RUN`: a run's budget. Setting one is the operator's explicit action, kept in
// the audit stream with what it was before (`quarry token create` for a run that has a budget keeps it).
import { Command, InvalidArgumentError } from 'commander';
import { changeRunBudget, RUN_ID_PATTERN, type RunBudgets } from '../mcp/change-run-budget.ts';
import { runBudget } from '../queue/budgets.ts';
import { UsageError } from './exit-codes.ts';
import { withQueueSystem } from './queue-system-or-fail.ts';
import { typedWholeNumber } from './typed-number.ts';

function count(flag: string) {
  return (value: string): number => {
    const number = typedWholeNumber(value);
    if (!Number.isInteger(number) || number < 0)
      throw new InvalidArgumentError(`${flag} takes a whole number of 0 or more, such as 40.`);
    return number;
  };
}

function checkedRunId(runId: string): string {
  if (!RUN_ID_PATTERN.test(runId))
    throw new UsageError(
      `The run id "${runId}" is not valid: it takes letters, digits and . _ : - (at most 100).`,
    );
  return runId;
}

function describe(runId: string, budgets: RunBudgets): string {
  const words = { searches: 'searches', reads: 'page reads', media: 'media look-ups' } as const;
  const parts = Object.values(budgets).map((status) =>
    status.limit === undefined
      ? `${words[status.kind]}: ${status.used} used, no limit`
      : `${words[status.kind]}: ${status.used} of ${status.limit} used`,
  );
  return `Run ${runId}: ${parts.join('; ')}`;
}

export function registerBudgetCommand(program: Command): void {
  const budget = program
    .command('budget')
    .description("A run's budget of searches, page reads and media look-ups.");
  budget
    .command('show <run>')
    .description('Print what the run has used and may use.')
    .action(async (runId: string) => {
      checkedRunId(runId);
      await withQueueSystem(async (system) => {
        process.stdout.write(`${describe(runId, await runBudget(system, runId))}\n`);
      });
    });
  budget
    .command('set <run>')
    .description("Change the run's budget (recorded); kinds left out keep theirs. 0 stops that kind.")
    .option('--searches <n>', 'web_search calls the run may make', count('--searches'))
    .option('--reads <n>', 'read_page calls the run may make', count('--reads'))
    .option('--media <n>', 'find_media look-ups the run may make', count('--media'))
    .action(async (runId: string, flags: { searches?: number; reads?: number; media?: number }) => {
      checkedRunId(runId);
      if (flags.searches === undefined && flags.reads === undefined && flags.media === undefined)
        throw new UsageError('quarry budget set needs at least one of --searches, --reads, --media.');
      await withQueueSystem(async (system) => {
        const { after } = await changeRunBudget(
          system,
          runId,
          {
            ...(flags.searches !== undefined ? { budget: flags.searches } : {}),
            ...(flags.reads !== undefined ? { read_budget: flags.reads } : {}),
            ...(flags.media !== undefined ? { media_budget: flags.media } : {}),
          },
          'cli',
        );
        process.stdout.write(`${describe(runId, after)} (changed; recorded)\n`);
      });
    });
}
