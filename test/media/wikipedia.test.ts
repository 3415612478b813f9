// The Wikipedia lead picture, from recorded REST page summaries and action-API answers served on loopback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findWikipediaPicture, originalFromThumbnail, wikipediaRoot } from '../../src/media/wikipedia.ts';
import { startFixtureWeb, type FixtureWeb } from './fixture-web.ts';
import { actionOnlySite, wikipediaSite } from './fixture-sites.ts';

let web: FixtureWeb;

beforeAll(async () => {
  web = await startFixtureWeb({ 'en.wikipedia.test': wikipediaSite, 'wiki-mirror.test': actionOnlySite });
});
afterAll(() => web.close());

function ask(name: string, host = 'en.wikipedia.test') {
  return findWikipediaPicture(name, { fetch: web.fetch, root: web.url(host, '').replace(/\/$/, '') });
}

describe('REST page summary', () => {
  it('gives the original picture and its thumbnail of a standard article', async () => {
    const answer = await ask('Canis');
    expect(answer.picture).toEqual({
      url: 'https://upload.wikimedia.org/wikipedia/commons/2/27/Canis.png',
      page: 'https://en.wikipedia.org/wiki/Canis',
      width: 1000,
      height: 1400,
      thumbnail: {
        url: 'https://upload.wikimedia.org/wikipedia/commons/thumb/2/27/Canis.png/330px-Canis.png',
        width: 330,
        height: 462,
      },
      source: 'wikipedia',
    });
  });

  it("reads an apostrophe title and the 2017 format's picture", async () => {
    expect((await ask("Fermat's Last Theorem")).picture?.width).toBe(914);
    const adams = await ask('Douglas Adams');
    expect(adams.picture?.url).toBe(
      'https://upload.wikimedia.org/wikipedia/commons/c/c0/Douglas_adams_portrait_cropped.jpg',
    );
    expect(adams.picture?.page).toMatch(/\/wiki\/Douglas_Adams$/);
  });

  it('never takes a disambiguation page, and says so', async () => {
    const answer = await ask('Test');
    expect(answer.picture).toBeUndefined();
    expect(answer.reason).toMatch(/disambiguation page/);
  });

  it('says when there is no article', async () => {
    const answer = await ask('No Such Thing Anywhere');
    expect(answer).toEqual({ reason: 'Wikipedia has no article titled "No Such Thing Anywhere".' });
  });
});

describe('action API (a mirror without the REST endpoint)', () => {
  it('gives the page image, the original derived from the thumbnail address', async () => {
    const answer = await ask('Douglas Adams', 'wiki-mirror.test');
    expect(answer.picture).toMatchObject({
      url: 'https://upload.wikimedia.org/wikipedia/commons/c/c0/Douglas_adams_portrait_cropped.jpg',
      thumbnail: { width: 207, height: 240 },
      source: 'wikipedia',
    });
    expect(web.count('wiki-mirror.test', '/w/api.php')).toBeGreaterThan(0);
  });

  it('reads formatversion 1 answers and normalised titles', async () => {
    expect((await ask('Canis', 'wiki-mirror.test')).picture?.thumbnail?.width).toBe(320);
    expect((await ask('Barack_Obama', 'wiki-mirror.test')).picture?.page).toMatch(/\/wiki\/Barack_Obama$/);
  });

  it('refuses a disambiguation page, an article without a picture, and a redirect to another name', async () => {
    expect((await ask('Douglas Adams (disambiguation)', 'wiki-mirror.test')).reason).toMatch(
      /disambiguation page/,
    );
    expect((await ask('Queens Boulevard', 'wiki-mirror.test')).reason).toBe(
      `Wikipedia's article "Queens Boulevard" has no lead picture.`,
    );
    expect((await ask('Abama', 'wiki-mirror.test')).reason).toMatch(
      /titled "Narthecium", not the thing's name/,
    );
    expect((await ask('Nothing Here', 'wiki-mirror.test')).reason).toMatch(/no article/);
  });
});

describe('addresses', () => {
  it('follows the request language to its edition, and keeps a root that is not an edition', () => {
    expect(wikipediaRoot('https://en.wikipedia.org', 'de')).toBe('https://de.wikipedia.org');
    expect(wikipediaRoot('https://en.wikipedia.org/', 'pt-BR')).toBe('https://pt.wikipedia.org');
    expect(wikipediaRoot('https://en.wikipedia.org')).toBe('https://en.wikipedia.org');
    expect(wikipediaRoot('http://127.0.0.1:8080/wiki-proxy', 'de')).toBe('http://127.0.0.1:8080/wiki-proxy');
  });

  it('derives the original from a Wikimedia thumbnail address only', () => {
    expect(
      originalFromThumbnail(
        'https://upload.wikimedia.org/wikipedia/commons/thumb/2/27/Canis.png/330px-Canis.png',
      ),
    ).toBe('https://upload.wikimedia.org/wikipedia/commons/2/27/Canis.png');
    expect(
      originalFromThumbnail('https://upload.wikimedia.org/wikipedia/en/2/2c/Abacab.jpg'),
    ).toBeUndefined();
  });
});
