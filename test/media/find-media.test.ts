// find_media end to end over a loopback web replaying recorded pages: Wikipedia summaries, pages with
// and without og:image, logos and site-wide pictures, two items that would share a picture, YouTube
// results pages in both layouts, no-video and partial-failure cases. All fetches go through the real
// guarded fetch; only the search is a function the test hands in (the provider chain's seam).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assign,
  findMedia,
  type FindMediaInput,
  type FindMediaProgress,
} from '../../src/media/find-media.ts';
import { lookupMediaItem } from '../../src/media/lookup-item.ts';
import type { ItemLookup, MediaSearch } from '../../src/media/media-types.ts';
import type { SearchQuery, SearchResult } from '../../src/providers/types.ts';
import { makePicture, startFixtureWeb, type FixtureWeb, type SiteHandler } from './fixture-web.ts';
import { pageSite, wikipediaSite, youtubeSite } from './fixture-sites.ts';

const NYT_ARTICLE = '/2017/01/13/world/africa/sudan-sanctions.html';
const NYT_PICTURE = '/images/2017/01/14/world/13SUDAN-1/13SUDAN-1-facebookJumbo.jpg';
const OGIMAGE = 'media-fixtures/ogimage';

let web: FixtureWeb;
const searches: SearchQuery[] = [];
let pageResults: Record<string, SearchResult[]> = {};
let videoResults: Record<string, SearchResult[]> = {};

const search: MediaSearch = async (query) => {
  searches.push(query);
  if (query.text === 'Broken')
    throw new Error('No search provider could answer (2 tried): fix one of them in Settings → Search.');
  return { results: (query.sites.includes('youtube.com') ? videoResults : pageResults)[query.text] ?? [] };
};

function result(title: string, url: string): SearchResult {
  return { title, url, snippet: '' };
}

beforeAll(async () => {
  const sites: Record<string, SiteHandler> = {};
  web = await startFixtureWeb(sites);
  const port = web.port;
  Object.assign(sites, {
    'en.wikipedia.test': wikipediaSite,
    'de.wikipedia.test': wikipediaSite,
    'www.youtube.test': youtubeSite(),
    'www.nytimes.com': pageSite(port, {
      [NYT_ARTICLE]: `${OGIMAGE}/readability_nytimes-article_ogimage-real.html`,
      '/': `${OGIMAGE}/readability_nytimes-es-front_ogimage-defaultPromo.html`,
    }),
    'static01.nyt.com': pageSite(port, {}, { [NYT_PICTURE]: await makePicture(1050, 549) }),
    // The home page is the same recorded page: its picture is the one every page of the site shows.
    'www.factorio.com': pageSite(
      port,
      {
        '/blog/post/fff-282': `${OGIMAGE}/readability_factorio-fff282_ogimage-logo.html`,
        '/': `${OGIMAGE}/readability_factorio-fff282_ogimage-logo.html`,
      },
      { '/static/img/factorio-wheel.png': await makePicture(400, 400, 'png') },
    ),
    'obamawhitehouse.archives.gov': pageSite(port, {
      '/the-press-office/2015/04/11/weekly-address': `${OGIMAGE}/postlight_whitehouse_weekly-address-2015_ogimage-sitewide.html`,
      '/blog/2016/12/24/weekly-address': `${OGIMAGE}/postlight_whitehouse_weekly-address-2016_ogimage-sitewide.html`,
    }),
    'daringfireball.net': pageSite(port, { '/colophon/': 'readability/daringfireball-1/source.html' }),
    'mcupdate.tumblr.com': pageSite(port, {
      '/post/95777096940': `${OGIMAGE}/readability_tumblr_post_ogimage-sitewide.html`,
    }),
    'www.biorxiv.org': pageSite(port, {
      '/content/10.1101/478818v1': `${OGIMAGE}/postlight_biorxiv-preprint_ogimage-logo.html`,
    }),
    // The same recorded article on another site whose picture server has only a small copy.
    'www.small-pictures.test': pageSite(
      port,
      { '/sudan': `${OGIMAGE}/readability_nytimes-article_ogimage-real.html` },
      { [NYT_PICTURE]: await makePicture(120, 90) },
      { 'static01.nyt.com': 'www.small-pictures.test' },
    ),
  });
  const nytArticle = web.url('www.nytimes.com', NYT_ARTICLE);
  pageResults = {
    Sudan: [
      result('An unrelated page', 'http://unrelated.test/page'),
      result('United States to Lift Sudan Sanctions - The New York Times', nytArticle),
    ],
    Sanctions: [result('United States to Lift Sudan Sanctions - The New York Times', nytArticle)],
    'Friday Facts': [
      result(
        'Friday Facts #282 - 0.17 in sight | Factorio',
        web.url('www.factorio.com', '/blog/post/fff-282'),
      ),
    ],
    'Weekly Address': [
      result(
        'Weekly Address: Tuition-Free Community College',
        web.url('obamawhitehouse.archives.gov', '/the-press-office/2015/04/11/weekly-address'),
      ),
      result(
        'WEEKLY ADDRESS: Merry Christmas from the President',
        web.url('obamawhitehouse.archives.gov', '/blog/2016/12/24/weekly-address'),
      ),
    ],
    'Daring Fireball': [result('Daring Fireball: Colophon', web.url('daringfireball.net', '/colophon/'))],
    Minecraft: [
      result('Minecraft 1.8 - The Bountiful Update', web.url('mcupdate.tumblr.com', '/post/95777096940')),
    ],
    'Cell-free DNA': [
      result(
        'Sub-nucleosomal organization in urine cell-free DNA',
        web.url('www.biorxiv.org', '/content/10.1101/478818v1'),
      ),
    ],
    'Lift Sudan Sanctions': [
      result('United States to Lift Sudan Sanctions', web.url('www.small-pictures.test', '/sudan')),
    ],
  };
  videoResults = {
    'Nothing Found': [
      result('Another clip entirely - YouTube', 'https://www.youtube.com/watch?v=aaaaaaaaaaa'),
    ],
    'Test Desiderata': [result('Test Desiderata - live session - YouTube', 'https://youtu.be/bbbbbbbbbbb')],
  };
});
afterAll(() => web.close());

function run(input: FindMediaInput, progress: FindMediaProgress[] = []) {
  return findMedia(input, {
    concurrency: 3,
    onProgress: (step) => progress.push(step),
    lookup: (item, options, signal) =>
      lookupMediaItem(item, options, {
        fetch: web.fetch,
        search,
        wikipediaUrl: web.url('en.wikipedia.test', '').replace(/\/$/, ''),
        youtubeUrl: web.url('www.youtube.test', '').replace(/\/$/, ''),
        signal,
      }),
  });
}

describe('find_media pictures', () => {
  it('gives each thing its own picture and refuses logos, site-wide pictures and shared pictures', async () => {
    const progress: FindMediaProgress[] = [];
    const names = [
      'Canis',
      'Test',
      'Sudan',
      'Sanctions',
      'Friday Facts',
      'Weekly Address',
      'Daring Fireball',
      'Minecraft',
      'Cell-free DNA',
    ];
    const answer = await run({ items: names }, progress);
    const byName = Object.fromEntries(answer.items.map((item) => [item.name, item]));
    expect(answer.items.map((item) => item.name)).toEqual(names);

    expect(byName.Canis!.pictures).toEqual([
      expect.objectContaining({
        url: 'https://upload.wikimedia.org/wikipedia/commons/2/27/Canis.png',
        width: 1000,
        height: 1400,
        source: 'wikipedia',
      }),
    ]);
    expect(byName.Canis!.notFound).toBeUndefined();
    expect(searches.some((query) => query.text === 'Canis')).toBe(false); // Wikipedia answered: no search spent

    expect(byName.Test!.pictures).toEqual([]);
    expect(byName.Test!.notFound?.picture).toMatch(/disambiguation page/);

    expect(byName.Sudan!.pictures).toEqual([
      {
        url: web.url('static01.nyt.com', NYT_PICTURE),
        page: web.url('www.nytimes.com', NYT_ARTICLE),
        width: 1050,
        height: 549,
        source: 'og:image',
      },
    ]);
    expect(web.count('unrelated.test')).toBe(0); // its title does not name the thing: never fetched

    expect(byName.Sanctions!.pictures).toEqual([]);
    expect(byName.Sanctions!.notFound?.picture).toMatch(/already the picture of "Sudan"/);
    expect(byName['Friday Facts']!.notFound?.picture).toMatch(/home page picture too/);
    expect(byName['Weekly Address']!.notFound?.picture).toMatch(/same picture is on other pages of the site/);
    expect(byName['Daring Fireball']!.notFound?.picture).toMatch(/has no og:image/);
    expect(byName.Minecraft!.notFound?.picture).toMatch(/file name says "share"/);
    expect(byName['Cell-free DNA']!.notFound?.picture).toMatch(/file name says "logo"/);
    for (const name of ['Friday Facts', 'Weekly Address', 'Daring Fireball', 'Minecraft', 'Cell-free DNA']) {
      expect(byName[name]!.pictures).toEqual([]);
    }
    expect(progress.map((step) => step.done)).toEqual(names.map((_, index) => index + 1));
    expect(new Set(progress.map((step) => step.name))).toEqual(new Set(names));
  });

  it('refuses a picture far too small, measured from the image itself', async () => {
    const answer = await run({ items: ['Lift Sudan Sanctions'] });
    expect(answer.items[0]!.pictures).toEqual([]);
    expect(answer.items[0]!.notFound?.picture).toMatch(/120×90 pixels, far too small/);
  });

  it('asks the Wikipedia edition of the request language', async () => {
    const before = web.count('en.wikipedia.test');
    const answer = await run({ items: ['Tokyo'], language: 'de' });
    expect(answer.items[0]!.pictures[0]?.source).toBe('wikipedia');
    expect(web.count('de.wikipedia.test')).toBeGreaterThan(0);
    expect(web.count('en.wikipedia.test')).toBe(before);
  });

  it("takes the og:image of the thing's own page before any search result", async () => {
    const answer = await run({
      items: [{ name: 'Own Page Thing', url: web.url('www.nytimes.com', NYT_ARTICLE) }],
    });
    expect(answer.items[0]!.pictures).toEqual([
      expect.objectContaining({
        url: web.url('static01.nyt.com', NYT_PICTURE),
        page: web.url('www.nytimes.com', NYT_ARTICLE),
      }),
    ]);
    expect(answer.items[0]!.notFound).toBeUndefined();
  });

  it('counts one page reached by two addresses once (its picture is not taken for a site-wide one)', async () => {
    const own = `${web.url('www.nytimes.com', NYT_ARTICLE)}#top`; // the search finds the same page without #top
    const answer = await run({ items: [{ name: 'Sudan', url: own }], k: 2 });
    expect(answer.items[0]!.pictures).toEqual([
      expect.objectContaining({ url: web.url('static01.nyt.com', NYT_PICTURE), page: own }),
    ]);
    expect(answer.items[0]!.notFound?.picture).toMatch(/^Only 1 of 2 pictures found/);
    expect(answer.items[0]!.notFound?.picture).not.toMatch(/site-wide/);
  });

  it('gives up to k pictures per item, Wikipedia first, then pages', async () => {
    const answer = await run({
      items: [{ name: 'Tokyo', url: web.url('www.nytimes.com', NYT_ARTICLE) }],
      k: 2,
    });
    expect(answer.items[0]!.pictures.map((picture) => picture.source)).toEqual(['wikipedia', 'og:image']);
    expect(answer.items[0]!.notFound).toBeUndefined();
  });

  it('reads rows with context: the year goes into the search, the site keeps it to one site', async () => {
    searches.length = 0;
    await run({ items: [{ name: 'Sudan', year: 2017, site: 'nytimes.com', section: 'world' }] });
    expect(searches).toContainEqual(expect.objectContaining({ text: 'Sudan 2017', sites: ['nytimes.com'] }));
  });
});

describe('find_media videos', () => {
  it('finds the first video whose title names the thing, in both result-list layouts and through the search', async () => {
    searches.length = 0;
    const names = ['Tankurt Manas', 'CC101', 'Ducati Multistrada V4', 'Test Desiderata', 'Nothing Found'];
    const answer = await run({ items: names, video: true });
    const videos = Object.fromEntries(answer.items.map((item) => [item.name, item.videos]));
    expect(videos['Tankurt Manas']).toEqual([
      {
        url: 'https://www.youtube.com/watch?v=ZhtsGtFRHbA',
        title: 'Tankurt Manas - Test | Official Video',
        source: 'youtube',
      },
    ]);
    expect(videos.CC101).toEqual([
      {
        url: 'https://www.youtube.com/watch?v=AzFgLYHc-oc',
        title: 'CC101: A Brief History',
        source: 'youtube',
      },
    ]);
    expect(videos['Ducati Multistrada V4']?.[0]?.url).toBe('https://www.youtube.com/watch?v=VTYkIyHb69I');
    // The playlists-only lockup page has no video; the search of youtube.com finds one.
    expect(videos['Test Desiderata']).toEqual([
      {
        url: 'https://www.youtube.com/watch?v=bbbbbbbbbbb',
        title: 'Test Desiderata - live session',
        source: 'search',
      },
    ]);
    const nothing = answer.items.find((item) => item.name === 'Nothing Found')!;
    expect(nothing.videos).toEqual([]);
    expect(nothing.notFound?.video).toMatch(
      /none of the 1 YouTube videos found has a title that names "Nothing Found"/,
    );
    expect(
      searches
        .filter((query) => query.sites.includes('youtube.com'))
        .map((query) => query.text)
        .sort(),
    ).toEqual([...names].sort());
  });

  it('keeps going when a source fails: the item says why, the others are answered', async () => {
    const answer = await run({ items: ['Broken', 'Tankurt Manas'], video: true });
    const [broken, tankurt] = answer.items;
    expect(broken!.videos).toEqual([]);
    expect(broken!.notFound?.video).toMatch(/results page could not be read.*503/);
    expect(broken!.notFound?.video).toMatch(/search of youtube\.com failed: No search provider could answer/);
    expect(broken!.notFound?.picture).toMatch(/page search failed/);
    expect(tankurt!.videos?.[0]?.url).toBe('https://www.youtube.com/watch?v=ZhtsGtFRHbA');
  });
});

describe('find_media item isolation and hand-out', () => {
  it('one failed item never fails the others', async () => {
    const progress: FindMediaProgress[] = [];
    const answer = await findMedia(
      { items: ['Canis', 'Explodes'] },
      {
        concurrency: 2,
        onProgress: (step) => progress.push(step),
        lookup: async (item, options) => {
          if (item.name === 'Explodes') throw new Error('the media job timed out after 60000 ms');
          return lookupMediaItem(item, options, {
            fetch: web.fetch,
            search,
            wikipediaUrl: web.url('en.wikipedia.test', '').replace(/\/$/, ''),
            youtubeUrl: web.url('www.youtube.test', '').replace(/\/$/, ''),
          });
        },
      },
    );
    expect(answer.items[0]!.pictures).toHaveLength(1);
    expect(answer.items[1]).toEqual({
      name: 'Explodes',
      pictures: [],
      error: 'Looking up "Explodes" failed: the media job timed out after 60000 ms',
    });
    expect(progress).toHaveLength(2);
  });

  it('gives a picture that two things found on different pages of one site to neither', () => {
    const picture = (page: string) => ({
      url: 'https://cdn.example.org/hero.jpg',
      page,
      source: 'og:image' as const,
    });
    const lookups: ItemLookup[] = [
      {
        name: 'A',
        pictures: [picture('https://example.org/a')],
        videos: [],
        pictureNotes: [],
        videoNotes: [],
      },
      {
        name: 'B',
        pictures: [picture('https://example.org/b')],
        videos: [],
        pictureNotes: [],
        videoNotes: [],
      },
    ];
    const answer = assign([{ name: 'A' }, { name: 'B' }], lookups, { video: false, k: 1 });
    expect(answer.map((item) => item.pictures)).toEqual([[], []]);
    expect(answer[0]!.notFound?.picture).toMatch(/other items found it on other pages of the same site/);
  });

  it('explains bad arguments by field', async () => {
    await expect(run({ items: [] })).rejects.toThrow(/at least one item/);
    await expect(run({ items: [{ name: ' ' }] })).rejects.toThrow(/non-empty "name"/);
    await expect(run({ items: ['x'], k: 9 })).rejects.toThrow(
      /^find_media's arguments are not valid:\n- k: /,
    );
  });
});
