// The import rules of docs/architecture.md (.dependency-cruiser.cjs, run by `npm run lint`) catch a
// broken import: the real rule set, run on a fixture folder whose files break three of them.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const fixture = fileURLToPath(new URL('../fixtures/layering', import.meta.url));

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

const depcruise = `${root}node_modules/.bin/depcruise`;
const rules = ['src', '--config', `${root}.dependency-cruiser.cjs`];

/** The exit code of the check as `npm run lint` runs it, and the violations (from its JSON report). */
async function cruise(cwd: string): Promise<{ exitCode: number; violations: Violation[] }> {
  const exitCode = await run(depcruise, rules, { cwd }).then(
    () => 0,
    (error: { code: number }) => error.code,
  );
  const { stdout } = await run(depcruise, [...rules, '--output-type', 'json'], { cwd });
  const report = JSON.parse(stdout) as { summary: { violations: Violation[] } };
  return { exitCode, violations: report.summary.violations };
}

describe('the import rules', () => {
  it('fail on a layer importing the configuration, a layer reaching up, and a cycle', async () => {
    const { exitCode, violations } = await cruise(fixture);
    expect(exitCode).not.toBe(0);
    const found = violations.map(
      (violation) => `${violation.rule.name}: ${violation.from} -> ${violation.to}`,
    );
    expect(found).toEqual(
      expect.arrayContaining([
        'web-takes-its-settings: src/web/reads-config.ts -> src/config.ts',
        'queue-below-workers-and-callers: src/queue/starts-workers.ts -> src/workers/worker.ts',
        expect.stringMatching(/^no-circular: src\/queue\/(first|second)\.ts -> /),
      ]),
    );
  });
});
