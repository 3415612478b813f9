// An agent CLI's own login, for runs: each run has a home of its own, so the operator's login is not
// there. An operator who wants runs to use it names the login file in a setting; the runner copies it
// into the run's home (mode 0600), where a refresh the agent writes stays with that run.
import { chmod, copyFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { AgentRunError } from './agent-runner.ts';

/** Copies the file `environment[setting]` names to `relativePath` in the run's home, when it is set. */
export async function copyLoginFile(
  environment: Record<string, string | undefined>,
  setting: string,
  homeDir: string,
  relativePath: string,
  agentName: string,
): Promise<void> {
  const source = environment[setting];
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
