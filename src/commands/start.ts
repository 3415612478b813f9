// `quarry start` (`npm start`): the HTTP server (MCP, dashboard, API) with workers in the same process.
import type { Command } from 'commander';
import { buildConfig, readConfigSources } from '../config.ts';
import { createLogger } from '../queue/logger.ts';
import { defaultRoutes } from '../server/routes.ts';
import { defaultProcessors, startOrExit, startPipelineProcess, stopOnSignals } from './compose.ts';

export function registerStartCommand(program: Command): void {
  program
    .command('start')
    .description(
      'Start the HTTP server (MCP at /mcp, dashboard at /dashboard/queues) with workers in one process.',
    )
    .option('--port <port>', 'port to listen on (PORT)')
    .option('--host <host>', 'address to bind (HOST; default 127.0.0.1)')
    .action(async (options: { port?: string; host?: string }) => {
      // A flag sets its variable for this process; a bad value names the flag, not the variable.
      const environment = { ...process.env };
      const flags: Record<string, string> = {};
      if (options.port) [environment.PORT, flags.PORT] = [options.port, '--port'];
      if (options.host) [environment.HOST, flags.HOST] = [options.host, '--host'];
      const sources = await startOrExit(async () => readConfigSources(environment, { flags }));
      const config = await startOrExit(async () => buildConfig(sources));
      const logger = createLogger(config);
      const starting = startOrExit(() =>
        startPipelineProcess({
          config,
          sources,
          server: true,
          processors: defaultProcessors(),
          routes: defaultRoutes(),
          logger,
        }),
      );
      // Signals are handled from the first moment: one that arrives during start-up stops in order.
      stopOnSignals(starting, logger);
      await starting;
    });
}
