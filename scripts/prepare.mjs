#!/usr/bin/env node
// Runs before `npm start` and `npm test` (their `pre` scripts), with no dependencies of its own:
// installs the locked dependencies when they are missing or older than the lock file; with
// `--agents-cli` also the real agent CLIs the agent-runner tests drive (test/agents-cli, its own lock,
// so the main install stays light). With `--redis` (CI) it also makes sure Redis answers, starting a
// throwaway `redis-server` that outlives it; a test run starts its own in its global setup and stops
// it at the end (test/global-setup.ts). It also installs the bilingual dictionaries the question ranking
// bridges languages with, as root where apt-get is, or says in one line how to (scripts/dictionaries.mjs);
// it writes the English word vectors the ranking also reads from their locked package into a compact
// pair of files (scripts/word-vectors.mjs); with `--agents-cli` (before `npm test`) Debian's Chromium for the console's browser tests the same way
// (scripts/chromium.mjs); with `--unseen-pages` (before the benchmarks) the unseen pages the reading
// benchmark also scores (scripts/unseen-pages.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { ensureChromium } from './chromium.mjs';
import { ensureDictionaries } from './dictionaries.mjs';
import { ensureTestRedis } from './throwaway-redis.mjs';
import { ensureUnseenPages } from './unseen-pages.mjs';
import { ensureWordVectors } from './word-vectors.mjs';

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
ensureDictionaries();
ensureWordVectors();
if (process.argv.includes('--agents-cli')) ensureChromium();
// Before `npm run bench:read`: pages the reading was never tuned on (scripts/unseen-pages.mjs).
if (process.argv.includes('--unseen-pages')) ensureUnseenPages();

if (process.argv.includes('--redis')) {
  // CI's one-off check before `npm test`: a Redis started here keeps running for the run (the tests'
  // own global setup starts and stops one when nothing answers).
  try {
    await ensureTestRedis(undefined, { detached: true });
  } catch (error) {
    console.error(`[quarry] ${error.message}`);
    process.exit(1);
  }
}
