#!/usr/bin/env node
// The bilingual dictionaries the question ranking bridges languages with (src/web/extract/lexicon.ts):
// FreeDict's, from Debian's `dict-freedict-<from>-<to>` packages, which put them in /usr/share/dictd.
// The one list of them; `prepare.mjs` (before `npm start` and `npm test`, so in CI too) installs the
// missing ones through here. No dependencies: it runs before and without node_modules.
// `node scripts/dictionaries.mjs` installs what is missing when it can, else says how.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** The folder Debian's packages fill, which the ranking reads unless QUARRY_DICTIONARIES names another. */
const FOLDER = '/usr/share/dictd';

/**
 * Every pair Debian packages among English, German, French, Spanish, Italian, Dutch, Polish,
 * Portuguese, Russian and Japanese (61 of the 90; a pair missing one way is read the other way round,
 * or through English, German or French).
 */
export const DICTIONARY_PAIRS = [
  ...['deu-eng', 'deu-fra', 'deu-ita', 'deu-nld', 'deu-pol', 'deu-por', 'deu-spa'],
  ...['eng-deu', 'eng-fra', 'eng-ita', 'eng-nld', 'eng-pol', 'eng-por', 'eng-spa'],
  ...['fra-deu', 'fra-eng', 'fra-ita', 'fra-nld', 'fra-pol', 'fra-por', 'fra-spa'],
  ...['ita-deu', 'ita-eng', 'ita-pol', 'ita-por', 'ita-spa'],
  ...['nld-deu', 'nld-eng', 'nld-fra', 'nld-ita', 'nld-pol', 'nld-por', 'nld-spa'],
  ...['pol-deu', 'pol-eng', 'pol-fra', 'pol-ita', 'pol-nld', 'pol-por', 'pol-spa'],
  ...['por-deu', 'por-eng', 'por-fra', 'por-spa'],
  ...['spa-deu', 'spa-eng', 'spa-por'],
  ...['deu-rus', 'eng-rus', 'fra-rus', 'ita-rus', 'nld-rus', 'pol-rus'],
  ...['eng-jpn', 'fra-jpn', 'ita-jpn', 'pol-jpn', 'jpn-deu', 'jpn-eng', 'jpn-fra', 'jpn-rus'],
];

/** The Debian packages of the pairs not in /usr/share/dictd. */
export function missingDictionaryPackages() {
  return DICTIONARY_PAIRS.filter((pair) => !existsSync(`${FOLDER}/freedict-${pair}.index`)).map(
    (pair) => `dict-freedict-${pair}`,
  );
}

function run(command, args) {
  const result = spawnSync(command, args, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

const canInstall = () =>
  process.platform === 'linux' &&
  process.getuid?.() === 0 &&
  spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;

/**
 * Installs the missing dictionaries as root where apt-get is (one line says so), else says in one line
 * that cross-language bridging is off (or partial) and how to turn it on. Says nothing when they are
 * all there, or when QUARRY_DICTIONARIES names a folder of the operator's own.
 */
export function ensureDictionaries({ log = (line) => console.error(line) } = {}) {
  if (process.env.QUARRY_DICTIONARIES !== undefined) return;
  const missing = missingDictionaryPackages();
  if (missing.length === 0) return;
  if (process.env.QUARRY_SKIP_INSTALL !== '1' && canInstall()) {
    log(
      `[quarry] installing ${missing.length} FreeDict dictionaries for questions asked in another language than the page's (apt-get install dict-freedict-*)...`,
    );
    // Package lists may be missing or old on a fresh machine: refreshed once, then the install.
    if (
      run('apt-get', ['update', '-qq']) &&
      run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing])
    )
      return;
    log(
      '[quarry] installing the FreeDict dictionaries failed (see above); cross-language bridging stays off.',
    );
    return;
  }
  const state =
    missing.length === DICTIONARY_PAIRS.length
      ? 'off (no FreeDict dictionary is installed)'
      : `partial (${missing.length} of ${DICTIONARY_PAIRS.length} FreeDict pairs are missing)`;
  log(
    `[quarry] cross-language question bridging is ${state}: as root, \`node scripts/dictionaries.mjs\` installs them (apt-get install dict-freedict-*), or set QUARRY_DICTIONARIES to a folder of dictd files.`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) ensureDictionaries();
