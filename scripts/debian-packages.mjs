// Installing Debian packages the project needs beside its npm dependencies (the dictionaries and
// thesauri, Chromium for the browser tests), for scripts/dictionaries.mjs and scripts/chromium.mjs:
// as root where apt-get is. No dependencies: it runs before and without node_modules.
import { spawnSync } from 'node:child_process';

/** Runs an apt-get step, its errors shown; whether it succeeded. */
function aptGet(args) {
  const result = spawnSync('apt-get', args, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

/** Whether this process may install Debian packages: root, on Linux, with apt-get. */
export const canInstall = () =>
  process.platform === 'linux' &&
  process.getuid?.() === 0 &&
  spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;

let listsRefreshed = false;

/**
 * Installs the packages, without the ones they only recommend; whether it succeeded. Package lists may
 * be missing or old on a fresh machine: they are refreshed first, once a process.
 */
export function aptInstall(packages) {
  if (!listsRefreshed) {
    if (!aptGet(['update', '-qq'])) return false;
    listsRefreshed = true;
  }
  return aptGet(['install', '-y', '-qq', '--no-install-recommends', ...packages]);
}
