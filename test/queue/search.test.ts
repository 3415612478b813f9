import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NoProviderError } from '../../src/providers/chain.ts';
import { SearchError, type SearchProvider } from '../../src/providers/types.ts';
import { RunBudgetExhaustedError, runBudget, setRunBudget } from '../../src/queue/budgets.ts';
import { creditsUsed } from '../../src/queue/credits.ts';
import { RedisRestState } from '../../src/queue/rest-state.ts';
import { searchThroughQueues } from '../../src/queue/search.ts';
import { createQueueSystem, type QueueSystem } from '../../src/queue/system.ts';
import { processSearchJob } from '../../src/workers/search-processor.ts';
import { startWorkers } from '../../src/workers/start-workers.ts';
import { fakeProvider, plainQuery, startFakeSearchServer, type FakeSearchServer } from './fake-provider.ts';
import { JobAbortedError } from '../../src/queue/errors.ts';
import { freshConfig, removePrefix, until } from './helpers.ts';

let fake: FakeSearchServer;
let system: QueueSystem | undefined;

beforeAll(async () => {
  fake = await startFakeSearchServer();
});
afterAll(async () => {
  await fake.close();
});
afterEach(async () => {
  fake.reset();
  if (!system) return;
  await system.close();
  await removePrefix(system.prefix);
  system = undefined;
});

type ConfigInput = Parameters<typeof freshConfig>[0];

async function startPipeline(providers: SearchProvider[], overrides: ConfigInput = {}): Promise<QueueSystem> {
  const providerSettings = Object.fromEntries(providers.map((provider) => [provider.id, { url: fake.url }]));
  const config = freshConfig({
    providerOrder: providers.map((provider) => provider.id),
    ...overrides,
    providers: {
      ...providerSettings,
      ...Object.fromEntries(
        Object.entries(overrides?.providers ?? {}).map(([id, settings]) => [
          id,
          { url: fake.url, ...settings },
        ]),
      ),
    },
  });
  system = createQueueSystem(config, { providers });
  await startWorkers(system, { processors: { search: processSearchJob }, concurrency: 10 });
  return system;
}

describe('searchThroughQueues', () => {
  it('runs the search as a job on the provider queue, with the key from the worker configuration only', async () => {
    const pipeline = await startPipeline([fakeProvider('alpha')], {
      providers: { alpha: { key: 'alpha-secret-key' } },
    });
    const answer = await searchThroughQueues(pipeline, plainQuery('otters'));
    expect(answer.provider).toBe('alpha');
    expect(answer.results[0]?.title).toBe('alpha: otters');
    expect(answer.skipped).toEqual([]);
    expect(fake.keysSeen).toEqual(new Set(['alpha-secret-key']));
    const [job] = await pipeline.queue('search.alpha').getJobs(['completed']);
    expect(job?.data).toEqual({ kind: 'search', provider: 'alpha', query: plainQuery('otters') });
    expect(JSON.stringify(job?.data)).not.toContain('alpha-secret-key');
  });

  it('falls back on a 429, rests the provider until its Retry-After in Redis, and skips it meanwhile', async () => {
    const pipeline = await startPipeline([fakeProvider('alpha'), fakeProvider('beta')]);
    fake.behave('/alpha', { status: 429, retryAfterSeconds: 120 });
    const before = Date.now();
    const first = await searchThroughQueues(pipeline, plainQuery('herons'));
    expect(first.provider).toBe('beta');
    expect(first.skipped).toMatchObject([{ provider: 'alpha', kind: 'limit' }]);
    expect(first.skipped[0]!.retryAt).toBeGreaterThanOrEqual(before + 119_000);

    // Another process's view of the rest: the record is in Redis.
    const rest = await new RedisRestState(pipeline).get('alpha');
    expect(rest).toMatchObject({ kind: 'limit' });
    expect(rest?.reason).toContain('429');

    const second = await searchThroughQueues(pipeline, plainQuery('herons'));
    expect(second.provider).toBe('beta');
    expect(second.skipped).toMatchObject([{ provider: 'alpha', kind: 'resting' }]);
    expect(fake.perPath.get('/alpha')).toBe(1);
  });

  it('passes over a provider whose queue does not start the job within queueWaitMs, without resting it', async () => {
    // The configured limits (not the provider's written defaults of 8 at once, 50 per second) are the ones reached.
    const pipeline = await startPipeline(
      [fakeProvider('alpha', { concurrency: 8, rate: { max: 50, perMs: 1000 } }), fakeProvider('beta')],
      { queueWaitMs: 300, providers: { alpha: { concurrency: 1, rateMax: 1000, ratePerMs: 60_000 } } },
    );
    fake.behave('/alpha', { delayMs: 3_000 });
    const slow = searchThroughQueues(pipeline, plainQuery('first'));
    // Wait until the slow search holds alpha's only slot.
    while (fake.perPath.get('/alpha') !== 1) await new Promise((resolve) => setTimeout(resolve, 10));
    const passedOver = await searchThroughQueues(pipeline, plainQuery('second'));
    expect(passedOver.provider).toBe('beta');
    expect(passedOver.skipped).toMatchObject([{ provider: 'alpha', kind: 'saturated' }]);
    expect(passedOver.skipped[0]!.reason).toMatch(
      /^Fake alpha is busy: this search waited \d+ ms \(QUARRY_QUEUE_WAIT_MS\) behind its limit of 1 calls at once and 1000 per 1 min without starting\. Raise QUARRY_ALPHA_CONCURRENCY or QUARRY_ALPHA_RATE \(settings file: providers\.alpha\.concurrency, rateMax, ratePerMs; or Settings → Search\)/,
    );
    expect(await new RedisRestState(pipeline).get('alpha')).toBeUndefined();
    expect((await slow).provider).toBe('alpha');
    expect(fake.perPath.get('/alpha')).toBe(1);
  });

  it('counts credits atomically and moves on when the day allowance is used', async () => {
    const pipeline = await startPipeline([fakeProvider('alpha'), fakeProvider('beta')], {
      providers: { alpha: { creditsPerDay: 3 } },
    });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) => searchThroughQueues(pipeline, plainQuery(`q${index}`))),
    );
    const byAlpha = answers.filter((answer) => answer.provider === 'alpha');
    expect(byAlpha).toHaveLength(3);
    expect(fake.perPath.get('/alpha')).toBe(3);
    expect((await creditsUsed(pipeline, 'alpha')).day).toBe(3);
    const creditsSkip = answers.flatMap((answer) => answer.skipped).find((skip) => skip.kind === 'credits');
    expect(creditsSkip?.reason).toContain('creditsPerDay');
    // Used up: alpha rests until the allowance renews, so later searches go straight to beta.
    const later = await searchThroughQueues(pipeline, plainQuery('later'));
    expect(later.skipped).toMatchObject([{ provider: 'alpha', kind: 'resting' }]);
  });

  it('charges a run once per search, fallbacks included, and never spends more than its budget', async () => {
    const pipeline = await startPipeline([fakeProvider('alpha'), fakeProvider('beta')]);
    fake.behave('/alpha', { status: 503 });
    await setRunBudget(pipeline, 'run-1', { searches: 5 });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) =>
        searchThroughQueues(pipeline, plainQuery(`q${index}`), { runId: 'run-1' }),
      ),
    );
    const answered = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected') as PromiseRejectedResult[];
    expect(answered).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const outcome of refused) {
      expect(outcome.reason).toBeInstanceOf(RunBudgetExhaustedError);
      expect((outcome.reason as Error).message).toBe(
        "This run's 5 searches are used; answer from what you have.",
      );
    }
    expect((await runBudget(pipeline, 'run-1')).searches).toEqual({
      kind: 'searches',
      used: 5,
      limit: 5,
      remaining: 0,
    });
  });

  it('asks one provider by id, and says which ids exist for an unknown one', async () => {
    const pipeline = await startPipeline([fakeProvider('alpha'), fakeProvider('beta')]);
    expect((await searchThroughQueues(pipeline, plainQuery('x'), { provider: 'beta' })).provider).toBe(
      'beta',
    );
    const error = await searchThroughQueues(pipeline, plainQuery('x'), { provider: 'gamma' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(SearchError);
    expect((error as SearchError).kind).toBe('invalid');
    expect((error as Error).message).toContain('alpha, beta');
  });

  it('passes over a provider switched off (providers.<id>.enabled), and refuses it by name with how to switch it on', async () => {
    const pipeline = await startPipeline([fakeProvider('alpha'), fakeProvider('beta')], {
      providers: { alpha: { enabled: false } },
    });
    const answer = await searchThroughQueues(pipeline, plainQuery('otters'));
    expect(answer.provider).toBe('beta');
    expect(fake.perPath.get('/alpha')).toBeUndefined();
    // No worker serves a switched-off provider: naming it is refused at once, not left waiting on its queue.
    const error = await searchThroughQueues(pipeline, plainQuery('x'), { provider: 'alpha' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(SearchError);
    expect(error).toMatchObject({ kind: 'invalid', provider: 'alpha' });
    expect((error as Error).message).toBe(
      'Fake alpha is switched off on this server, so no worker asks it: leave provider out to let the chain choose, or an operator switches alpha on in the console (Settings → Search) or with `npx quarry settings set providers.alpha.enabled true`.',
    );
    expect(fake.perPath.get('/alpha')).toBeUndefined();
  });

  it('refuses an order that names a provider twice (the tested chainEntries)', async () => {
    const pipeline = await startPipeline([fakeProvider('alpha')], { providerOrder: ['alpha', 'alpha'] });
    await expect(searchThroughQueues(pipeline, plainQuery('x'))).rejects.toThrow(/names "alpha" twice/);
  });

  it("gives up at the whole call's time limit (QUARRY_TOOL_TIMEOUT_MS) and withdraws the running job", async () => {
    const pipeline = await startPipeline([fakeProvider('alpha')], { toolTimeoutMs: 300 });
    fake.behave('/alpha', { delayMs: 5_000 });
    const error = await searchThroughQueues(pipeline, plainQuery('slow')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(JobAbortedError);
    expect(((error as Error).cause as Error).message).toMatch(
      /took longer than 300 ms \(QUARRY_TOOL_TIMEOUT_MS\)/,
    );
    await until(
      async () => (await pipeline.queue('search.alpha').getJobCounts('failed')).failed === 1,
      10_000,
      'the job to be cancelled',
    );
  });

  it('withdraws the running search job when the caller gives up', async () => {
    const pipeline = await startPipeline([fakeProvider('alpha')]);
    fake.behave('/alpha', { delayMs: 5_000 });
    const controller = new AbortController();
    const pending = searchThroughQueues(pipeline, plainQuery('slow'), { signal: controller.signal });
    while (fake.perPath.get('/alpha') !== 1) await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort(new Error('the agent left'));
    await expect(pending).rejects.toBeInstanceOf(JobAbortedError);
    // The worker aborts the provider request; the job ends failed rather than running on.
    await until(
      async () => (await pipeline.queue('search.alpha').getJobCounts('failed')).failed === 1,
      10_000,
      'the job to be cancelled',
    );
  });

  it('lists every provider reason when none can answer', async () => {
    const pipeline = await startPipeline([
      fakeProvider('alpha'),
      fakeProvider('beta', undefined, 'required'),
    ]);
    fake.behave('/alpha', { status: 503 });
    const error = await searchThroughQueues(pipeline, plainQuery('x')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NoProviderError);
    expect((error as NoProviderError).skipped.map((skip) => skip.kind)).toEqual([
      'unavailable',
      'not-configured',
    ]);
    expect((error as Error).message).toContain('QUARRY_BETA_KEY');
  });
});
