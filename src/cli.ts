// The command line: `quarry <command>`. Each command lives in src/commands/<name>.ts and registers itself
// here. Whatever a command throws ends here as one line on standard error (no stack trace) and an exit
// code: 2 for bad input, 1 for a runtime failure (src/commands/exit-codes.ts).
import { Command, CommanderError } from 'commander';
import { exitCodeFor } from './commands/exit-codes.ts';

/**
 * One entry per command module. Only the module of the command asked for is loaded (all of them for
 * `quarry help` or no command): each pulls in its part of Quarry, and a one-line answer such as
 * "Redis does not answer" should not wait for the whole program to load first.
 */
const COMMANDS: Record<string, () => Promise<(program: Command) => void>> = {
  read: async () => (await import('./commands/read.ts')).registerReadCommand,
  search: async () => (await import('./commands/search.ts')).registerSearchCommand,
  mcp: async () => (await import('./commands/mcp.ts')).registerMcpCommand,
  token: async () => (await import('./commands/token.ts')).registerTokenCommand,
  budget: async () => (await import('./commands/budget.ts')).registerBudgetCommand,
  settings: async () => (await import('./commands/settings.ts')).registerSettingsCommand,
  'login-link': async () => (await import('./commands/login-link.ts')).registerLoginLinkCommand,
  start: async () => (await import('./commands/start.ts')).registerStartCommand,
  worker: async () => (await import('./commands/worker.ts')).registerWorkerCommand,
  run: async () => (await import('./commands/run.ts')).registerRunCommand,
  runs: async () => (await import('./commands/runs.ts')).registerRunsCommand,
};

const program = new Command()
  .name('quarry')
  .description('Web search, page reading and media finding for AI agents, over MCP, on BullMQ workers.')
  .showHelpAfterError()
  // Before the commands are added, so each inherits it: commander's own errors (an unknown option, a
  // bad flag value) come back here and exit 2 like every other bad input.
  .exitOverride();

const asked = process.argv[2];
for (const name of asked && asked in COMMANDS ? [asked] : Object.keys(COMMANDS))
  (await COMMANDS[name]!())(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  // Commander has printed its own message already.
  if (!(error instanceof CommanderError))
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = exitCodeFor(error);
}
