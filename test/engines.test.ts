// package.json's `engines.node` tells the truth: every Node version it admits is admitted by every
// installed package (dependencies and the dev tools `npm start` and `npm test` run on), and the Node
// running the tests is one of them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './quarry-process.ts';

interface Manifest {
  name?: string;
  version?: string;
  engines?: { node?: string };
}

function readManifest(path: string): Manifest | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

/** Every installed package's manifest, nested node_modules included. */
function installedManifests(folder: string, found: Array<{ path: string; manifest: Manifest }> = []) {
  if (!existsSync(folder)) return found;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const packageFolder = join(folder, entry.name);
    if (entry.name.startsWith('@')) {
      installedManifests(packageFolder, found);
      continue;
    }
    const manifest = readManifest(join(packageFolder, 'package.json'));
    if (manifest?.name) found.push({ path: packageFolder, manifest });
    installedManifests(join(packageFolder, 'node_modules'), found);
  }
  return found;
}

describe('engines.node', () => {
  const declared = (readManifest(join(REPO_ROOT, 'package.json'))?.engines?.node ?? '').trim();

  it('admits the Node running the tests', () => {
    expect(semver.satisfies(process.versions.node, declared)).toBe(true);
  });

  it('admits no Node version an installed package refuses', () => {
    const installed = installedManifests(join(REPO_ROOT, 'node_modules'));
    expect(installed.length).toBeGreaterThan(100);
    const refusing = installed
      .filter(({ manifest }) => {
        const theirs = manifest.engines?.node;
        if (!theirs || !semver.validRange(theirs)) return false;
        return !semver.subset(declared, theirs);
      })
      .map(({ manifest }) => `${manifest.name}@${manifest.version} wants ${manifest.engines!.node}`);
    expect(refusing).toEqual([]);
  });
});
