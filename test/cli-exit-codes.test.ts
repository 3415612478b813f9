// The command line as a user runs it (separate processes): bad input exits 2 with what to change,
// a runtime failure exits 1; with Redis down the commands that need it say so in one line, with no
// stack trace or JSON log line before it.
import { describe, expect, it } from 'vitest';
import { runQuarry, type QuarryRun } from './quarry-process.ts';

/** A port nothing listens on: Redis there refuses at once. */
const NO_REDIS = { REDIS_URL: 'redis://127.0.0.1:1', QUARRY_EMBEDDED_REDIS: 'false' };
const NO_SETTINGS = { QUARRY_SETTINGS: 'none', LOG_LEVEL: 'info' };

function quarry(args: string[], env: Record<string, string> = {}): Promise<QuarryRun> {
  return runQuarry(args, { ...NO_SETTINGS, ...env });
}

function expectOneLine(run: QuarryRun, pattern: RegExp): void {
  const lines = run.stderr.split('\n').filter(Boolean);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
  expect(run.stderr).not.toMatch(/^\s+at /m);
  expect(run.stderr).not.toContain('{"level"');
}

/** Command-line processes, each starting tsx, which takes seconds on a busy machine. */
const PROCESSES_MS = 120_000;

describe('exit codes and Redis down', () => {
  it(
    'exits 1 with one line when Redis is down, for token create and mcp --stdio',
    async () => {
      const [token, mcp] = await Promise.all([
        quarry(['token', 'create'], NO_REDIS),
        quarry(['mcp', '--stdio'], NO_REDIS),
      ]);
      for (const run of [token, mcp]) {
        expect(run.code).toBe(1);
        expectOneLine(
          run,
          /^Redis does not answer at redis:\/\/127\.0\.0\.1:1\/? \(ECONNREFUSED\): start Quarry/,
        );
        expect(run.stdout).toBe('');
      }
    },
    PROCESSES_MS,
  );

  it(
    'exits 2 for bad input: an unknown option, a bad number, a missing file, an unknown provider, a bad REDIS_URL',
    async () => {
      const [unknownOption, badNumber, missingFile, unknownProvider, noFlags, badRedisUrl] =
        await Promise.all([
          quarry(['token', 'create', '--colour', 'red'], NO_REDIS),
          quarry(['budget', 'set', 'run-1', '--searches', 'many'], NO_REDIS),
          quarry(['read', './no-such-file.html']),
          quarry(['search', 'tokyo', '--provider', 'bravee']),
          quarry(['budget', 'set', 'run-1'], NO_REDIS),
          quarry(['token', 'list'], { REDIS_URL: 'http://127.0.0.1:6379' }),
        ]);
      expect(unknownOption.code).toBe(2);
      expect(unknownOption.stderr).toContain("unknown option '--colour'");
      expect(badNumber.code).toBe(2);
      expect(badNumber.stderr).toContain('--searches takes a whole number of 0 or more');
      expect(missingFile.code).toBe(2);
      expectOneLine(missingFile, /^quarry read: There is no file .*no-such-file\.html; check the path\.$/);
      expect(unknownProvider.code).toBe(2);
      expect(unknownProvider.stderr).toMatch(/^quarry search: .*bravee/);
      // Checked before Redis is asked: bad input is told as such even when Redis is down.
      expect(noFlags.code).toBe(2);
      expect(badRedisUrl.code).toBe(2);
      expectOneLine(badRedisUrl, /^REDIS_URL must start with redis:\/\/ or rediss:\/\//);
    },
    PROCESSES_MS,
  );
});
