// Start-up refuses bad settings with a message that names what the user actually set: the flag given,
// the variable set, and for an unknown provider id the ids that exist.
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { EXIT_BAD_INPUT, EXIT_FAILURE } from '../../src/commands/exit-codes.ts';
import { deleteKeys } from '../mcp/quarry-harness.ts';
import { freshConfig, REDIS_URL } from '../queue/helpers.ts';
import { runQuarry } from '../quarry-process.ts';

/** Nothing answers here, so a start that got past its settings would stop at Redis instead. */
const environment = {
  QUARRY_SETTINGS: 'none',
  REDIS_URL: 'redis://127.0.0.1:1',
  QUARRY_EMBEDDED_REDIS: 'false',
  LOG_LEVEL: 'silent',
};

describe('start-up settings errors', () => {
  it('refuses an unknown provider id in QUARRY_PROVIDERS, listing the ids that exist', async () => {
    expect(() => loadConfig({ QUARRY_SETTINGS: 'none', QUARRY_PROVIDERS: 'duckduckgo,bravee' })).toThrow(
      ConfigError,
    );
    const run = await runQuarry(['worker'], { ...environment, QUARRY_PROVIDERS: 'duckduckgo,bravee' });
    expect(run.code, run.stderr).toBe(EXIT_BAD_INPUT);
    expect(run.stderr).toMatch(
      /QUARRY_PROVIDERS names "bravee", which is not a search provider: list some of duckduckgo, wikipedia, searxng, brave/,
    );
    expect(run.stderr).not.toMatch(/Redis/);
  });

  it('names the --port flag for a bad port given as a flag, not the PORT variable', async () => {
    const run = await runQuarry(['start', '--port', 'abc'], environment);
    expect(run.code, run.stderr).toBe(EXIT_BAD_INPUT);
    expect(run.stderr).toContain('- port: expected a number, got "abc" (the --port flag)');
    expect(run.stderr).not.toContain('PORT');
    const fromVariable = await runQuarry(['start'], { ...environment, PORT: 'abc' });
    expect(fromVariable.code, fromVariable.stderr).toBe(EXIT_BAD_INPUT);
    expect(fromVariable.stderr).toContain('- port: expected a number, got "abc" (environment variable PORT)');
  });

  it('names the --concurrency flag of `quarry worker`', async () => {
    const run = await runQuarry(['worker', '--concurrency', 'lots'], environment);
    expect(run.code, run.stderr).toBe(EXIT_BAD_INPUT);
    expect(run.stderr).toContain(
      '- workerConcurrency: expected a number, got "lots" (the --concurrency flag)',
    );
  });

  it('names SEARXNG_URL when that is the variable that holds a bad address', () => {
    expect(() => loadConfig({ QUARRY_SETTINGS: 'none', SEARXNG_URL: 'not-a-url' })).toThrow(
      '- providers.searxng.url: expected a web address (such as http://localhost:8080), got "not-a-url" (environment variable SEARXNG_URL)',
    );
    expect(() => loadConfig({ QUARRY_SETTINGS: 'none', QUARRY_SEARXNG_URL: 'not-a-url' })).toThrow(
      /\(environment variable QUARRY_SEARXNG_URL\)$/,
    );
  });

  it('exits 1, not 2, for a runtime failure: Redis that does not answer, a port that is taken', async () => {
    const unreachable = await runQuarry(['worker'], environment);
    expect(unreachable.code, unreachable.stderr).toBe(EXIT_FAILURE);
    expect(unreachable.stderr).toContain('127.0.0.1:1');

    // A real Redis and good settings, but the port is held by another server.
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as AddressInfo;
    const { prefix } = freshConfig();
    try {
      const taken = await runQuarry(['start', '--port', String(port)], {
        ...environment,
        REDIS_URL,
        QUARRY_PREFIX: prefix,
        QUARRY_DATA_DIR: mkdtempSync(join(tmpdir(), 'quarry-port-taken-')),
        HOST: '127.0.0.1',
      });
      expect(taken.code, taken.stderr).toBe(EXIT_FAILURE);
      expect(taken.stderr).toContain(String(port));
    } finally {
      await new Promise((resolve) => holder.close(resolve));
      await deleteKeys(prefix);
    }
  });
});
