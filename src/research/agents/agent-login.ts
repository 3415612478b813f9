// An agent CLI's own login, for runs: each run has a home of its own, so the operator's login is not
// there. An operator who wants runs to use it names the login file in the agent's settings
// (`agents.<kind>.loginFile`); the runner copies it into the run's home (mode 0600), where a refresh
// the agent writes stays with that run.
import { chmod, copyFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { AgentRunError } from './agent-runner.ts';

/**
 * Copies the login file `source` (when set) to `relativePath` in the run's home. `setting` names where
 * an operator changes it (`agents.codex.loginFile (QUARRY_CODEX_AUTH_FILE)`), for the error.
 */
export async function copyLoginFile(
  source: string | undefined,
  setting: string,
  homeDir: string,
  relativePath: string,
  agentName: string,
): Promise<void> {
  if (!source) return;
  const destination = join(homeDir, relativePath);
  try {
    await mkdir(dirname(destination), { recursive: true, mode: 0o700 });
    await copyFile(source, destination);
    await chmod(destination, 0o600);
  } catch (error) {
    throw new AgentRunError(
      'invalid',
      `${agentName}'s login file could not be copied into the run's home: ${setting} names ${source} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). Point ${setting} at a readable file, or unset it.`,
      { cause: error },
    );
  }
}
