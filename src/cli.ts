// The command line: `quarry <command>`. Each command lives in src/commands/<name>.ts and registers itself here.
import { Command } from 'commander';
import { registerReadCommand } from './commands/read.ts';
import { registerSearchCommand } from './commands/search.ts';
import { registerSettingsCommand } from './commands/settings.ts';
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
registerSettingsCommand(program);
registerMcpCommand(program);
registerTokenCommand(program);
registerStartCommand(program);
registerWorkerCommand(program);

await program.parseAsync(process.argv);
