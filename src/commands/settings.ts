// `quarry settings get [path] [--json]` and `quarry settings set <path> <value>`: the live settings
// store (src/settings/settings-store.ts) from the command line. A change applies to every running
// Quarry process within a second. Keys are write-only: `get` shows "set, ends in …ab12".
import type { Command } from 'commander';
import { buildConfig, ConfigError, isLiveSetting, readConfigSources, type ConfigSources } from '../config.ts';
import { redisAnswers } from '../queue/embedded-redis.ts';
import { SettingsError, SettingsStore } from '../settings/settings-store.ts';
import type { SettingRow } from '../settings/settings-display.ts';

/** How long the command waits for Redis before it says Redis does not answer. */
const REDIS_WAIT_MS = 2_000;

/** Settings that hold lists also take comma-separated words on the command line. */
const LIST_PATHS = new Set(['providerOrder']);

/**
 * The value as typed: JSON when it reads as JSON (`4`, `true`, `["brave","exa"]`), otherwise the text
 * itself (a key, an address); a list setting also takes `brave,exa`.
 */
export function parseSettingValue(path: string, text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = text;
  }
  if (LIST_PATHS.has(path) && typeof value === 'string') {
    return value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  }
  return value;
}

function formatRow(row: SettingRow): string {
  const value = typeof row.value === 'string' ? row.value : JSON.stringify(row.value);
  const origin = row.fixedBy ? `fixed by ${row.fixedBy}` : row.source;
  const elsewhere = row.fixedIn ? `; fixed by ${row.fixedIn.join(', ')}` : '';
  return `${row.path} = ${value}  (${origin}${row.live ? '' : '; read at start-up'}${elsewhere})`;
}

/** Bad input exits 2 (the message says what to change); Redis down or another failure exits 1. */
async function withStore(seed: boolean, action: (store: SettingsStore) => Promise<void>): Promise<void> {
  let sources: ConfigSources;
  let config;
  try {
    sources = readConfigSources(process.env);
    config = buildConfig(sources);
  } catch (error) {
    process.stderr.write(`quarry settings: ${(error as Error).message}\n`);
    process.exitCode = 2;
    return;
  }
  if (!(await redisAnswers(config.redisUrl, REDIS_WAIT_MS))) {
    const shown = new URL(config.redisUrl);
    if (shown.password) shown.password = '***';
    process.stderr.write(
      `quarry settings: Redis does not answer at ${shown.toString()}: start Quarry (npm start starts one) or point REDIS_URL at the Redis Quarry uses.\n`,
    );
    process.exitCode = 1;
    return;
  }
  const store = await SettingsStore.open({ sources, config, seed });
  try {
    await action(store);
  } catch (error) {
    if (!(error instanceof SettingsError || error instanceof ConfigError)) throw error;
    process.stderr.write(`quarry settings: ${error.message}\n`);
    process.exitCode = 2;
  } finally {
    await store.close();
  }
}

export function registerSettingsCommand(program: Command): void {
  const settings = program
    .command('settings')
    .description('Read and change the live settings every Quarry process follows (keys are never shown).');

  settings
    .command('get [path]')
    .description(
      'Show the settings in use and where each comes from (environment, store, settings file, default).',
    )
    .option('--json', 'print JSON')
    .action(async (path: string | undefined, flags: { json?: boolean }) => {
      // A read does not seed the store: before the first start the settings file still holds the settings.
      await withStore(false, async (store) => {
        const rows = await store.displayEverywhere(path);
        if (path && rows.length === 0 && isLiveSetting(path)) {
          process.stdout.write(flags.json ? '[]\n' : `${path} is not set (its default applies)\n`);
          return;
        }
        if (path && rows.length === 0) {
          throw new SettingsError(
            `There is no setting "${path}" in use; \`quarry settings get\` lists them all (a provider's unset key is not listed).`,
          );
        }
        process.stdout.write(
          flags.json ? `${JSON.stringify(rows, null, 2)}\n` : `${rows.map(formatRow).join('\n')}\n`,
        );
      });
    });

  settings
    .command('set <path> <value>')
    .description(
      'Change a live setting for every process (such as providers.brave.key, providerOrder brave,duckduckgo, providers.searxng.concurrency 20).',
    )
    .action(async (path: string, text: string) => {
      await withStore(true, async (store) => {
        // This command's environment fixes it: the value would not apply here, so it is not written
        // (as the console locks such a field). Unset the variable, or set it where it is not set.
        const fixed = store.display(path).find((row) => row.fixedBy)?.fixedBy;
        if (fixed) {
          throw new SettingsError(
            `${path} was not changed: it is fixed by ${fixed} in this environment, which wins over the store. Unset ${fixed.replace(/^environment variable /, '')} (or change it there), or run this command where it is not set.`,
          );
        }
        const outcome = await store.set(path, parseSettingValue(path, text));
        const shown = await store.displayEverywhere(path);
        process.stdout.write(`${shown.map(formatRow).join('\n') || `${path} set`}\n`);
        if (outcome.fixedBy) {
          process.stderr.write(
            `quarry settings: ${path} is fixed by ${outcome.fixedBy} in this environment, which wins over the store; unset it for the store's value to apply.\n`,
          );
        }
        const elsewhere = [...new Set(shown.flatMap((row) => row.fixedIn ?? []))];
        if (elsewhere.length > 0) {
          process.stderr.write(
            `quarry settings: ${path} is fixed by ${elsewhere.join(', ')}, which wins over the store there; unset it in that environment for the store's value to apply.\n`,
          );
        }
      });
    });

  settings
    .command('unset <path>')
    .description('Remove a live setting from the store: its default (or the environment) applies again.')
    .action(async (path: string) => {
      await withStore(true, async (store) => {
        await store.unset(path);
        process.stdout.write(`${path} removed from the store\n`);
      });
    });
}
