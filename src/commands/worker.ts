// `quarry worker` (`npm run worker`): workers only. Start more of these, on this machine or others
// pointed at the same Redis, to add capacity; the limits hold across all of them.
import type { Command } from 'commander';
import { loadConfig } from '../config.ts';
import { createLogger } from '../queue/logger.ts';
import { defaultProcessors, startOrExit, startPipelineProcess, stopOnSignals } from './compose.ts';

export function registerWorkerCommand(program: Command): void {
  program
    .command('worker')
    .description('Start workers only (search, read and media queues); run more of them to add capacity.')
    .option('--concurrency <jobs>', 'jobs at once per queue in this process (QUARRY_WORKER_CONCURRENCY)')
    .action(async (options: { concurrency?: string }) => {
      const environment = { ...process.env };
      if (options.concurrency) environment.QUARRY_WORKER_CONCURRENCY = options.concurrency;
      const config = await startOrExit(async () => loadConfig(environment));
      const logger = createLogger(config);
      const running = await startOrExit(() =>
        startPipelineProcess({
          config,
          server: false,
          processors: defaultProcessors(),
          logger,
        }),
      );
      stopOnSignals(running, logger);
    });
}
