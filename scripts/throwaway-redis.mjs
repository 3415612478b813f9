// A throwaway redis-server for the tests when nothing answers at REDIS_URL: started by the tests'
// global setup (and by `prepare.mjs --redis` for CI), stopped by whoever started it, never a Redis
// that was already running. No dependencies: it runs before and without node_modules.
import { spawn, spawnSync } from 'node:child_process';
import { createConnection } from 'node:net';

/** Whether a Redis answers PONG at host:port within a second. */
export function redisAnswers(host, port) {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

async function until(check, attempts = 50) {
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/**
 * Makes sure Redis answers at `url`. When it does already, nothing is started and `stop()` does
 * nothing. Otherwise a redis-server (no persistence) is started as a child, and `stop()` ends it.
 * With `detached`, the server outlives this process (CI's one-off `prepare.mjs --redis`).
 */
export async function ensureTestRedis(url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', options = {}) {
  const address = new URL(url);
  const host = address.hostname || '127.0.0.1';
  const port = Number(address.port || 6379);
  if (await redisAnswers(host, port)) return { started: false, stop: async () => undefined };
  if (spawnSync('sh', ['-c', 'command -v redis-server']).status !== 0) {
    throw new Error(
      `Redis does not answer at ${host}:${port} and redis-server is not installed. ` +
        'Install it (Debian/Ubuntu: apt-get install redis-server), start one with `docker compose up -d redis`, or point REDIS_URL at one.',
    );
  }
  console.error(`[quarry] starting a throwaway redis-server on ${host}:${port} for the tests`);
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', host, '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
      detached: options.detached === true,
    },
  );
  if (options.detached) child.unref();
  if (!(await until(() => redisAnswers(host, port)))) {
    child.kill('SIGKILL');
    throw new Error(`redis-server did not start on ${host}:${port}.`);
  }
  return {
    started: true,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      console.error(`[quarry] stopped the throwaway redis-server on ${host}:${port}`);
    },
  };
}
