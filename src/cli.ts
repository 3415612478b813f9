// The command line: `quarry <command>`. Each command lives in src/commands/<name>.ts and registers itself here.
import { Command } from 'commander';
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
  .showHelpAfterError();

// One line per command module:
registerReadCommand(program);
registerSearchCommand(program);
registerMcpCommand(program);
registerTokenCommand(program);
registerStartCommand(program);
registerWorkerCommand(program);
registerRunCommand(program);
registerRunsCommand(program);

await program.parseAsync(process.argv);
