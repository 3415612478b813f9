// Runs the `quarry` command line as a user would: a separate process from the checkout, through tsx.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');

export interface QuarryRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `quarry ARGS` with the environment plus `env`; resolves with the exit code, never rejects on one. */
export function runQuarry(args: string[], env: Record<string, string>): Promise<QuarryRun> {
  return new Promise((resolveRun) => {
    execFile(
      process.execPath,
      [tsxCli, join(REPO_ROOT, 'src/cli.ts'), ...args],
      { cwd: REPO_ROOT, env: { ...process.env, ...env } },
      (error, stdout, stderr) => resolveRun({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}
