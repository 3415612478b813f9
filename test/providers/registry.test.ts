import { describe, expect, it } from 'vitest';
import { parseConfig, loadConfig } from '../../src/config.ts';
import {
  chainEntries,
  checkRegistry,
  PROVIDERS,
  providerById,
  UnknownProviderError,
} from '../../src/providers/index.ts';
import { wikipedia } from '../../src/providers/wikipedia.ts';

describe('the provider registry', () => {
  it('holds at least the eight providers of the issue, each with a stable lowercase id', () => {
    expect(PROVIDERS.map((provider) => provider.id)).toEqual(
      expect.arrayContaining([
        'searxng',
        'brave',
        'duckduckgo',
        'google',
        'tavily',
        'exa',
        'serper',
        'wikipedia',
      ]),
    );
    for (const provider of PROVIDERS) expect(provider.id).toMatch(/^[a-z][a-z0-9-]*$/);
  });

  it('holds at least thirteen providers (issue 15), the new ones under their vendors’ usual key variables', () => {
    expect(PROVIDERS.length).toBeGreaterThanOrEqual(13);
    const keys = Object.fromEntries(PROVIDERS.map((provider) => [provider.id, provider.keyEnv]));
    expect(keys).toMatchObject({
      kagi: 'KAGI_API_KEY',
      jina: 'JINA_API_KEY',
      linkup: 'LINKUP_API_KEY',
      serpapi: 'SERPAPI_API_KEY',
      firecrawl: 'FIRECRAWL_API_KEY',
      mojeek: 'MOJEEK_API_KEY',
      marginalia: 'MARGINALIA_API_KEY',
      you: 'YDC_API_KEY',
    });
  });

  it('every provider declares what Settings and the queues need', () => {
    for (const provider of PROVIDERS) {
      expect(provider.name, provider.id).not.toBe('');
      expect(provider.description, provider.id).toMatch(/^[^\n]{10,140}$/);
      expect(provider.limits.concurrency, provider.id).toBeGreaterThanOrEqual(1);
      expect(provider.limits.rate.max, provider.id).toBeGreaterThanOrEqual(1);
      expect(provider.limits.rate.perMs, provider.id).toBeGreaterThanOrEqual(1);
      expect(provider.caps.maxK, provider.id).toBeGreaterThanOrEqual(1);
      if (provider.key === 'required') {
        expect(provider.keyEnv, provider.id).toMatch(/^[A-Z][A-Z0-9_]+$/);
        expect(provider.keyUrl, provider.id).toMatch(/^https:\/\//);
        expect(provider.enabledByDefault, `${provider.id} needs a key, so it cannot start on`).toBe(false);
      }
      if (provider.url?.required) expect(provider.enabledByDefault, provider.id).toBe(false);
    }
  });

  it('only providers that need nothing from the user start on: DuckDuckGo and Wikipedia', () => {
    expect(PROVIDERS.filter((provider) => provider.enabledByDefault).map((provider) => provider.id)).toEqual([
      'duckduckgo',
      'wikipedia',
    ]);
  });

  it('a duplicate id fails at start-up', () => {
    expect(() => checkRegistry([wikipedia, { ...wikipedia, name: 'Another' }])).toThrow(
      'Two search providers have the id "wikipedia": give one of them another id in its file.',
    );
    expect(() => checkRegistry([{ ...wikipedia, id: 'Wiki Pedia' }])).toThrow(
      /must be lowercase letters, digits and dashes/,
    );
  });

  it('providerById finds a provider, and an unknown id lists the ids that exist', () => {
    expect(providerById('Brave').id).toBe('brave');
    expect(() => providerById('bing')).toThrow(UnknownProviderError);
    expect(() => providerById('bing')).toThrow(
      `There is no search provider "bing": use one of ${PROVIDERS.map((provider) => provider.id).join(', ')}.`,
    );
  });
});

describe('chainEntries', () => {
  it('by default: the providers that are on by default, in registry order', () => {
    const entries = chainEntries(parseConfig({}));
    expect(entries.map((entry) => entry.provider.id)).toEqual(['duckduckgo', 'wikipedia']);
    expect(entries[0]).toEqual({ provider: PROVIDERS.find((provider) => provider.id === 'duckduckgo') });
  });

  it('QUARRY_PROVIDERS gives the order; those listed are on, with keys and addresses from the environment', () => {
    const config = loadConfig({
      QUARRY_SETTINGS: 'none',
      QUARRY_PROVIDERS: 'brave, google,searxng,duckduckgo',
      BRAVE_API_KEY: 'brave-key',
      GOOGLE_API_KEY: 'google-key',
      GOOGLE_CSE_ID: 'engine-id',
      SEARXNG_URL: 'http://127.0.0.1:8888',
      QUARRY_DUCKDUCKGO_URL: 'http://127.0.0.1:9000',
      TAVILY_API_KEY: 'not listed, so not on',
    });
    const entries = chainEntries(config);
    expect(entries.map(({ provider, ...settings }) => ({ id: provider.id, ...settings }))).toEqual([
      { id: 'brave', key: 'brave-key' },
      { id: 'google', key: 'google-key', keyId: 'engine-id' },
      { id: 'searxng', url: 'http://127.0.0.1:8888' },
      { id: 'duckduckgo', url: 'http://127.0.0.1:9000' },
    ]);
  });

  it('QUARRY_WIKIPEDIA_SEARCH_URL moves Wikipedia search without touching find_media’s Wikipedia', () => {
    const config = loadConfig({
      QUARRY_SETTINGS: 'none',
      QUARRY_WIKIPEDIA_SEARCH_URL: 'http://127.0.0.1:7000',
    });
    expect(chainEntries(config).find((entry) => entry.provider.id === 'wikipedia')?.url).toBe(
      'http://127.0.0.1:7000',
    );
    expect(config.media.wikipediaUrl).toBe('https://en.wikipedia.org');
  });

  it('an unknown or repeated id in QUARRY_PROVIDERS is a clear configuration error', () => {
    expect(() => chainEntries(parseConfig({ providerOrder: ['duckduckgo', 'bing'] }))).toThrow(
      `QUARRY_PROVIDERS names "bing", which is not a search provider: list some of ${PROVIDERS.map((provider) => provider.id).join(', ')}.`,
    );
    expect(() => chainEntries(parseConfig({ providerOrder: ['brave', 'wikipedia', 'brave'] }))).toThrow(
      'QUARRY_PROVIDERS names "brave" twice: list each provider once, in the order to ask them.',
    );
  });

  it('{provider} asks only that one, on or not, with its settings', () => {
    const config = parseConfig({ providers: { exa: { key: 'exa-key' } } });
    expect(chainEntries(config, { provider: 'exa' })).toEqual([
      { provider: providerById('exa'), key: 'exa-key' },
    ]);
    expect(() => chainEntries(config, { provider: 'nope' })).toThrow(
      /^There is no search provider "nope": use one of /,
    );
  });
});

describe('chainEntries reads the variables a provider declares', () => {
  it('a key settings lack comes from the provider’s keyEnv/keyIdEnv; settings win over it', () => {
    const environment = {
      BRAVE_API_KEY: 'from-env',
      GOOGLE_API_KEY: 'g',
      GOOGLE_CSE_ID: 'cx',
      SEARXNG_URL: 'http://127.0.0.1:8888',
    };
    const entries = chainEntries(
      parseConfig({
        providerOrder: ['brave', 'google', 'searxng', 'tavily'],
        providers: { google: { key: 'g-settings' } },
      }),
      {
        environment,
      },
    );
    expect(entries.map(({ provider, ...settings }) => ({ id: provider.id, ...settings }))).toEqual([
      { id: 'brave', key: 'from-env' },
      { id: 'google', key: 'g-settings', keyId: 'cx' },
      { id: 'searxng', url: 'http://127.0.0.1:8888' },
      { id: 'tavily' },
    ]);
  });
});

describe('the configuration reads every provider’s declared variables', () => {
  it('a key variable no table in config.ts names (PERPLEXITY_API_KEY) reaches config.providers', () => {
    const config = loadConfig({
      QUARRY_SETTINGS: 'none',
      PERPLEXITY_API_KEY: 'pplx-key',
    });
    expect(config.providers.perplexity?.key).toBe('pplx-key');
  });
});
