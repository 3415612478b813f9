#!/usr/bin/env node
// Runs before `npm start` and `npm test` (their `pre` scripts), with no dependencies of its own:
// installs the locked dependencies when they are missing or older than the lock file, and with
// `--redis` makes sure Redis answers for the tests (starts a throwaway `redis-server` when it is
// installed and nothing answers at REDIS_URL); with `--agents-cli` installs the real agent CLIs the
// agent-runner tests drive (test/agents-cli, its own lock, so the main install stays light).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { createConnection } from 'node:net';

function dependenciesStale(folder) {
  const installedMarker = `${folder}/node_modules/.package-lock.json`;
  if (!existsSync(installedMarker)) return true;
  return statSync(`${folder}/package-lock.json`).mtimeMs > statSync(installedMarker).mtimeMs;
}

function install(folder) {
  if (process.env.QUARRY_SKIP_INSTALL === '1' || !dependenciesStale(folder)) return;
  console.error(`[quarry] installing the locked dependencies in ${folder} (npm ci)...`);
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--prefix', folder], {
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

install('.');
if (process.argv.includes('--agents-cli')) install('test/agents-cli');

function ping(host, port) {
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

if (process.argv.includes('--redis')) {
  const address = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const host = address.hostname || '127.0.0.1';
  const port = Number(address.port || 6379);
  if (!(await ping(host, port))) {
    const found = spawnSync('sh', ['-c', 'command -v redis-server']).status === 0;
    if (!found) {
      console.error(
        `[quarry] Redis does not answer at ${host}:${port} and redis-server is not installed.\n` +
          'Install it (Debian/Ubuntu: apt-get install redis-server), start it with docker compose up redis, or point REDIS_URL at one.',
      );
      process.exit(1);
    }
    console.error(`[quarry] starting a throwaway redis-server on ${host}:${port} for the tests`);
    const child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', host, '--save', '', '--appendonly', 'no', '--daemonize', 'yes'],
      { stdio: 'inherit' },
    );
    await new Promise((resolve) => child.on('exit', resolve));
    for (let attempt = 0; attempt < 50 && !(await ping(host, port)); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!(await ping(host, port))) {
      console.error(`[quarry] redis-server did not start on ${host}:${port}`);
      process.exit(1);
    }
  }
}
