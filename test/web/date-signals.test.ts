// Publication dates from the page's other marks: meta names other systems use, `<time>` elements that
// write their day out, elements named as the date, and numeric days read in the page's language.
import { describe, expect, it } from 'vitest';
import { readHtml } from '../../src/web/read-html.ts';

const now = Date.parse('2026-12-01T00:00:00Z');
const text = `<p>${'The council met on a quiet evening and talked for hours about the new bridge and the school. '.repeat(4)}</p>`;

function dateOf(head: string, body: string, language?: string): string | undefined {
  const html = language ? `<html lang="${language}">` : '<html>';
  return readHtml(`${html}<head>${head}</head><body>${body}</body></html>`, {
    url: 'https://example.com/news/bridge',
    now,
  }).publishedDate;
}

describe('publishedDate from other marks', () => {
  it('reads the publication meta names of other publishing systems', () => {
    expect(dateOf('<meta property="og:article:published_time" content="2023-11-05T08:00:00Z">', text)).toBe(
      '2023-11-05T08:00:00Z',
    );
    expect(dateOf('<meta name="DC.date.publication" content="2023-11-05">', text)).toBe('2023-11-05');
    expect(dateOf('<meta name="ptime" content="2023-11-05">', text)).toBe('2023-11-05');
    // When the page was generated says nothing about when it was published.
    expect(dateOf('<meta name="gentime" content="2023-11-05">', text)).toBeUndefined();
  });
});

describe('publishedDate from an element named as the date', () => {
  it('knows the class names Spanish, French, Italian and Portuguese themes give it', () => {
    // Before the title, so no byline reads it.
    expect(dateOf('', `<span class="fecha">5 de noviembre de 2023</span><h1>Puente</h1>${text}`, 'es')).toBe(
      '2023-11-05',
    );
    expect(dateOf('', `<div class="parution">5 novembre 2023</div><h1>Pont</h1>${text}`, 'fr')).toBe(
      '2023-11-05',
    );
  });

  it('reads one in another language, and not one that dates a revision', () => {
    expect(dateOf('', `<h1>Pont</h1><span class="date">Publié le 5 novembre 2023</span>${text}`, 'fr')).toBe(
      '2023-11-05',
    );
    // The title comes after: no byline reads it, only the named element's rule could.
    expect(
      dateOf('', `<span class="date">Updated 5 November 2023</span><h1>Bridge</h1>${text}`, 'en'),
    ).toBeUndefined();
    expect(
      dateOf('', `<span class="date">Mis à jour le 5 novembre 2023</span><h1>Pont</h1>${text}`, 'fr'),
    ).toBeUndefined();
  });

  it('skips the site\'s "today" in its header, named as a date too', () => {
    const banner = '<div class="top-bar"><span class="today-date">1. November 2023</span></div>';
    expect(dateOf('', `${banner}<h1>Brücke</h1><p>von Anna, 15. Oktober 2023</p>${text}`, 'de')).toBe(
      '2023-10-15',
    );
  });

  it("skips one inside a link that also holds another story's headline, and not the article's permalink", () => {
    const teaser =
      '<div><a href="/other-story"><span class="date">4. November 2021</span> Another story: the council votes on the ferry</a></div>';
    const own = (date: string) => `<h1>Brücke</h1><p class="meta">von Anna ${date}</p>${text}`;
    expect(dateOf('', `${teaser}${own('<span class="date">5. November 2021</span>')}`, 'de')).toBe(
      '2021-11-05',
    );
    expect(dateOf('', `${teaser}${own('')}`, 'de')).toBeUndefined();
    // A permalink around the article's own date says nothing else.
    const permalink = '<span class="date"><a href="/bridge">5. November 2021</a></span>';
    expect(dateOf('', `<div><a href="/bridge">${permalink}</a></div><h1>Brücke</h1>${text}`, 'de')).toBe(
      '2021-11-05',
    );
  });
});

describe('publishedDate from <time> elements', () => {
  // The header's <time> stands before the title (no byline reads it) and a later <time> dates
  // something else (the page's <time> elements do not agree): only the header's rule can date it.
  const article = (time: string, heading: string): string =>
    `<article><header>${time}<h1>${heading}</h1></header>${text}<p>Next meeting: <time>7 December 2023</time></p></article>`;

  it('reads the day a <time> without `datetime` writes out, in the article header', () => {
    expect(dateOf('', article('<time>5 ноября 2023 г.</time>', 'Мост'), 'ru')).toBe('2023-11-05');
  });

  it('reads the day a <time> shows when its `datetime` has no zone, and no time of day from it', () => {
    expect(
      dateOf('', article('<time datetime="2023-11-05T10:30">5. November 2023</time>', 'Brücke'), 'de'),
    ).toBe('2023-11-05');
    // The time it writes out names no zone either: its day, and no time.
    expect(
      dateOf('', article('<time datetime="2023-11-05T10:30">5. November 2023, 10:30</time>', 'Brücke'), 'de'),
    ).toBe('2023-11-05');
    expect(dateOf('', article('<time>5 ноября 2023 г., 10:30</time>', 'Мост'), 'ru')).toBe('2023-11-05');
    // Other words after the day are not a time of day.
    expect(dateOf('', article('<time>5. November 2023, Berlin</time>', 'Brücke'), 'de')).toBeUndefined();
  });

  it('reads the day a <time> writes out when its `datetime` is days away, and keeps a day apart as a zone', () => {
    const header = (time: string): string =>
      `<article><header><h1>Pont</h1>${time}</header>${text}</article>`;
    expect(
      dateOf('', header('<time datetime="2019-07-03T10:18:46Z">Publié le 29 juin 2019</time>'), 'fr'),
    ).toBe('2019-06-29');
    expect(dateOf('', header('<time datetime="2019-06-30T02:00:00Z">29 juin 2019</time>'), 'fr')).toBe(
      '2019-06-30T02:00:00Z',
    );
  });

  it('lets a <time> it cannot date still disagree with the others', () => {
    // The article's own <time> lacks a zone; the one day left is a later event's, not the page's.
    const body = `<h1>Bridge</h1><p>By Anna, <time datetime="2023-11-05T10:30"></time></p>${text}<p>Next: <time datetime="2023-12-07"></time></p>`;
    expect(dateOf('', body, 'en')).toBeUndefined();
  });
});

describe('publishedDate from the address', () => {
  it('reads a day written into the last part of the path, not only between slashes', () => {
    const html = `<html><body><h1>Bridge</h1>${text}</body></html>`;
    expect(
      readHtml(html, { url: 'https://example.com/news/bridge-2019-10-19.html', now }).publishedDate,
    ).toBe('2019-10-19');
    expect(
      readHtml(html, { url: 'https://example.com/news/bridge-2019-10.html', now }).publishedDate,
    ).toBeUndefined();
  });
});

describe("publishedDate when the head's marks disagree", () => {
  const head = (first: string) =>
    `<meta name="datepublished" content="${first}">` +
    '<script type="application/ld+json">{"@type":"NewsArticle","datePublished":"2023-11-05T03:00:00Z"}</script>';
  const shown =
    '<article><header><h1>Bridge</h1><time datetime="2023-11-05T03:00:00Z">5.11.2023, 04:00 Uhr</time></header>' +
    `${text}</article>`;

  it('takes the one of two neighbouring days that the article shows its readers', () => {
    expect(dateOf(head('2023-11-04'), shown, 'de')).toBe('2023-11-05T03:00:00Z');
  });

  it('leaves days further apart to the rules (a revision is no zone)', () => {
    expect(dateOf(head('2023-11-01'), shown, 'de')).toBe('2023-11-01');
  });
});
