// The command line: `quarry <command>`. Each command lives in src/commands/<name>.ts and registers itself
// here. Whatever a command throws ends here as one line on standard error (no stack trace) and an exit
// code: 2 for bad input, 1 for a runtime failure (src/commands/exit-codes.ts).
import { Command, CommanderError } from 'commander';
import { registerBudgetCommand } from './commands/budget.ts';
import { exitCodeFor } from './commands/exit-codes.ts';
import { registerReadCommand } from './commands/read.ts';
import { registerRunCommand } from './commands/run.ts';
import { registerRunsCommand } from './commands/runs.ts';
import { registerSearchCommand } from './commands/search.ts';
import { registerMcpCommand } from './commands/mcp.ts';
import { registerTokenCommand } from './commands/token.ts';
import { registerStartCommand } from './commands/start.ts';
import { registerWorkerCommand } from './commands/worker.ts';

const program = new Command()
  .name('quarry')
  .description('Web search, page reading and media finding for AI agents, over MCP, on BullMQ workers.')
  .showHelpAfterError()
  // Before the commands are added, so each inherits it: commander's own errors (an unknown option, a
  // bad flag value) come back here and exit 2 like every other bad input.
  .exitOverride();

// One line per command module:
registerReadCommand(program);
registerSearchCommand(program);
registerMcpCommand(program);
registerTokenCommand(program);
registerBudgetCommand(program);
registerStartCommand(program);
registerWorkerCommand(program);
registerRunCommand(program);
registerRunsCommand(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  // Commander has printed its own message already.
  if (!(error instanceof CommanderError))
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = exitCodeFor(error);
}
