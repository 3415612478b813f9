// A worker process for the research tests: the real process lifecycle (startPipelineProcess,
// stopOnSignals) with the loopback fake provider `alpha` and the runs processor with the scripted
// test agent as its only runner. Settings come from the environment, as for any Quarry worker.
import { loadConfig } from '../../src/config.ts';
import { createLogger } from '../../src/queue/logger.ts';
import { RUNS_QUEUE } from '../../src/queue/runs-queue.ts';
import { createRunProcessor } from '../../src/research/run-processor.ts';
import { processRunSweepJob, RUN_SWEEP_QUEUE } from '../../src/research/run-retention.ts';
import { startPipelineProcess, stopOnSignals } from '../../src/commands/compose.ts';
import { processSearchJob } from '../../src/workers/search-processor.ts';
import { fakeProvider } from '../queue/fake-provider.ts';
import { testRunners } from './scripted-agent.ts';

const config = loadConfig(process.env);
const logger = createLogger(config);
const running = await startPipelineProcess({
  config,
  server: false,
  providers: [fakeProvider('alpha')],
  processors: {
    search: processSearchJob,
    [RUNS_QUEUE]: createRunProcessor({ runners: testRunners }),
    [RUN_SWEEP_QUEUE]: processRunSweepJob,
  },
  logger,
});
stopOnSignals(running, logger);
process.stdout.write(`READY ${process.pid}\n`);
