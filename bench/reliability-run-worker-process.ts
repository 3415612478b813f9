// The worker process of the worker-kills scenario: the real process lifecycle (startPipelineProcess,
// stopOnSignals) with the loopback fake provider `alpha`, searches, reads (read_page), and runs with the real runner list
// (Quarry's own `openai` researcher among them). Settings come from the environment, as for any worker.
import { buildConfig, readConfigSources } from '../src/config.ts';
import { startPipelineProcess, stopOnSignals } from '../src/commands/compose.ts';
import { createLogger } from '../src/queue/logger.ts';
import { FINALIZE_QUEUE, KEEP_PICTURE_QUEUE } from '../src/queue/finalize-queue.ts';
import { READ_QUEUE } from '../src/queue/names.ts';
import { RUNS_QUEUE } from '../src/queue/runs-queue.ts';
import { runnerFor } from '../src/research/agents/index.ts';
import { processFinalizeJob, processKeepPictureJob } from '../src/research/finalize-processor.ts';
import { createRunProcessor } from '../src/research/run-processor.ts';
import { processRunSweepJob, RUN_SWEEP_QUEUE } from '../src/research/run-retention.ts';
import { processReadJob } from '../src/workers/read-processor.ts';
import { processSearchJob } from '../src/workers/search-processor.ts';
import { fakeProvider } from '../test/queue/fake-provider.ts';

const providers = [fakeProvider('alpha')];
const sources = readConfigSources(process.env, { providerIds: providers.map((provider) => provider.id) });
const config = buildConfig(sources);
const logger = createLogger(config);
const running = await startPipelineProcess({
  config,
  sources,
  server: false,
  providers,
  processors: {
    search: processSearchJob,
    [READ_QUEUE]: processReadJob,
    [RUNS_QUEUE]: createRunProcessor({ runners: runnerFor }),
    [RUN_SWEEP_QUEUE]: processRunSweepJob,
    // A run ends through its finalize flow (finalizing, then succeeded).
    [FINALIZE_QUEUE]: processFinalizeJob,
    [KEEP_PICTURE_QUEUE]: processKeepPictureJob,
  },
  logger,
});
stopOnSignals(running, logger);
process.stdout.write(`READY ${process.pid}\n`);
