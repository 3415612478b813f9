// Makes sure Redis answers before anything else starts. When nothing answers at a loopback address
// and `redis-server` is installed, starts one as a child process (data under <dataDir>/redis,
// append-only file on) and stops it when Quarry stops; when neither, stops with what to do.
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdirSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import type { Logger } from './logger.ts';
import { redisOptionsFromUrl } from './redis-options.ts';

export class RedisUnavailableError extends Error {
  override readonly name = 'RedisUnavailableError';
}

export interface RedisReady {
  /** Set when we started Redis ourselves. */
  embedded?: { pid: number; dataDir: string; stop(): Promise<void> };
}

/** How long a ping waits before we decide nothing answers. */
const PING_MS = 1_000;
/** How long a starting redis-server gets to answer. */
const START_MS = 15_000;

const HOW_TO_GET_REDIS = [
  'Get Redis one of these ways:',
  '  - docker compose up -d redis        (the compose file in this repository)',
  '  - sudo apt-get install redis-server (Debian/Ubuntu; `npm start` then starts it by itself)',
  '  - REDIS_URL=redis://host:6379       (point Quarry at a Redis you already run)',
].join('\n');

/** Whether Redis answers PING at this address. */
export async function redisAnswers(url: string, limitMs = PING_MS): Promise<boolean> {
  const client = new Redis({
    ...redisOptionsFromUrl(url),
    lazyConnect: true,
    connectTimeout: limitMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

export function findExecutable(name: string, path = process.env.PATH ?? ''): string | undefined {
  for (const folder of path.split(delimiter)) {
    if (!folder) continue;
    const candidate = join(folder, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  return undefined;
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

export async function ensureRedis(
  config: Pick<Config, 'redisUrl' | 'embeddedRedis' | 'dataDir'>,
  options: { logger?: Logger; path?: string } = {},
): Promise<RedisReady> {
  const { redisUrl } = config;
  if (await redisAnswers(redisUrl)) return {};
  const shown = redisUrl.replace(/\/\/[^@/]*@/, '//***@');
  const address = redisOptionsFromUrl(redisUrl);
  const host = address.host ?? '127.0.0.1';
  if (!config.embeddedRedis || !isLoopback(host)) {
    throw new RedisUnavailableError(
      `Redis does not answer at ${shown}: start it there or fix REDIS_URL.` +
        (isLoopback(host)
          ? `\n${HOW_TO_GET_REDIS}\n(QUARRY_EMBEDDED_REDIS=false keeps Quarry from starting one.)`
          : ''),
    );
  }
  const executable = findExecutable('redis-server', options.path ?? process.env.PATH);
  if (!executable) {
    throw new RedisUnavailableError(
      `Redis does not answer at ${shown} and redis-server is not installed.\n${HOW_TO_GET_REDIS}`,
    );
  }
  const dataDir = resolve(config.dataDir, 'redis');
  mkdirSync(dataDir, { recursive: true });
  const args = [
    '--port',
    String(address.port ?? 6379),
    '--bind',
    host === 'localhost' ? '127.0.0.1' : host,
    '--dir',
    dataDir,
    '--appendonly',
    'yes',
    '--daemonize',
    'no',
    // Queues must never lose keys to eviction.
    '--maxmemory-policy',
    'noeviction',
  ];
  if (address.password) args.push('--requirepass', String(address.password));
  const child = spawn(executable, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString().split('\n').filter(Boolean));
    output.splice(0, Math.max(0, output.length - 20));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const killOnExit = () => child.kill('SIGTERM');
  process.once('exit', killOnExit);

  const started = Date.now();
  let running = true;
  void exited.then(() => (running = false));
  while (!(await redisAnswers(redisUrl, 500))) {
    if (!running || Date.now() - started > START_MS) {
      child.kill('SIGKILL');
      process.removeListener('exit', killOnExit);
      throw new RedisUnavailableError(
        `redis-server (${executable}) did not start on ${host}:${address.port}; its last words:\n${output.join('\n')}\n${HOW_TO_GET_REDIS}`,
      );
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  options.logger?.info({ pid: child.pid, dataDir, port: address.port }, 'started an embedded redis-server');
  return {
    embedded: {
      pid: child.pid!,
      dataDir,
      stop: () => stopChild(child, exited, killOnExit),
    },
  };
}

async function stopChild(
  child: ChildProcess,
  exited: Promise<number | null>,
  killOnExit: () => void,
): Promise<void> {
  process.removeListener('exit', killOnExit);
  if (child.exitCode !== null || child.signalCode !== null) return;
  // SIGTERM makes redis-server flush its append-only file and exit.
  child.kill('SIGTERM');
  await exited;
}
