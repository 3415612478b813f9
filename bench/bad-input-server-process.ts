// The server process of the bad-input scenario: the real process lifecycle (startPipelineProcess,
// stopOnSignals) and the real routes (defaultRoutes), with the search, read and media workers, but
// no runs worker, so a run request the fuzzing happens to get right stays queued instead of starting
// an agent; and Brave is the one provider it knows (pointed at a loopback fake), so no argument can
// send a search to a real provider. Settings come from the environment, as for `quarry start`.
import { buildConfig, readConfigSources } from '../src/config.ts';
import { startPipelineProcess, stopOnSignals } from '../src/commands/compose.ts';
import { MEDIA_QUEUE, READ_QUEUE } from '../src/queue/names.ts';
import { createLogger } from '../src/queue/logger.ts';
import { brave } from '../src/providers/brave.ts';
import { defaultRoutes } from '../src/server/routes.ts';
import { processMediaJob } from '../src/workers/media-processor.ts';
import { processReadJob } from '../src/workers/read-processor.ts';
import { processSearchJob } from '../src/workers/search-processor.ts';

const sources = readConfigSources(process.env, { providerIds: ['brave'] });
const config = buildConfig(sources);
const logger = createLogger(config);
const running = startPipelineProcess({
  config,
  sources,
  server: true,
  processors: { search: processSearchJob, [READ_QUEUE]: processReadJob, [MEDIA_QUEUE]: processMediaJob },
  routes: defaultRoutes(),
  providers: [brave],
  logger,
});
stopOnSignals(running, logger);
await running;
