// The Redis commands one search costs, through Quarry's queues and through bare BullMQ making the same
// provider call (the overhead scenario's two ways): `npx tsx bench/overhead-commands.ts [calls]` starts
// a private redis-server on a free loopback port, warms both ways up, then runs `calls` searches per
// way at concurrency 50 under MONITOR and prints the commands per call: those the process sends, and
// those Redis runs inside the scripts they call. Needs `redis-server` on the PATH; stops by itself.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { redisAnswers } from '../src/queue/embedded-redis.ts';
import { searchThroughQueues } from '../src/queue/search.ts';
import { createQueueSystem } from '../src/queue/system.ts';
import { processSearchJob } from '../src/workers/search-processor.ts';
import { startWorkers } from '../src/workers/start-workers.ts';
import { plainQuery } from '../test/queue/fake-provider.ts';
import { startFakeProviderProcess } from './fake-provider-process.ts';
import { overheadQuarry, startBareBullmq } from './overhead-sides.ts';

const CALLS = Number(process.argv[2] ?? 500);
const CONCURRENCY = 50;
const WARMUP = 50;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const port = await freePort();
const redisServer = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', ''], {
  stdio: 'ignore',
});
// Whatever happens, the private Redis and (below) the fake provider go when this process does.
process.on('exit', () => redisServer.kill('SIGTERM'));
const redisUrl = `redis://127.0.0.1:${port}`;
const startedAt = Date.now();
while (!(await redisAnswers(redisUrl, 200))) {
  if (Date.now() - startedAt > 10_000)
    throw new Error(`redis-server did not answer on port ${port} within 10 s.`);
  await new Promise((resolve) => setTimeout(resolve, 50));
}
const remote = await startFakeProviderProcess();
process.on('exit', () => remote.stop());
const prefix = '{overhead-commands}';
const { config, provider, providerContext } = overheadQuarry({
  redisUrl,
  prefix,
  url: remote.url,
  concurrency: CONCURRENCY,
});
const system = createQueueSystem(config, { providers: [provider] });
const workers = await startWorkers(system, { processors: { search: processSearchJob } });
const bare = await startBareBullmq(config, provider, providerContext, CONCURRENCY);

const query = plainQuery('overhead');
const ways: Record<string, () => Promise<unknown>> = {
  quarry: () => searchThroughQueues(system, query),
  bare: () => bare.search(query),
};

async function closedLoop(total: number, call: () => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < total) {
        next += 1;
        await call();
      }
    }),
  );
}

for (const [way, call] of Object.entries(ways)) {
  await closedLoop(WARMUP, call);
  const monitored = new Redis(redisUrl);
  const monitor = await monitored.monitor();
  const counts = new Map<string, number>();
  monitor.on('monitor', (_time: string, args: string[], source: string) => {
    const [command = '', first = ''] = args;
    // A script is named by the first characters of its SHA; commands run inside scripts come as `lua`.
    const name =
      source === 'lua'
        ? `  (in a script) ${command.toUpperCase()}`
        : `${command.toLowerCase()}${command.toLowerCase() === 'evalsha' ? ` ${first.slice(0, 8)}` : ''}`;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  });
  await closedLoop(CALLS, call);
  // Statistics are written every 100 ms: wait for the last write, and for MONITOR to catch up.
  await new Promise((resolve) => setTimeout(resolve, 300));
  monitor.disconnect();
  monitored.disconnect();
  const sent = [...counts].filter(([name]) => !name.startsWith(' ')).reduce((sum, [, n]) => sum + n, 0);
  process.stdout.write(`${way}: ${(sent / CALLS).toFixed(2)} commands sent per call\n`);
  for (const [name, count] of [...counts].sort(([a], [b]) => a.localeCompare(b)))
    process.stdout.write(`${(count / CALLS).toFixed(2).padStart(7)}  ${name}\n`);
  process.stdout.write('\n');
}

await workers.close({ graceMs: 1_000 });
await bare.close();
await system.close();
process.exit(0);
