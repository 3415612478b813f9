// find_media through the real pipeline: a real Redis (fresh prefix), real BullMQ workers running
// processMediaJob and processSearchJob, the real SearXNG provider asking a loopback instance, and the
// loopback web of recorded pages reached through the guarded fetch.
import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FindMediaProgress } from '../../src/media/find-media.ts';
import { addAndWait } from '../../src/queue/add-and-wait.ts';
import { JobFailedError } from '../../src/queue/errors.ts';
import { findMediaThroughQueue } from '../../src/queue/media-queue.ts';
import { MEDIA_QUEUE } from '../../src/queue/names.ts';
import { createQueueSystem, type QueueSystem } from '../../src/queue/system.ts';
import { mediaProcessor } from '../../src/workers/media-processor.ts';
import { processSearchJob } from '../../src/workers/search-processor.ts';
import { startWorkers } from '../../src/workers/start-workers.ts';
import { freshConfig, removePrefix } from '../queue/helpers.ts';
import { jsonReply, makePicture, startFixtureWeb, type FixtureWeb, type SiteHandler } from './fixture-web.ts';
import { pageSite, wikipediaSite, youtubeSite } from './fixture-sites.ts';

const NYT_ARTICLE = '/2017/01/13/world/africa/sudan-sanctions.html';
const NYT_PICTURE = '/images/2017/01/14/world/13SUDAN-1/13SUDAN-1-facebookJumbo.jpg';

let web: FixtureWeb;
let system: QueueSystem;
const searxQueries: string[] = [];
const loopback = async (): Promise<LookupAddress[]> => [{ address: '127.0.0.1', family: 4 }];

beforeAll(async () => {
  const sites: Record<string, SiteHandler> = {};
  web = await startFixtureWeb(sites);
  const article = {
    url: web.url('www.nytimes.com', NYT_ARTICLE),
    title: 'United States to Lift Sudan Sanctions',
    content: '',
  };
  const answers: Record<string, unknown[]> = {
    Sudan: [article],
    Sanctions: [article],
    'Test Desiderata site:youtube.com': [
      {
        url: 'https://www.youtube.com/watch?v=bbbbbbbbbbb',
        title: 'Test Desiderata - live session - YouTube',
        content: '',
      },
    ],
  };
  Object.assign(sites, {
    'en.wikipedia.test': wikipediaSite,
    'www.youtube.test': youtubeSite(),
    'www.nytimes.com': pageSite(web.port, {
      [NYT_ARTICLE]: 'media-fixtures/ogimage/readability_nytimes-article_ogimage-real.html',
    }),
    'static01.nyt.com': pageSite(web.port, {}, { [NYT_PICTURE]: await makePicture(1050, 549) }),
    // A SearXNG instance answering format=json (the provider's own transport, not the guarded fetch).
    '127.0.0.1': ((path, query) => {
      if (path !== '/search') return undefined;
      const text = query.get('q') ?? '';
      searxQueries.push(text);
      return jsonReply({ query: text, number_of_results: 0, results: answers[text] ?? [] });
    }) satisfies SiteHandler,
  });
  const config = freshConfig({
    providerOrder: ['searxng'],
    // SearXNG's written rate (2 a second) would make some of this call's ten searches wait past
    // queueWaitMs on a slow machine and be passed over; this test is about the media jobs, not the rate.
    providers: { searxng: { url: `http://127.0.0.1:${web.port}`, rateMax: 100, ratePerMs: 1_000 } },
    queueWaitMs: 20_000,
    fetch: { allow: ['127.0.0.1'] },
    media: {
      wikipediaUrl: web.url('en.wikipedia.test', '').replace(/\/$/, ''),
      youtubeUrl: web.url('www.youtube.test', '').replace(/\/$/, ''),
      concurrency: 2,
    },
  });
  system = createQueueSystem(config);
  await startWorkers(system, {
    concurrency: 4,
    processors: {
      search: processSearchJob,
      media: mediaProcessor({ lookup: loopback }),
    },
  });
});

afterAll(async () => {
  await system?.close();
  await web?.close();
  if (system) await removePrefix(system.prefix);
});

describe('find_media through the media queue', () => {
  it('runs one job per item, searches through the provider chain and hands each picture to one thing', async () => {
    const progress: FindMediaProgress[] = [];
    const names = ['Canis', 'Sudan', 'Sanctions', 'Tankurt Manas', 'Test Desiderata'];
    const answer = await findMediaThroughQueue(
      system,
      { items: names, video: true },
      { onProgress: (step) => progress.push(step) },
    );
    const byName = Object.fromEntries(answer.items.map((item) => [item.name, item]));

    expect(byName.Canis!.pictures[0]).toMatchObject({ source: 'wikipedia', width: 1000, height: 1400 });
    expect(byName.Sudan!.pictures).toEqual([
      {
        url: web.url('static01.nyt.com', NYT_PICTURE),
        page: web.url('www.nytimes.com', NYT_ARTICLE),
        width: 1050,
        height: 549,
        source: 'og:image',
      },
    ]);
    expect(byName.Sanctions!.pictures).toEqual([]);
    expect(byName.Sanctions!.notFound?.picture).toMatch(/already the picture of "Sudan"/);
    expect(byName['Tankurt Manas']!.videos).toEqual([
      {
        url: 'https://www.youtube.com/watch?v=ZhtsGtFRHbA',
        title: 'Tankurt Manas - Test | Official Video',
        source: 'youtube',
      },
    ]);
    expect(byName['Test Desiderata']!.videos).toEqual([
      {
        url: 'https://www.youtube.com/watch?v=bbbbbbbbbbb',
        title: 'Test Desiderata - live session',
        source: 'search',
      },
    ]);
    expect(searxQueries).toContain('Tankurt Manas site:youtube.com');
    expect(progress).toHaveLength(names.length);

    const counts = await system.queue(MEDIA_QUEUE).getJobCounts('completed', 'failed');
    expect(counts).toEqual({ completed: names.length, failed: 0 });
  });

  it('fails a malformed job for good, with a message that names the field', async () => {
    const failure = addAndWait(
      system,
      MEDIA_QUEUE,
      { item: { name: '' }, video: 'yes', k: 1 },
      { timeoutMs: 20_000 },
    );
    await expect(failure).rejects.toBeInstanceOf(JobFailedError);
    await expect(failure).rejects.toThrow(/media job's data is not valid: .*item\.name.*video/);
  });
});
