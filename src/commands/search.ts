// `quarry search "words"`: asks the provider chain directly, in this process (rest state in memory,
// the global fetch), and prints numbered results and the provider that answered.
import { Command, InvalidArgumentError } from 'commander';
import { readConfigSources, type Config } from '../config.ts';
import { MemoryRestState, searchChain, type ChainAnswer } from '../providers/chain.ts';
import { chainEntries, UnknownProviderError } from '../providers/index.ts';
import { parseQuery, type QueryExtras } from '../providers/operators.ts';
import type { SearchQuery } from '../providers/types.ts';
import { exitCodeFor } from './exit-codes.ts';
import { currentConfig } from './queue-system-or-fail.ts';
import { typedWholeNumber } from './typed-number.ts';

export interface SearchFlags {
  provider?: string;
  k?: number;
  site?: string[];
  excludeSite?: string[];
  from?: string;
  to?: string;
  recency?: string;
  language?: string[];
  json?: boolean;
}

/** Snippets longer than this are cut in the printed list (the JSON keeps them whole). */
const SNIPPET_WIDTH = 300;

function resultCount(value: string): number {
  const number = typedWholeNumber(value);
  if (!Number.isInteger(number) || number < 1 || number > 100) {
    throw new InvalidArgumentError('--k takes a whole number from 1 to 100, such as 5.');
  }
  return number;
}

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/**
 * A flag's value checked as the search will check it (parseQuery), so a bad one is refused by the
 * flag's name before anything else runs. An empty value is refused too: it would quietly mean "none".
 */
function checkedBy(flag: string, extras: (value: string) => QueryExtras) {
  return (value: string): string => {
    if (!value.trim()) throw new InvalidArgumentError(`It is empty: give a value or leave ${flag} out.`);
    try {
      parseQuery('words', extras(value));
    } catch (error) {
      throw new InvalidArgumentError((error as Error).message);
    }
    return value;
  };
}

const checkedRecency = checkedBy('--recency', (recency) => ({ recency }));
const checkedFrom = checkedBy('--from', (from) => ({ from }));
const checkedTo = checkedBy('--to', (to) => ({ to }));
const checkedLanguage = checkedBy('--language', (language) => ({ languages: [language] }));

/** Runs one search the way the command does; tests call this with their own fetch and settings. */
export async function runSearch(
  words: string,
  flags: SearchFlags,
  options: { config: Config; fetch: typeof fetch; signal?: AbortSignal },
): Promise<{ query: SearchQuery; answer: ChainAnswer }> {
  const { config } = options;
  const query = parseQuery(words, {
    k: flags.k,
    sites: flags.site,
    excludeSites: flags.excludeSite,
    from: flags.from,
    to: flags.to,
    recency: flags.recency,
    languages: flags.language,
  });
  const entries = chainEntries(config, { provider: flags.provider });
  const answer = await searchChain(
    query,
    entries,
    { fetch: options.fetch, signal: options.signal, timeoutMs: config.providerTimeoutMs },
    { rest: new MemoryRestState(), restMs: config.rest },
  );
  return { query, answer };
}

/** The printed form: numbered results, then who answered, what it ignored and who was skipped. */
export function formatAnswer(answer: ChainAnswer): string {
  const lines: string[] = [];
  answer.results.forEach((result, index) => {
    const facts = [result.date, result.fileType, result.language, result.category].filter(Boolean);
    lines.push(`${index + 1}. ${result.title}`);
    lines.push(`   ${result.url}`);
    if (facts.length) lines.push(`   ${facts.join(' · ')}`);
    if (result.snippet) {
      const snippet =
        result.snippet.length > SNIPPET_WIDTH
          ? `${result.snippet.slice(0, SNIPPET_WIDTH - 1)}…`
          : result.snippet;
      lines.push(`   ${snippet}`);
    }
    lines.push('');
  });
  if (answer.results.length === 0) lines.push('No results.', '');
  lines.push(`Answered by ${answer.providerName} (${answer.provider}).`);
  if (answer.ignored.length) lines.push(`It could not keep: ${answer.ignored.join(', ')}.`);
  for (const skipped of answer.skipped)
    lines.push(`Skipped ${skipped.provider} (${skipped.kind}): ${skipped.reason}`);
  return `${lines.join('\n')}\n`;
}

export function registerSearchCommand(program: Command): void {
  program
    .command('search')
    .description(
      'Search the web through the provider chain and print the results and the provider that answered.',
    )
    .argument('<words>', 'what to search for; may hold site:, -site: and filetype:pdf')
    .option('--provider <id>', 'ask only this provider (on or not)')
    .option('--k <n>', 'how many results, 1 to 100 (default 10)', resultCount)
    .option('--site <site>', 'keep to this site (repeat for more)', collect)
    .option('--exclude-site <site>', 'leave this site out (repeat for more)', collect)
    .option('--from <day>', 'first day, YYYY-MM-DD', checkedFrom)
    .option('--to <day>', 'last day, YYYY-MM-DD', checkedTo)
    .option('--recency <window>', 'day, week, month, year or any', checkedRecency)
    .option('--language <code>', 'ISO 639-1 language code (repeat for more)', (value, previous?: string[]) =>
      collect(checkedLanguage(value), previous),
    )
    .option('--json', 'print the query and the answer as JSON')
    .action(async (words: string, flags: SearchFlags) => {
      try {
        // The live settings when Redis answers (provider order, keys set with `quarry settings set`).
        const config = await currentConfig(readConfigSources());
        const { query, answer } = await runSearch(words, flags, {
          config,
          fetch: globalThis.fetch,
          signal: AbortSignal.timeout(config.toolTimeoutMs),
        });
        if (flags.json) process.stdout.write(`${JSON.stringify({ query, ...answer }, null, 2)}\n`);
        else process.stdout.write(formatAnswer(answer));
      } catch (error) {
        // An unknown provider here is the one --provider named.
        const flag = error instanceof UnknownProviderError && flags.provider ? '--provider: ' : '';
        process.stderr.write(`quarry search: ${flag}${(error as Error).message}\n`);
        process.exitCode = exitCodeFor(error);
      }
    });
}
