// A worker process for the tests: the real process lifecycle (startPipelineProcess with the live
// settings store, stopOnSignals)
// with loopback fake providers, plus a `sleepy` queue whose jobs take `data.ms` and report the pid
// that runs them. Settings come from the environment like any Quarry process; the fake providers
// from FAKE_PROVIDERS (JSON: [{ id, concurrency, rateMax, ratePerMs }]).
import type { Job } from 'bullmq';
import { buildConfig, readConfigSources } from '../../src/config.ts';
import { createLogger } from '../../src/queue/logger.ts';
import { processSearchJob } from '../../src/workers/search-processor.ts';
import { startPipelineProcess, stopOnSignals } from '../../src/commands/compose.ts';
import { fakeProvider } from '../queue/fake-provider.ts';

interface FakeProviderSpec {
  id: string;
  concurrency?: number;
  rateMax?: number;
  ratePerMs?: number;
}

const specs = JSON.parse(process.env.FAKE_PROVIDERS ?? '[]') as FakeProviderSpec[];
const providers = specs.map((spec) =>
  fakeProvider(spec.id, {
    concurrency: spec.concurrency ?? 50,
    rate: { max: spec.rateMax ?? 100_000, perMs: spec.ratePerMs ?? 1_000 },
  }),
);

async function sleepy(job: Job, _system: unknown, signal?: AbortSignal): Promise<{ pid: number }> {
  await job.updateProgress({ pid: process.pid });
  const { ms } = job.data as { ms: number };
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    });
  });
  return { pid: process.pid };
}

const sources = readConfigSources(process.env, { providerIds: providers.map((provider) => provider.id) });
const config = buildConfig(sources);
const logger = createLogger(config);
const running = await startPipelineProcess({
  config,
  sources,
  server: false,
  providers,
  processors: { search: processSearchJob, sleepy },
  logger,
});
stopOnSignals(running, logger);
process.stdout.write(`READY ${process.pid}\n`);
