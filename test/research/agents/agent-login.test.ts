// An operator's agent login copied into a run's own home.
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copyLoginFile } from '../../../src/research/agents/agent-login.ts';
import type { AgentRunError } from '../../../src/research/agents/agent-runner.ts';

describe('copyLoginFile', () => {
  const folders: string[] = [];
  afterEach(async () => {
    await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
  });

  it("copies the named file into the run's home, readable by the run only", async () => {
    const folder = await mkdtemp(join(tmpdir(), 'quarry-login-'));
    folders.push(folder);
    const source = join(folder, 'credentials.json');
    await writeFile(source, '{"claudeAiOauth":{}}', { mode: 0o644 });
    const home = join(folder, 'home');
    await copyLoginFile(
      source,
      'agents.claude-code.loginFile (QUARRY_CLAUDE_CODE_CREDENTIALS)',
      home,
      '.claude/.credentials.json',
      'Claude Code',
    );
    const copied = join(home, '.claude/.credentials.json');
    expect(await readFile(copied, 'utf8')).toBe('{"claudeAiOauth":{}}');
    expect((await stat(copied)).mode & 0o777).toBe(0o600);
  });

  it('does nothing when the setting is unset, and teaches when the file cannot be read', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'quarry-login-'));
    folders.push(folder);
    await copyLoginFile(undefined, 'agents.codex.loginFile', folder, 'auth.json', 'Codex');
    const error = (await copyLoginFile(
      '/no/such/auth.json',
      'agents.codex.loginFile',
      folder,
      'auth.json',
      'Codex',
    ).catch((caught: unknown) => caught)) as AgentRunError;
    expect(error.kind).toBe('invalid');
    expect(error.message).toBe(
      "Codex's login file could not be copied into the run's home: agents.codex.loginFile names /no/such/auth.json (ENOENT). Point agents.codex.loginFile at a readable file, or unset it.",
    );
  });
});
