// A provider's recent failed calls (src/server/console/provider-failures.ts), read from its real queue
// on the real Redis after a real worker ran the calls: a provider's SearchError comes back as data (a
// completed job), an unexpected error fails the job; both are listed, newest first, answers are not.
import { afterEach, describe, expect, it } from 'vitest';
import { SearchError, type SearchProvider } from '../../src/providers/types.ts';
import { searchQueueName } from '../../src/queue/names.ts';
import { runJob } from '../../src/queue/queue-contract.ts';
import { searchQueue } from '../../src/queue/search-queue.ts';
import { createQueueSystem, type QueueSystem } from '../../src/queue/system.ts';
import { recentFailedCalls } from '../../src/server/console/provider-failures.ts';
import { dashboardJobName } from '../../src/server/dashboard.ts';
import { processSearchJob } from '../../src/workers/search-processor.ts';
import { startWorkers, type RunningWorkers } from '../../src/workers/start-workers.ts';
import { fakeProvider, plainQuery } from '../queue/fake-provider.ts';
import { freshConfig, removePrefix } from '../queue/helpers.ts';

/** Answers every search, but refuses its key for "refused" and crashes (a bug, not a SearchError) for "crash". */
function flakyProvider(): SearchProvider {
  return {
    ...fakeProvider('flaky'),
    async search(query) {
      if (query.text === 'refused')
        throw new SearchError('auth', 'Flaky refused the key: set its key in Settings → Search.', {
          provider: 'flaky',
          status: 401,
        });
      if (query.text === 'crash') throw new TypeError('flaky crashed reading its answer');
      return { results: [{ title: query.text, url: 'https://example.com/', snippet: '' }], ignored: [] };
    },
  };
}

describe("a provider's recent failed calls", () => {
  let system: QueueSystem | undefined;
  let workers: RunningWorkers | undefined;
  afterEach(async () => {
    await workers?.close();
    workers = undefined;
    if (!system) return;
    const { prefix } = system;
    await system.close();
    await removePrefix(prefix);
    system = undefined;
  });

  it('lists the failures that came back as data and the jobs that failed, newest first, and not the answers', async () => {
    system = createQueueSystem(freshConfig({ providerOrder: ['flaky'] }), { providers: [flakyProvider()] });
    workers = await startWorkers(system, { processors: { search: processSearchJob } });
    const search = (text: string) =>
      runJob(
        system!,
        searchQueue,
        { kind: 'search', provider: 'flaky', query: plainQuery(text) },
        { queueName: searchQueueName('flaky'), timeoutMs: 15_000, name: 'flaky' },
      );
    await search('cats');
    await expect(search('refused')).rejects.toThrow(/refused the key/);
    await expect(search('crash')).rejects.toThrow(/flaky crashed/);
    await search('dogs');

    const failures = await recentFailedCalls(system, 'flaky');
    expect(failures.map(({ kind, asked, call }) => ({ kind, asked, call }))).toEqual([
      { kind: 'job failed', asked: 'crash', call: 'search' },
      { kind: 'auth', asked: 'refused', call: 'search' },
    ]);
    expect(failures[0]!.message).toMatch(/flaky crashed reading its answer/);
    expect(failures[1]!.message).toBe('Flaky refused the key: set its key in Settings → Search.');
    expect(failures.every((failure) => failure.queue === 'search.flaky' && failure.jobId && failure.at)).toBe(
      true,
    );

    // On bull-board the failure that came back as data is a completed job whose name says it failed.
    const completed = await system.queue(searchQueueName('flaky')).getJobs(['completed']);
    expect(completed.map((job) => dashboardJobName(job)).sort()).toEqual([
      'flaky',
      'flaky',
      'flaky (failed: auth)',
    ]);
  });

  it('has nothing to list for a provider that only answered', async () => {
    system = createQueueSystem(freshConfig({ providerOrder: ['flaky'] }), { providers: [flakyProvider()] });
    expect(await recentFailedCalls(system, 'flaky')).toEqual([]);
  });
});
