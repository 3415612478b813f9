// A worker process for the research tests: the real process lifecycle (startPipelineProcess,
// stopOnSignals) with the loopback fake provider `alpha` and the runs processor with the scripted
// test agent besides the real runners. Settings come from the environment, as for any Quarry worker.
import { buildConfig, readConfigSources } from '../../src/config.ts';
import { createLogger } from '../../src/queue/logger.ts';
import { RUNS_QUEUE } from '../../src/queue/runs-queue.ts';
import { createRunProcessor } from '../../src/research/run-processor.ts';
import { processRunSweepJob, RUN_SWEEP_QUEUE } from '../../src/research/run-retention.ts';
import { startPipelineProcess, stopOnSignals } from '../../src/commands/compose.ts';
import { processSearchJob } from '../../src/workers/search-processor.ts';
import { fakeProvider } from '../queue/fake-provider.ts';
import { testRunners } from './scripted-agent.ts';
import { runnerFor } from '../../src/research/agents/index.ts';

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
    // The scripted agent for `command:"scripted"`, the real runner list for every other spec.
    [RUNS_QUEUE]: createRunProcessor({ runners: (spec) => testRunners(spec) ?? runnerFor(spec) }),
    [RUN_SWEEP_QUEUE]: processRunSweepJob,
  },
  logger,
});
stopOnSignals(running, logger);
process.stdout.write(`READY ${process.pid}\n`);
