// The settings as an operator sees them (`quarry settings get`, the console): every setting with its
// value and where it comes from. Keys are write-only: a display never holds one, only "set, ends in
// …ab12"; the Redis address loses its password.
import { isLiveSetting, type Config, type ConfigSources } from '../config.ts';

export type SettingSource = 'environment' | 'store' | 'settings file' | 'default';

export interface SettingRow {
  /** Dotted path, as `quarry settings set` takes it. */
  path: string;
  /** The value in use; a key is shown masked, never as itself. */
  value: unknown;
  source: SettingSource;
  /** When the environment (or a flag) fixes it: which, e.g. "the environment variable BRAVE_API_KEY". */
  fixedBy?: string;
  /** Running processes whose environment fixes it (`displayEverywhere`): the store's value does not apply there. */
  fixedIn?: string[];
  /** Whether it changes while Quarry runs (`quarry settings set`); others need a restart. */
  live: boolean;
}

/** Settings that are secrets: shown masked in every display. */
const SECRET = /(^|\.)(key|keyId|apiKey|adminToken)$/;

/** Tails shorter than this would give away too much of a key: such a key shows as "set" only. */
const SHORTEST_TAILED_KEY = 12;

export function maskedSecret(value: string): string {
  return value.length >= SHORTEST_TAILED_KEY ? `set, ends in …${value.slice(-4)}` : 'set';
}

function maskedRedisUrl(url: string): string {
  try {
    const address = new URL(url);
    if (address.password) address.password = '***';
    return address.toString();
  } catch {
    return url;
  }
}

function leaves(value: unknown, prefix = ''): Array<[string, unknown]> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return prefix ? [[prefix, value]] : [];
  return Object.entries(value).flatMap(([name, inner]) => leaves(inner, prefix ? `${prefix}.${name}` : name));
}

function has(input: Record<string, unknown> | undefined, path: string): boolean {
  let value: unknown = input;
  for (const name of path.split('.')) {
    if (typeof value !== 'object' || value === null || !(name in value)) return false;
    value = (value as Record<string, unknown>)[name];
  }
  return value !== undefined;
}

export function displayRows(
  config: Config,
  sources: ConfigSources,
  stored: Record<string, unknown> | undefined,
  path?: string,
): SettingRow[] {
  return leaves(config)
    .filter(([leaf]) => !path || leaf === path || leaf.startsWith(`${path}.`))
    .map(([leaf, value]) => {
      const fixed = [...sources.fixedBy].find(
        ([fixedPath]) => leaf === fixedPath || leaf.startsWith(`${fixedPath}.`),
      );
      const live = isLiveSetting(leaf);
      const source: SettingSource = fixed
        ? 'environment'
        : stored && live
          ? has(stored, leaf)
            ? 'store'
            : 'default'
          : has(sources.fileInput, leaf)
            ? 'settings file'
            : 'default';
      let shown = value;
      if (SECRET.test(leaf) && typeof value === 'string') shown = maskedSecret(value);
      else if (leaf === 'redisUrl' && typeof value === 'string') shown = maskedRedisUrl(value);
      return { path: leaf, value: shown, source, ...(fixed ? { fixedBy: fixed[1] } : {}), live };
    });
}
