// The README's command lines work as written: every Quarry command is `npx quarry ...` (the bare
// `quarry` is on no PATH after the set-up), and `npx quarry` runs the checkout's own command line
// without downloading anything.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './quarry-process.ts';

const run = promisify(execFile);
const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');

describe("the README's commands", () => {
  it('writes every Quarry command as npx quarry, in code blocks and in the text', () => {
    const shellLines = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((match) =>
      match[1]!.split('\n').filter((line) => line.trim() && !line.trim().startsWith('#')),
    );
    expect(shellLines.length).toBeGreaterThan(5);
    expect(shellLines.filter((line) => /^(quarry|npm run quarry)\b/.test(line.trim()))).toEqual([]);
    expect([...readme.matchAll(/`quarry [a-z]/g)].map((match) => match[0])).toEqual([]);
  });

  it('runs npx quarry from the checkout with npm offline', async () => {
    const { stdout } = await run('npx', ['--no', 'quarry', 'token', '--help'], {
      cwd: REPO_ROOT,
      env: { ...process.env, NPM_CONFIG_OFFLINE: 'true' },
      timeout: 60_000,
    });
    expect(stdout).toMatch(/^Usage: quarry token/);
  });
});
