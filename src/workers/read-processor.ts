// The worker side of read_page: one `read` job = one page read (cache or safe fetch, decode, read).
import { isIP } from 'node:net';
import type { Job } from 'bullmq';
import { pageFilterThroughQueues, type PageFilterOutcome } from '../queue/page-filter.ts';
import { handleJobs } from '../queue/queue-contract.ts';
import { readQueue, type ReadJobData } from '../queue/read-queue.ts';
import type { QueueSystem } from '../queue/system.ts';
import { readPage, type PageReading } from '../web/read-page.ts';
import { AllowList, describeNonPublicAddress, type HostLookup } from '../web/safe-fetch.ts';
import { snippetQuestionFilter } from '../web/snippet-question-filter.ts';

export interface ReadProcessorOptions {
  /** Resolver for the safe fetch; tests make names resolve to their loopback servers. */
  lookup?: HostLookup;
}

/** The `read` queue's processor; `lookup` resolves names for the safe fetch (tests: loopback servers). */
export function readProcessor(options: ReadProcessorOptions = {}) {
  return handleJobs(readQueue, (input, { job, system, signal }) =>
    readJob(input, job, system, signal, options),
  );
}

/** The `read` queue's processor with the system resolver. */
export const processReadJob = readProcessor();

async function readJob(
  input: ReadJobData,
  job: Job,
  system: QueueSystem,
  signal: AbortSignal | undefined,
  options: ReadProcessorOptions,
): Promise<PageReading> {
  // Given a question, a provider that filters pages (when one is on and keyed) picks the passages.
  // It runs while the page is fetched; an address the safe fetch will refuse is not sent to the provider.
  const filtering =
    input.question && providerMayRead(input.url, system.config.fetch.allow)
      ? pageFilterThroughQueues(system, { url: input.url, question: input.question }, { signal })
      : undefined;
  const questionFilter = filtering?.then((filter) =>
    filter.provider !== undefined ? snippetQuestionFilter(filter.method, filter.snippets) : undefined,
  );
  // When the read fails first, the filter's own failure (an abort) has nobody to tell.
  questionFilter?.catch(() => undefined);
  const reading = await readPage(
    input.url,
    { question: input.question, part: input.part },
    {
      config: system.config,
      questionFilter,
      cache: { redis: system.connection, keyPrefix: system.key('page') },
      lookup: options.lookup,
      signal,
      onStage: (stage) => {
        job.updateProgress({ stage }).catch(() => undefined); // progress is a courtesy, never a failure
      },
    },
  );
  return withFilterNote(reading, await filtering);
}

/**
 * Whether a page's address may go to a provider: a web address without credentials, and not a literal
 * IP outside the public internet (unless the operator allows it). Names are checked when fetched.
 */
export function providerMayRead(url: string, allow: readonly string[]): boolean {
  let address: URL;
  try {
    address = new URL(url);
  } catch {
    return false;
  }
  if (address.protocol !== 'http:' && address.protocol !== 'https:') return false;
  if (address.username || address.password) return false;
  const host = address.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) === 0) return true;
  return describeNonPublicAddress(host) === null || new AllowList(allow).allowsAddress(host);
}

/** Says why the local ranking was used when a provider's filter was asked but could not pick the passages. */
function withFilterNote(reading: PageReading, filter: PageFilterOutcome | undefined): PageReading {
  if (!filter || reading.method !== 'local-bm25') return reading;
  let why: string | undefined;
  if (filter.provider !== undefined) {
    why =
      filter.snippets.length > 0
        ? `${filter.providerName}'s extracts matched no passage of the page`
        : `${filter.providerName} found no extract of the page for the question`;
  } else if (filter.reason !== undefined) {
    why = `the provider's page filter was not used: ${filter.reason}`;
  }
  if (!why) return reading;
  const note = `Ranked here with BM25 (${why.replace(/[.:]\s*$/, '')}).`;
  return { ...reading, note: reading.note ? `${reading.note} ${note}` : note };
}
