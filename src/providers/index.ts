// The providers, in the order Settings lists them. Adding one is one file plus one line here.
import { brave } from './brave.ts';
import type { ChainEntry } from './chain.ts';
import { duckduckgo } from './duckduckgo.ts';
import { exa } from './exa.ts';
import { firecrawl } from './firecrawl.ts';
import { google } from './google.ts';
import { jina } from './jina.ts';
import { kagi } from './kagi.ts';
import { linkup } from './linkup.ts';
import { marginalia } from './marginalia.ts';
import { mojeek } from './mojeek.ts';
import { perplexity } from './perplexity.ts';
import { searxng } from './searxng.ts';
import { serpapi } from './serpapi.ts';
import { serper } from './serper.ts';
import { tavily } from './tavily.ts';
import type { SearchProvider } from './types.ts';
import { wikipedia } from './wikipedia.ts';
import { you } from './you.ts';

/** Throws at start-up when two providers share an id or an id is not stable lowercase. */
export function checkRegistry(providers: readonly SearchProvider[]): SearchProvider[] {
  const seen = new Set<string>();
  for (const provider of providers) {
    if (!/^[a-z][a-z0-9-]*$/.test(provider.id)) {
      throw new Error(
        `Search provider id "${provider.id}" must be lowercase letters, digits and dashes: rename it in its file.`,
      );
    }
    if (seen.has(provider.id)) {
      throw new Error(
        `Two search providers have the id "${provider.id}": give one of them another id in its file.`,
      );
    }
    seen.add(provider.id);
  }
  return [...providers];
}

export const PROVIDERS: SearchProvider[] = checkRegistry([
  duckduckgo,
  wikipedia,
  searxng,
  brave,
  google,
  tavily,
  exa,
  serper,
  perplexity,
  kagi,
  jina,
  linkup,
  serpapi,
  firecrawl,
  mojeek,
  marginalia,
  you,
]);

/** The ids that exist, for messages. */
export function providerIds(): string[] {
  return PROVIDERS.map((provider) => provider.id);
}

export class UnknownProviderError extends Error {
  override readonly name = 'UnknownProviderError';
}

/** The provider with this id; the error for an unknown one lists the ids that exist. */
export function providerById(id: string): SearchProvider {
  const provider = PROVIDERS.find((candidate) => candidate.id === id.trim().toLowerCase());
  if (!provider) {
    throw new UnknownProviderError(
      `There is no search provider "${id}": use one of ${providerIds().join(', ')}.`,
    );
  }
  return provider;
}

/** What the chain needs from Quarry's configuration (`Config` has this shape). */
export interface ChainSettings {
  providerOrder?: string[];
  providers: Record<string, { key?: string; keyId?: string; url?: string } | undefined>;
}

/**
 * The providers to ask, in order, with their keys and addresses. `QUARRY_PROVIDERS` gives the order
 * and those listed are on; unset, the providers that need nothing from the user are. With
 * `provider`, only that one (on or not): the caller asked for it by name. Keys and addresses come
 * from settings; a key settings lack is read from the variable the provider declares (`keyEnv`,
 * `keyIdEnv`, `url.env`), so a new provider needs no change to the configuration code.
 */
export function chainEntries(
  settings: ChainSettings,
  options: {
    provider?: string;
    environment?: Record<string, string | undefined>;
    /** The providers to choose from; default every provider Quarry has (tests pass their own). */
    providers?: readonly SearchProvider[];
  } = {},
): ChainEntry[] {
  const environment = options.environment ?? process.env;
  const known = options.providers ?? PROVIDERS;
  const find = (id: string) => known.find((candidate) => candidate.id === id.trim().toLowerCase());
  const ids = () => known.map((provider) => provider.id).join(', ');
  let chosen: SearchProvider[];
  if (options.provider) {
    const provider = find(options.provider);
    if (!provider)
      throw new UnknownProviderError(
        `There is no search provider "${options.provider}": use one of ${ids()}.`,
      );
    chosen = [provider];
  } else if (settings.providerOrder) {
    const seen = new Set<string>();
    chosen = settings.providerOrder.map((id) => {
      const provider = find(id);
      if (!provider) {
        throw new UnknownProviderError(
          `QUARRY_PROVIDERS names "${id}", which is not a search provider: list some of ${ids()}.`,
        );
      }
      if (seen.has(provider.id)) {
        throw new UnknownProviderError(
          `QUARRY_PROVIDERS names "${provider.id}" twice: list each provider once, in the order to ask them.`,
        );
      }
      seen.add(provider.id);
      return provider;
    });
  } else {
    chosen = known.filter((provider) => provider.enabledByDefault);
  }
  return chosen.map((provider) => {
    const own = settings.providers[provider.id] ?? {};
    const declared = (variable: string | undefined) =>
      variable ? environment[variable] || undefined : undefined;
    const entry: ChainEntry = { provider };
    const key = own.key ?? declared(provider.keyEnv);
    const keyId = own.keyId ?? declared(provider.keyIdEnv);
    const url = own.url ?? declared(provider.url?.env);
    if (key) entry.key = key;
    if (keyId) entry.keyId = keyId;
    if (url) entry.url = url;
    return entry;
  });
}
