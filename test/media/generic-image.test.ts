// Which og:image addresses are a site's logo or site-wide picture, judged on the recorded pages.
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { genericImageReason, tooSmallReason } from '../../src/media/generic-image.ts';
import { readOpenGraph } from '../../src/media/open-graph.ts';
import { MEDIA_FIXTURES, readFixture } from './fixture-web.ts';

describe('logo and site-wide picture names', () => {
  const pages = readdirSync(resolve(MEDIA_FIXTURES, 'ogimage'));

  it.each(pages)('%s', (file) => {
    const openGraph = readOpenGraph(readFixture(`ogimage/${file}`), 'https://example.org/some/page');
    expect(openGraph.image).toMatch(/^https?:\/\//);
    const reason = genericImageReason(openGraph.image!);
    if (file.includes('ogimage-real')) expect(reason).toBeUndefined();
    // The factorio wheel is a logo by its looks, not by its name: the home-page and same-site checks catch it.
    else if (file.includes('factorio')) expect(reason).toBeUndefined();
    else expect(reason).toBeTypeOf('string');
  });

  it('does not refuse ordinary pictures whose paths hold common words', () => {
    for (const url of [
      'https://example.org/sites/default/files/2016/harbour.jpg',
      'https://example.org/images/mexico-city.jpg',
      'https://example.org/2024/silicon-valley-offices.jpg',
    ]) {
      expect(genericImageReason(url)).toBeUndefined();
    }
    expect(genericImageReason('https://example.org/assets/site-logo.svg')).toMatch(/SVG/);
    expect(genericImageReason('https://example.org/img/og-image.png')).toMatch(/share picture/);
  });

  it('reads both meta spellings and the stated size', () => {
    const openGraph = readOpenGraph(
      readFixture('ogimage/readability_yahoo-jp-news_ogimage-logo.html'),
      'https://news.yahoo.co.jp/',
    );
    expect(openGraph).toMatchObject({ imageWidth: 600, imageHeight: 600 });
    const postlight = readOpenGraph(
      readFixture('ogimage/postlight_biorxiv-preprint_ogimage-logo.html'),
      'https://www.biorxiv.org/',
    );
    expect(postlight.image).toMatch(/biorxiv_logo_homepage/);
  });

  it('calls a picture under 200 pixels on a side far too small', () => {
    expect(tooSmallReason(240, 240)).toBeUndefined();
    expect(tooSmallReason(600, 120)).toMatch(/far too small/);
    expect(tooSmallReason(undefined, 50)).toBeUndefined();
  });
});
