// A worker process for the research tests: the real process lifecycle (startPipelineProcess,
// stopOnSignals) with the loopback fake provider `alpha` and the runs processor with the scripted
// test agents besides the real runners, read_page's and find_media's workers, and a run's end
// (finalize, keep-picture). Settings come from the environment, as for any Quarry worker. With
// QUARRY_TEST_SERVE=1 it is a whole Quarry (`npm start`): the HTTP server (MCP, /api/runs, reports)
// on HOST and PORT besides the workers (or alone, QUARRY_TEST_WORKERS=none), so a test can kill and
// start again the server agents talk to.
import { buildConfig, readConfigSources } from '../../src/config.ts';
import { createLogger } from '../../src/queue/logger.ts';
import { RUNS_QUEUE } from '../../src/queue/runs-queue.ts';
import { createRunProcessor } from '../../src/research/run-processor.ts';
import { processRunSweepJob, RUN_SWEEP_QUEUE } from '../../src/research/run-retention.ts';
import { startPipelineProcess, stopOnSignals } from '../../src/commands/compose.ts';
import { processSearchJob } from '../../src/workers/search-processor.ts';
import { processReadJob } from '../../src/workers/read-processor.ts';
import { MEDIA_QUEUE, READ_QUEUE } from '../../src/queue/names.ts';
import { processMediaJob } from '../../src/workers/media-processor.ts';
import { createMcpRoute } from '../../src/server/mcp-route.ts';
import { createRunReportRoute } from '../../src/server/run-report-route.ts';
import { createRunsRoute } from '../../src/server/runs-route.ts';
import { FINALIZE_QUEUE, KEEP_PICTURE_QUEUE } from '../../src/queue/finalize-queue.ts';
import { processFinalizeJob, processKeepPictureJob } from '../../src/research/finalize-processor.ts';
import { fakeProvider } from '../queue/fake-provider.ts';
import { testRunners } from './scripted-agent.ts';
import { readingAgent } from './reading-agent.ts';
import { runnerFor } from '../../src/research/agents/index.ts';

const providers = [fakeProvider('alpha')];
const sources = readConfigSources(process.env, { providerIds: providers.map((provider) => provider.id) });
const config = buildConfig(sources);
const logger = createLogger(config);
// QUARRY_TEST_WORKERS=none: the server alone (its workers run in other processes).
const serverOnly = process.env.QUARRY_TEST_WORKERS === 'none';
const running = await startPipelineProcess({
  config,
  sources,
  server: process.env.QUARRY_TEST_SERVE === '1',
  routes: [createMcpRoute(), createRunReportRoute(), createRunsRoute()],
  providers,
  processors: serverOnly
    ? {}
    : {
        search: processSearchJob,
        // The scripted agent for `command:"scripted"`, the real runner list for every other spec.
        [RUNS_QUEUE]: createRunProcessor({
          runners: (spec) =>
            spec === 'command:"reading"' ? readingAgent : (testRunners(spec) ?? runnerFor(spec)),
        }),
        [RUN_SWEEP_QUEUE]: processRunSweepJob,
        // A run's end: its finalize flow (the run ends `succeeded` there) and its pictures.
        [FINALIZE_QUEUE]: processFinalizeJob,
        [KEEP_PICTURE_QUEUE]: processKeepPictureJob,
        [READ_QUEUE]: processReadJob,
        [MEDIA_QUEUE]: processMediaJob,
      },
  logger,
  notice: () => undefined,
});
stopOnSignals(running, logger);
process.stdout.write(`READY ${process.pid}\n`);
