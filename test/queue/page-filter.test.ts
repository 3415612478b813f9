// read_page's question filter through the provider queues: a provider whose queue is full is passed
// over (the read falls back to the local ranking), and the reason names the limit that was reached
// and the settings that raise it, like a search's.
import { afterEach, describe, expect, it } from 'vitest';
import type { SearchProvider } from '../../src/providers/types.ts';
import { pageFilterThroughQueues } from '../../src/queue/page-filter.ts';
import { restStateOf } from '../../src/queue/rest-state.ts';
import { createQueueSystem, type QueueSystem } from '../../src/queue/system.ts';
import { processSearchJob } from '../../src/workers/search-processor.ts';
import { startWorkers } from '../../src/workers/start-workers.ts';
import { fakeProvider } from './fake-provider.ts';
import { freshConfig, removePrefix, until } from './helpers.ts';

let system: QueueSystem | undefined;

afterEach(async () => {
  if (!system) return;
  await system.close();
  await removePrefix(system.prefix);
  system = undefined;
});

/** A provider whose filter holds its slot until `release` is called. */
function slowFilter(id: string): { provider: SearchProvider; started: () => number; release: () => void } {
  let started = 0;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const provider: SearchProvider = {
    ...fakeProvider(id, { concurrency: 8, rate: { max: 50, perMs: 1_000 } }),
    async filterPage() {
      started += 1;
      await held;
      return { snippets: ['held'], method: 'fake-highlights' };
    },
  };
  return { provider, started: () => started, release: () => release() };
}

describe('pageFilterThroughQueues', () => {
  it('passes over a busy provider, naming its configured limit and the settings that raise it, without resting it', async () => {
    const slow = slowFilter('alpha');
    system = createQueueSystem(
      freshConfig({
        providerOrder: ['alpha'],
        queueWaitMs: 300,
        providers: { alpha: { concurrency: 1, rateMax: 20, ratePerMs: 1_000 } },
      }),
      { providers: [slow.provider] },
    );
    await startWorkers(system, { processors: { search: processSearchJob }, concurrency: 10 });
    const first = pageFilterThroughQueues(system, { url: 'https://example.com/a', question: 'why?' });
    await until(() => slow.started() === 1, 20_000, 'the first filter to hold the only slot');

    const second = await pageFilterThroughQueues(system, { url: 'https://example.com/b', question: 'why?' });
    if (second.provider !== undefined)
      throw new Error(`expected the busy provider to be passed over, got ${second.provider}`);
    expect(second.reason).toMatch(
      /^Fake alpha is busy: the question filter waited \d+ ms \(QUARRY_QUEUE_WAIT_MS\) behind its limit of 1 calls at once and 20 per 1 s without starting\. Raise QUARRY_ALPHA_CONCURRENCY or QUARRY_ALPHA_RATE \(settings file: providers\.alpha\.concurrency, rateMax, ratePerMs; or Settings → Search\)/,
    );
    expect(await restStateOf(system).get('alpha')).toBeUndefined();

    slow.release();
    expect(await first).toMatchObject({ provider: 'alpha', snippets: ['held'] });
    expect(slow.started()).toBe(1);
  });
});
