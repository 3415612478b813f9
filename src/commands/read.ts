// `quarry read <url|file>`: reads a page (through the safe fetch, with the Redis page cache when Redis
// answers) or a local file (no fetch at all), the way read_page gives it to an agent.
import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Command, InvalidArgumentError } from 'commander';
import { Redis } from 'ioredis';
import { readConfigSources, type Config } from '../config.ts';
import { stateKey } from '../queue/names.ts';
import { contentTypeForFileName, decodeDocument } from '../web/decode.ts';
import { readDocument, readPage, type PageReading } from '../web/read-page.ts';
import { exitCodeFor, UsageError } from './exit-codes.ts';
import { currentConfig } from './queue-system-or-fail.ts';
import { typedWholeNumber } from './typed-number.ts';

interface ReadFlags {
  question?: string;
  part?: number;
  json?: boolean;
}

function partNumber(value: string): number {
  const number = typedWholeNumber(value);
  if (!Number.isInteger(number) || number < 1)
    throw new InvalidArgumentError('--part takes a whole number from 1, such as 2.');
  return number;
}

/** A local file when the argument names one (or is a file: URL); else a web address. */
async function localFile(target: string): Promise<string | undefined> {
  if (/^file:/i.test(target)) return fileURLToPath(target);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(target)) return undefined;
  const path = resolve(target);
  const found = await stat(path).catch(() => undefined);
  if (found?.isFile()) return path;
  if (/^(\.{0,2}\/|~)/.test(target)) throw new UsageError(`There is no file ${path}; check the path.`);
  return undefined;
}

async function readLocalFile(path: string, flags: ReadFlags, config: Config): Promise<PageReading> {
  const info = await stat(path);
  if (info.size > config.fetch.maxBytes) {
    throw new Error(
      `${path} is larger than ${config.fetch.maxBytes} bytes, the read limit (QUARRY_FETCH_MAX_BYTES).`,
    );
  }
  const document = await decodeDocument(await readFile(path), contentTypeForFileName(path), path);
  return readDocument(
    { ...document, url: pathToFileURL(path).href, fetchedAt: info.mtime.toISOString() },
    { question: flags.question, part: flags.part },
    { config },
  );
}

/** Redis for the page cache, or undefined when it does not answer quickly (reading works without it). */
async function cacheConnection(config: Config): Promise<Redis | undefined> {
  const redis = new Redis(config.redisUrl, {
    lazyConnect: true,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined); // a missing cache is not an error for a one-off read
  try {
    await redis.connect();
    return redis;
  } catch {
    redis.disconnect();
    return undefined;
  }
}

function printReading(reading: PageReading, target: string, flags: ReadFlags): void {
  const facts = [reading.url, reading.kind];
  if (reading.publishedDate) facts.push(`published ${reading.publishedDate}`);
  if (!flags.question) facts.push(`part ${reading.part} of ${reading.partCount}`);
  else facts.push(`answer by ${reading.method}`);
  if (reading.cached) facts.push('from cache');
  const lines = [reading.title, facts.join(' · '), '', reading.text || '(no text)'];
  if (reading.note) lines.push('', `Note: ${reading.note}`);
  if (!flags.question && reading.part < reading.partCount) {
    lines.push('', `Next: npx quarry read ${JSON.stringify(target)} --part ${reading.part + 1}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

export function registerReadCommand(program: Command): void {
  program
    .command('read')
    .description(
      'Read a web page or a local file (HTML, XHTML, plain text, PDF) the way read_page gives it to an agent.',
    )
    .argument('<url|file>', 'an http(s) address, or a path to a local file (read without fetching)')
    .option('--question <text>', 'only the passages that answer this question, each with its part number')
    .option('--part <n>', 'which part of a long page to read (default 1)', partNumber)
    .option('--json', 'print the reading as JSON')
    .action(async (target: string, flags: ReadFlags) => {
      let redis: Redis | undefined;
      try {
        // The live settings when Redis answers (fetch limits, the question filter's providers and keys).
        const config = await currentConfig(readConfigSources());
        const path = await localFile(target);
        let reading: PageReading;
        if (path) {
          reading = await readLocalFile(path, flags, config);
        } else {
          // A bare host and path ("example.com/page") means https; any written scheme is kept (and judged).
          const url = /^([a-z][a-z0-9+.-]*:\/\/|(data|javascript|mailto|about|blob|file):)/i.test(target)
            ? target
            : `https://${target}`;
          redis = await cacheConnection(config);
          reading = await readPage(
            url,
            { question: flags.question, part: flags.part },
            { config, cache: redis ? { redis, keyPrefix: stateKey(config.prefix, 'page') } : undefined },
          );
        }
        if (flags.json) process.stdout.write(`${JSON.stringify(reading, null, 2)}\n`);
        else printReading(reading, target, flags);
      } catch (error) {
        process.stderr.write(`quarry read: ${(error as Error).message}\n`);
        process.exitCode = exitCodeFor(error);
      } finally {
        redis?.disconnect();
      }
    });
}
