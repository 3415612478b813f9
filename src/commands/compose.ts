// The composition root: what a Quarry process is made of. Make sure Redis answers (starting an
// embedded one if that is how it is set up), start the workers for every queue (`defaultProcessors`),
// and with `server` the HTTP app too. `quarry start`, `quarry worker` and `quarry mcp --workers` are
// composed here and nowhere else. SIGTERM/SIGINT stop it in order: the
// server stops taking requests, workers stop taking jobs and finish (or hand back) those in flight,
// connections close, the embedded Redis stops, and the process exits 0.
import type { Config, ConfigSources } from '../config.ts';
import type { SearchProvider } from '../providers/types.ts';
import { ensureRedis } from '../queue/embedded-redis.ts';
import { exitCodeFor } from './exit-codes.ts';
import { applyProviderLimits } from '../queue/limits.ts';
import { createLogger, type Logger } from '../queue/logger.ts';
import { createQueueSystem, type QueueSystem } from '../queue/system.ts';
import { loadAdminToken } from '../server/admin-token.ts';
import { createApp, type RouteRegistrar } from '../server/app.ts';
import { startBanner } from '../server/banner.ts';
import { startHttpServer } from '../server/http-server.ts';
import { SettingsStore } from '../settings/settings-store.ts';
import { MEDIA_QUEUE, READ_QUEUE } from '../queue/names.ts';
import type { JobProcessor } from '../queue/queue-contract.ts';
import { processMediaJob } from '../workers/media-processor.ts';
import { processReadJob } from '../workers/read-processor.ts';
import { processSearchJob } from '../workers/search-processor.ts';
import { warmUpReading } from '../web/read-html.ts';
import { startWorkers } from '../workers/start-workers.ts';
import { RUNS_QUEUE } from '../queue/runs-queue.ts';
import { runnerFor } from '../research/agents/index.ts';
import { createRunProcessor } from '../research/run-processor.ts';
import { processRunSweepJob, RUN_SWEEP_QUEUE, scheduleRunSweep } from '../research/run-retention.ts';
import { FINALIZE_QUEUE, KEEP_PICTURE_QUEUE } from '../queue/finalize-queue.ts';
import { processFinalizeJob, processKeepPictureJob } from '../research/finalize-processor.ts';

/**
 * The processors a Quarry worker process runs, by queue: every provider's search queue, `read`,
 * `media`, research `runs` (agents from the runner list), the runs' retention sweep, and a run's end
 * (`finalize` and its `keep-picture` children).
 */
export function defaultProcessors(): Record<string, JobProcessor> {
  return {
    search: processSearchJob,
    [READ_QUEUE]: processReadJob,
    [MEDIA_QUEUE]: processMediaJob,
    [RUNS_QUEUE]: createRunProcessor({ runners: runnerFor }),
    [RUN_SWEEP_QUEUE]: processRunSweepJob,
    [FINALIZE_QUEUE]: processFinalizeJob,
    [KEEP_PICTURE_QUEUE]: processKeepPictureJob,
  };
}

export interface PipelineProcessOptions {
  /** The configuration read at start-up (environment over the settings file). */
  config: Config;
  /**
   * Where it came from (`readConfigSources`): given, the process follows the live settings store
   * (seeding it from the settings file at the first start), so a change applies without a restart.
   */
  sources?: ConfigSources;
  /** Start the HTTP server too (`npm start`); without it, workers only (`npm run worker`). */
  server: boolean;
  processors: Record<string, JobProcessor>;
  routes?: readonly RouteRegistrar[];
  providers?: readonly SearchProvider[];
  logger?: Logger;
  /** Where the one-time notice of a generated operator token goes; default stderr. */
  notice?: (text: string) => void;
}

export interface PipelineProcess {
  system: QueueSystem;
  /** The live settings, when the process follows the store. */
  settings?: SettingsStore;
  /** The HTTP server's address, when it runs. */
  url?: string;
  stop(): Promise<void>;
}

/**
 * Where this process reads pages, warms the question ranking up once its workers run: the first
 * question a read worker ranks would otherwise pay for loading the ranking's parts (`warmUpReading`).
 */
export function warmUpWhenReading(processors: Record<string, JobProcessor>, logger: Logger): void {
  if (!processors[READ_QUEUE]) return;
  setImmediate(() => {
    warmUpReading().catch((error: unknown) => {
      logger.warn({ err: error }, 'could not warm the question ranking up; the first question loads it');
    });
  });
}

export async function startPipelineProcess(options: PipelineProcessOptions): Promise<PipelineProcess> {
  const { config } = options;
  const logger = options.logger ?? createLogger(config);
  const redis = await ensureRedis(config, { logger });
  const settings = options.sources
    ? await SettingsStore.open({
        sources: options.sources,
        config,
        logger,
        announceAs: options.server ? 'quarry start' : 'quarry worker',
      })
    : undefined;
  const system = createQueueSystem(settings?.current() ?? config, {
    logger,
    providers: options.providers,
    ...(settings ? { live: settings } : {}),
  });
  if (settings) system.onClose(() => settings.close());
  const workers = await startWorkers(system, {
    processors: options.processors,
    // Provider queues' workers follow the switches: on → a worker, off → none (a blocking connection less).
    ...(settings ? { settingsChanges: (listener: () => void) => settings.onChange(listener) } : {}),
  });
  warmUpWhenReading(options.processors, logger);
  // The retention sweep repeats on its own queue, at the interval the workers are set to.
  if (options.processors[RUN_SWEEP_QUEUE]) await scheduleRunSweep(system);
  if (settings && options.processors.search) {
    // Provider queues' global limits live in Redis: a changed limit is written again at once.
    settings.onChange(() => {
      applyProviderLimits(system).catch((error: unknown) =>
        logger.error({ err: error }, 'could not apply changed provider limits'),
      );
    });
  }

  let url: string | undefined;
  let closeServer = async () => undefined as void;
  if (options.server) {
    const admin = loadAdminToken(config);
    if (admin.source === 'generated') {
      (options.notice ?? ((text) => process.stderr.write(`${text}\n`)))(
        `Quarry generated an operator token for the dashboard and the admin API (kept in ${admin.path}; shown only this once):\n  ${admin.token}`,
      );
    }
    const app = await createApp(system, {
      adminToken: admin.token,
      routes: options.routes,
      ...(settings ? { settings } : {}),
    });
    const server = await startHttpServer(app, { host: config.host, port: config.port });
    url = server.url;
    closeServer = () => server.close();
    logger.info({ url, dashboard: `${url}/dashboard/queues` }, 'HTTP server listening');
    (options.notice ?? ((text) => process.stderr.write(`${text}\n`)))(await startBanner(system, url));
  }

  let stopping: Promise<void> | undefined;
  return {
    system,
    ...(settings ? { settings } : {}),
    url,
    stop() {
      stopping ??= (async () => {
        await closeServer();
        await workers.close();
        await system.close();
        await redis.embedded?.stop();
      })();
      return stopping;
    },
  };
}

/**
 * A signal repeated within this long is the same request arriving twice (a terminal's Ctrl-C reaches
 * npm, tsx and node at once, and tsx relays it too), not an operator insisting.
 */
const REPEATED_SIGNAL_MS = 2_000;

/**
 * Stops the process on SIGTERM/SIGINT and exits 0; a second signal, given later, exits at once with 1.
 * Takes the process while it is still starting too, so a signal that arrives meanwhile stops it in order.
 */
export function stopOnSignals(running: PipelineProcess | Promise<PipelineProcess>, logger: Logger): void {
  let firstAt: number | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (firstAt !== undefined) {
      if (Date.now() - firstAt < REPEATED_SIGNAL_MS) return;
      logger.warn({ signal }, 'second signal: exiting without waiting for jobs in flight');
      process.exit(1);
    }
    firstAt = Date.now();
    logger.info({ signal }, 'stopping: no new jobs; finishing those in flight');
    Promise.resolve(running)
      .then((started) => started.stop())
      .then(
        () => {
          logger.info('stopped');
          process.exit(0);
        },
        (error: unknown) => {
          logger.error({ err: error }, 'stopping failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

/**
 * Runs a command's start-up; a failure prints its message — which says what to change — without a
 * stack trace in the operator's way, and exits as every command does (src/commands/exit-codes.ts):
 * 2 for bad input (a flag, a setting), 1 for a runtime failure (no Redis, a taken port).
 */
export async function startOrExit<Result>(start: () => Promise<Result>): Promise<Result> {
  try {
    return await start();
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(exitCodeFor(error));
  }
}
