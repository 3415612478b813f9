// `quarry start` (`npm start`): the HTTP server (MCP, dashboard, API) with workers in the same process.
import type { Command } from 'commander';
import { loadConfig } from '../config.ts';
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
      const environment = { ...process.env };
      if (options.port) environment.PORT = options.port;
      if (options.host) environment.HOST = options.host;
      const config = await startOrExit(async () => loadConfig(environment));
      const logger = createLogger(config);
      const running = await startOrExit(() =>
        startPipelineProcess({
          config,
          server: true,
          processors: defaultProcessors(),
          routes: defaultRoutes(),
          logger,
        }),
      );
      stopOnSignals(running, logger);
    });
}
