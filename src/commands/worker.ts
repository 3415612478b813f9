// `quarry worker` (`npm run worker`): workers only. Start more of these, on this machine or others
// pointed at the same Redis, to add capacity; the limits hold across all of them.
import type { Command } from 'commander';
import { buildConfig, readConfigSources } from '../config.ts';
import { createLogger } from '../queue/logger.ts';
import { defaultProcessors, startOrExit, startPipelineProcess, stopOnSignals } from './compose.ts';

export function registerWorkerCommand(program: Command): void {
  program
    .command('worker')
    .description('Start workers only (search, read and media queues); run more of them to add capacity.')
    .option('--concurrency <jobs>', 'jobs at once per queue in this process (QUARRY_WORKER_CONCURRENCY)')
    .action(async (options: { concurrency?: string }) => {
      // The flag sets its variable for this process; a bad value names the flag, not the variable.
      const environment = { ...process.env };
      const flags: Record<string, string> = {};
      if (options.concurrency)
        [environment.QUARRY_WORKER_CONCURRENCY, flags.QUARRY_WORKER_CONCURRENCY] = [
          options.concurrency,
          '--concurrency',
        ];
      const sources = await startOrExit(async () => readConfigSources(environment, { flags }));
      const config = await startOrExit(async () => buildConfig(sources));
      const logger = createLogger(config);
      const starting = startOrExit(() =>
        startPipelineProcess({
          config,
          sources,
          server: false,
          processors: defaultProcessors(),
          logger,
        }),
      );
      // Signals are handled from the first moment: one that arrives during start-up stops in order.
      stopOnSignals(starting, logger);
      await starting;
    });
}
