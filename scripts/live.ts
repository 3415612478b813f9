// `npm run live`: a few real searches against the real providers, to see that their request formats
// and answers still match what Quarry expects. Not part of CI (it needs the internet). Keyless
// providers (and Marginalia, whose shared public key needs nothing from you) always run; keyed ones
// run when their key is set. Offline, each provider gets one line
// saying it was skipped because the network is unreachable, and the script exits 0.
import { lookup } from 'node:dns/promises';
import { loadConfig } from '../src/config.ts';
import { chainEntries, PROVIDERS } from '../src/providers/index.ts';
import { parseQuery } from '../src/providers/operators.ts';
import { SearchError, type SearchProvider, type SearchResult } from '../src/providers/types.ts';

/** Hosts each provider's default address uses, for the reachability check. */
const DEFAULT_HOSTS: Record<string, string> = {
  duckduckgo: 'html.duckduckgo.com',
  wikipedia: 'en.wikipedia.org',
  brave: 'api.search.brave.com',
  google: 'www.googleapis.com',
  tavily: 'api.tavily.com',
  exa: 'api.exa.ai',
  serper: 'google.serper.dev',
  perplexity: 'api.perplexity.ai',
  kagi: 'kagi.com',
  jina: 's.jina.ai',
  linkup: 'api.linkup.so',
  serpapi: 'serpapi.com',
  firecrawl: 'api.firecrawl.dev',
  mojeek: 'www.mojeek.com',
  marginalia: 'api2.marginalia-search.com',
  you: 'ydc-index.io',
};
/** A name lookup slower than this counts as no network. */
const LOOKUP_TIMEOUT_MS = 3_000;
/** Failures that say "the network is not there" rather than "the provider is wrong". */
const OFFLINE_CODES =
  /ENOTFOUND|EAI_AGAIN|ENETUNREACH|EHOSTUNREACH|ECONNREFUSED|ECONNRESET|ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT/;
/** Kinds that say the provider is busy or out of allowance today, not that Quarry reads it wrongly. */
const PASSING_TROUBLE = new Set(['blocked', 'limit', 'credits']);

async function reachable(host: string): Promise<string | undefined> {
  try {
    await Promise.race([
      lookup(host),
      new Promise((_resolve, reject) =>
        setTimeout(() => reject(new Error('lookup timed out')), LOOKUP_TIMEOUT_MS).unref(),
      ),
    ]);
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code ?? (error as Error).message;
  }
}

function problems(results: SearchResult[]): string[] {
  const found: string[] = [];
  const dateForm = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2}))?$/;
  results.forEach((result, index) => {
    if (!result.title) found.push(`result ${index + 1} has no title`);
    if (!/^https?:\/\//.test(result.url)) found.push(`result ${index + 1} has no web address`);
    if (typeof result.snippet !== 'string') found.push(`result ${index + 1} has no snippet string`);
    if (/<[a-z/][^>]*>|&[a-z]+;/i.test(`${result.title} ${result.snippet}`))
      found.push(`result ${index + 1} holds markup`);
    if (result.date && !dateForm.test(result.date)) found.push(`result ${index + 1} has date ${result.date}`);
  });
  return found;
}

function line(provider: SearchProvider, text: string): void {
  process.stdout.write(`${provider.id.padEnd(11)} ${text}\n`);
}

const config = loadConfig();
const query = parseQuery('Ada Lovelace analytical engine', { k: 3 });
let failed = 0;

for (const provider of PROVIDERS) {
  const [entry] = chainEntries(config, { provider: provider.id });
  if (!entry) continue;
  if (provider.key === 'required' && !entry.key) {
    line(provider, `skipped: ${provider.keyEnv} is not set`);
    continue;
  }
  if (provider.keyIdEnv && !entry.keyId) {
    line(provider, `skipped: ${provider.keyIdEnv} is not set`);
    continue;
  }
  if (provider.url?.required && !entry.url) {
    line(provider, `skipped: ${provider.url.env} is not set`);
    continue;
  }
  const host = entry.url ? new URL(entry.url).hostname : DEFAULT_HOSTS[provider.id];
  const offline = host ? await reachable(host) : undefined;
  if (offline) {
    line(provider, `skipped: the network is unreachable (${host}: ${offline})`);
    continue;
  }
  const started = performance.now();
  try {
    const answer = await provider.search(query, {
      key: entry.key,
      keyId: entry.keyId,
      url: entry.url,
      fetch: globalThis.fetch,
      timeoutMs: config.providerTimeoutMs,
    });
    const took = Math.round(performance.now() - started);
    const wrong = problems(answer.results);
    if (wrong.length) failed += 1;
    const first = answer.results[0];
    line(
      provider,
      `${wrong.length ? 'WRONG' : 'ok'}: ${answer.results.length} results in ${took} ms` +
        (first ? `; first: ${first.title} <${first.url}>${first.date ? ` (${first.date})` : ''}` : '') +
        (answer.ignored.length ? `; ignored ${answer.ignored.join(', ')}` : '') +
        (wrong.length ? `; ${wrong.join('; ')}` : ''),
    );
  } catch (error) {
    const message = (error as Error).message.split('\n', 1)[0];
    const cause = (error as { cause?: { cause?: { code?: string }; code?: string } }).cause;
    const code = cause?.cause?.code ?? cause?.code ?? '';
    if (
      error instanceof SearchError &&
      error.kind === 'unavailable' &&
      OFFLINE_CODES.test(`${code} ${message}`)
    ) {
      line(provider, `skipped: the network is unreachable (${message})`);
    } else if (error instanceof SearchError && PASSING_TROUBLE.has(error.kind)) {
      line(provider, `warning (${error.kind}): ${message}`);
    } else {
      failed += 1;
      line(provider, `FAILED${error instanceof SearchError ? ` (${error.kind})` : ''}: ${message}`);
    }
  }
}

process.exitCode = failed ? 1 : 0;
