// Start-up refuses bad settings with a message that names what the user actually set: the flag given,
// the variable set, and for an unknown provider id the ids that exist.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
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
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(
      /QUARRY_PROVIDERS names "bravee", which is not a search provider: list some of duckduckgo, wikipedia, searxng, brave/,
    );
    expect(run.stderr).not.toMatch(/Redis/);
  });

  it('names the --port flag for a bad port given as a flag, not the PORT variable', async () => {
    const run = await runQuarry(['start', '--port', 'abc'], environment);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('- port: expected a number, got "abc" (the --port flag)');
    expect(run.stderr).not.toContain('PORT');
    const fromVariable = await runQuarry(['start'], { ...environment, PORT: 'abc' });
    expect(fromVariable.stderr).toContain('- port: expected a number, got "abc" (environment variable PORT)');
  });

  it('names the --concurrency flag of `quarry worker`', async () => {
    const run = await runQuarry(['worker', '--concurrency', 'lots'], environment);
    expect(run.code).not.toBe(0);
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
});
