#!/usr/bin/env node
// Debian's Chromium, which the console's browser tests drive with playwright-core (test/console): `npm
// test` installs it when it is missing, as root where apt-get is, or says in one line how to.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { aptInstall, canInstall } from './debian-packages.mjs';

export const CHROMIUM = '/usr/bin/chromium';

export function ensureChromium({ log = (line) => console.error(line) } = {}) {
  if (existsSync(CHROMIUM)) return;
  if (process.env.QUARRY_SKIP_INSTALL !== '1' && canInstall()) {
    log(
      "[quarry] installing Debian's Chromium for the console's browser tests (apt-get install chromium)...",
    );
    if (aptInstall(['chromium'])) return;
    log(
      `[quarry] installing Chromium failed (see above); the console's browser tests fail until it is at ${CHROMIUM}.`,
    );
    return;
  }
  log(
    `[quarry] the console's browser tests need Debian's Chromium at ${CHROMIUM}: as root, apt-get install chromium.`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) ensureChromium();
