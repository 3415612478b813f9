// The live settings store: the settings that change while Quarry runs (provider order, switches, keys,
// addresses, limits, credits, time limits: `LIVE_SETTINGS` in src/config.ts) in a Redis hash under the
// prefix, one field per setting (`providers.brave.key` → JSON), with a change channel. Every process
// keeps the configuration built from it in memory and rebuilds it when a change is published, so a
// change made anywhere (`quarry settings set`, the console) applies everywhere within a second, like
// the rest state (src/queue/rest-state.ts). Environment variables still win, and say so. The settings
// file seeds the store once, at the first start against this Redis and prefix.
import { hostname } from 'node:os';
import { Redis } from 'ioredis';
import {
  buildConfig,
  ConfigError,
  isLiveSetting,
  LIVE_SETTINGS,
  type Config,
  type ConfigSources,
} from '../config.ts';
import type { Logger } from '../queue/logger.ts';
import { LuaScript } from '../queue/lua.ts';
import { stateKey } from '../queue/names.ts';
import { redisOptionsFromUrl } from '../queue/redis-options.ts';
import { displayRows, type SettingRow } from './settings-display.ts';

/** Writes the seed only when no process has seeded this store before (one step, so two starts agree). */
const SEED = new LuaScript(`
if redis.call('SETNX', KEYS[2], ARGV[1]) == 0 then return 0 end
for i = 2, #ARGV, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
return 1
`);

/** How long a process's word on which settings its environment fixes lasts unless renewed. */
const ANNOUNCEMENT_MS = 60_000;

/** A change the store refuses: a setting read only at start-up, or a value the configuration rejects. */
export class SettingsError extends Error {
  override readonly name = 'SettingsError';
}

export interface OpenSettingsStoreOptions {
  /** What the environment, flags and settings file give (`readConfigSources`). */
  sources: ConfigSources;
  /** Where the store is: `redisUrl` and `prefix` (the configuration read at start-up). */
  config: Pick<Config, 'redisUrl' | 'prefix'>;
  /** Seed the store from the settings file when it has never been seeded (default true; a read passes false). */
  seed?: boolean;
  /**
   * Name this process (`quarry worker`, `quarry start`) to tell other processes which settings its
   * environment fixes (variable names only, never values), so a display anywhere can say so.
   */
  announceAs?: string;
  logger?: Logger;
}

export interface SetOutcome {
  /** Set when an environment variable (or flag) fixes this setting in this process: it wins over the store. */
  fixedBy?: string;
}

export class SettingsStore {
  readonly #sources: ConfigSources;
  readonly #connection: Redis;
  readonly #subscriber: Redis;
  readonly #hashKey: string;
  readonly #channel: string;
  readonly #seededKey: string;
  readonly #fixedKeyPattern: string;
  #announcement?: { key: string; timer: NodeJS.Timeout };
  readonly #logger?: Logger;
  readonly #listeners = new Set<(config: Config) => void>();
  #stored: Record<string, unknown> | undefined;
  #config: Config;
  #closed = false;

  private constructor(options: OpenSettingsStoreOptions) {
    this.#sources = options.sources;
    this.#logger = options.logger;
    const connectionOptions = redisOptionsFromUrl(options.config.redisUrl);
    // One try per command: a store whose Redis is down says so at once instead of waiting it out.
    this.#connection = new Redis({ ...connectionOptions, maxRetriesPerRequest: 1 });
    this.#subscriber = new Redis({ ...connectionOptions, maxRetriesPerRequest: null });
    for (const client of [this.#connection, this.#subscriber])
      client.on('error', (error) => this.#logger?.warn({ err: error }, 'settings store connection error'));
    this.#hashKey = stateKey(options.config.prefix, 'settings');
    this.#channel = stateKey(options.config.prefix, 'settings-changes');
    this.#seededKey = stateKey(options.config.prefix, 'settings-seeded');
    this.#fixedKeyPattern = stateKey(options.config.prefix, 'settings-fixed', '*');
    this.#config = buildConfig(options.sources);
  }

  /** Opens the store: seeds it (first start only), loads it, and follows its changes. */
  static async open(options: OpenSettingsStoreOptions): Promise<SettingsStore> {
    const store = new SettingsStore(options);
    try {
      if (options.seed ?? true) await store.#seed();
      await store.#subscriber.subscribe(store.#channel);
      store.#subscriber.on('message', () => void store.#reload());
      // After a reconnect, changes published meanwhile were missed: load the whole store again.
      let connectedOnce = false;
      store.#subscriber.on('ready', () => {
        if (connectedOnce) void store.#reload();
        connectedOnce = true;
      });
      await store.#load();
      if (options.announceAs) await store.#announce(options.config.prefix, options.announceAs);
    } catch (error) {
      await store.close();
      throw error;
    }
    return store;
  }

  async #seed(): Promise<void> {
    const leaves = flatten(liveSettingsOf(this.#sources.fileInput));
    const args = [
      new Date().toISOString(),
      ...leaves.flatMap(([path, value]) => [path, JSON.stringify(value)]),
    ];
    await SEED.run(this.#connection, [this.#hashKey, this.#seededKey], args);
  }

  async #announce(prefix: string, name: string): Promise<void> {
    const key = stateKey(prefix, 'settings-fixed', `${hostname()}:${process.pid}`);
    const fixed = JSON.stringify({
      process: `${name} (pid ${process.pid} on ${hostname()})`,
      fixed: [...this.#sources.fixedBy],
    });
    const write = () => this.#connection.set(key, fixed, 'PX', ANNOUNCEMENT_MS);
    await write();
    // Kept while the process runs; a process that died without a word drops out after ANNOUNCEMENT_MS.
    const timer = setInterval(() => void write().catch(() => undefined), ANNOUNCEMENT_MS / 3);
    timer.unref();
    this.#announcement = { key, timer };
  }

  async #load(): Promise<void> {
    const [seeded, fields] = await Promise.all([
      this.#connection.exists(this.#seededKey),
      this.#connection.hgetall(this.#hashKey),
    ]);
    // Not seeded yet (a read before the first start): the settings file still holds the live settings.
    this.#stored = seeded || Object.keys(fields).length > 0 ? unflatten(fields) : undefined;
    this.#config = buildConfig(this.#sources, this.#stored);
  }

  async #reload(): Promise<void> {
    try {
      await this.#load();
    } catch (error) {
      // Keep working with the settings we have; the next change or reconnect loads again.
      this.#logger?.error({ err: error }, 'could not apply a settings change; keeping the settings in use');
      return;
    }
    for (const listener of this.#listeners) {
      try {
        listener(this.#config);
      } catch (error) {
        this.#logger?.error({ err: error }, 'a settings listener failed');
      }
    }
  }

  /** The configuration as it is now: environment over the store over the settings file. */
  current(): Config {
    return this.#config;
  }

  /** Calls `listener` with the new configuration after each change; the returned function stops it. */
  onChange(listener: (config: Config) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Sets a live setting (`providers.brave.key`, `providerOrder`, ...) for every process. Refuses a
   * setting read only at start-up and a value the configuration would reject, naming what to change.
   */
  async set(path: string, value: unknown): Promise<SetOutcome> {
    return this.#change(path, value);
  }

  /** Removes a setting from the store: the default (or the environment's value) applies again. */
  async unset(path: string): Promise<SetOutcome> {
    return this.#change(path, undefined);
  }

  async #change(path: string, value: unknown): Promise<SetOutcome> {
    if (!isLiveSetting(path)) {
      throw new SettingsError(
        `"${path}" is not a setting that changes while Quarry runs: set it in the environment or the settings file (${this.#sources.settingsPath}) and restart. The live ones are ${LIVE_SETTINGS.join(', ')} (and what is inside them).`,
      );
    }
    const fields = await this.#connection.hgetall(this.#hashKey);
    const kept = Object.entries(fields).filter(([field]) => field !== path && !field.startsWith(`${path}.`));
    const added = value === undefined ? [] : flatten(value, path);
    const candidate = unflatten(
      Object.fromEntries([...kept, ...added.map(([leaf, v]) => [leaf, JSON.stringify(v)])]),
    );
    // The store's settings must hold on their own, whatever this process's environment says.
    try {
      buildConfig({ ...this.#sources, environmentInput: {}, fixedBy: new Map() }, candidate);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      throw new SettingsError(
        `${path} was not changed: ${error.message.replace(/^Quarry's configuration is not valid:\n/, '\n')}`,
      );
    }
    const transaction = this.#connection.multi();
    const removed = Object.keys(fields).filter((field) => field === path || field.startsWith(`${path}.`));
    if (removed.length > 0) transaction.hdel(this.#hashKey, ...removed);
    if (added.length > 0)
      transaction.hset(this.#hashKey, ...added.flatMap(([leaf, v]) => [leaf, JSON.stringify(v)]));
    transaction.publish(this.#channel, JSON.stringify({ path }));
    await transaction.exec();
    await this.#load();
    const fixedBy = [...this.#sources.fixedBy].find(
      ([fixed]) => fixed === path || fixed.startsWith(`${path}.`) || path.startsWith(`${fixed}.`),
    )?.[1];
    return fixedBy ? { fixedBy } : {};
  }

  /**
   * The settings for display: each with its value and where it comes from. Keys are never shown: a
   * key reads "set, ends in …ab12". `path` keeps to one setting or section.
   */
  display(path?: string): SettingRow[] {
    return displayRows(this.#config, this.#sources, this.#stored, path);
  }

  /**
   * `display`, plus for each setting the running processes whose environment fixes it (`fixedIn`), as
   * they announced it: a change in the store does not apply in those processes.
   */
  async displayEverywhere(path?: string): Promise<SettingRow[]> {
    const rows = this.display(path);
    const elsewhere = await this.#fixedElsewhere();
    return rows.map((row) => {
      const fixedIn = elsewhere
        .filter(({ fixed }) =>
          fixed.some(([fixedPath]) => row.path === fixedPath || row.path.startsWith(`${fixedPath}.`)),
        )
        .map(({ process: name, fixed }) => {
          const by = fixed.find(
            ([fixedPath]) => row.path === fixedPath || row.path.startsWith(`${fixedPath}.`),
          )![1];
          return `${by} in ${name}`;
        });
      return fixedIn.length > 0 ? { ...row, fixedIn } : row;
    });
  }

  async #fixedElsewhere(): Promise<Array<{ process: string; fixed: Array<[string, string]> }>> {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, found] = await this.#connection.scan(cursor, 'MATCH', this.#fixedKeyPattern, 'COUNT', 100);
      cursor = next;
      keys.push(...found.filter((key) => key !== this.#announcement?.key));
    } while (cursor !== '0');
    if (keys.length === 0) return [];
    const values = await this.#connection.mget(...keys);
    return values.flatMap((value) =>
      value ? [JSON.parse(value) as { process: string; fixed: Array<[string, string]> }] : [],
    );
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#listeners.clear();
    if (this.#announcement) {
      clearInterval(this.#announcement.timer);
      await this.#connection.del(this.#announcement.key).catch(() => undefined);
    }
    for (const client of [this.#subscriber, this.#connection]) {
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    }
  }
}

/** The live settings within a settings object (the file's), in the same shape. */
function liveSettingsOf(input: Record<string, unknown>): Record<string, unknown> {
  const live: Record<string, unknown> = {};
  for (const [path, value] of flatten(input)) {
    if (isLiveSetting(path)) live[path] = value;
  }
  return unflattenValues(live);
}

/** Leaves of a settings object as dotted paths; arrays are one leaf. */
export function flatten(value: unknown, prefix = ''): Array<[string, unknown]> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return prefix ? [[prefix, value]] : [];
  return Object.entries(value).flatMap(([name, inner]) =>
    flatten(inner, prefix ? `${prefix}.${name}` : name),
  );
}

function unflatten(fields: Record<string, string>): Record<string, unknown> {
  return unflattenValues(
    Object.fromEntries(Object.entries(fields).map(([path, json]) => [path, JSON.parse(json)])),
  );
}

function unflattenValues(leaves: Record<string, unknown>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(leaves)) {
    const names = path.split('.');
    let target = root;
    for (const name of names.slice(0, -1)) {
      const next = target[name];
      if (typeof next === 'object' && next !== null && !Array.isArray(next))
        target = next as Record<string, unknown>;
      else target = target[name] = {};
    }
    target[names[names.length - 1]!] = value;
  }
  return root;
}
