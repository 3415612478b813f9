// Publication dates that only a byline states: a labelled line in any of the languages read, a short
// line that begins with its day after the article's title, and the lines that must not date the page.
import { describe, expect, it } from 'vitest';
import { readHtml } from '../../src/web/read-html.ts';

const now = Date.parse('2026-12-01T00:00:00Z');
const body = `<p>${'The council met on a quiet evening and talked for hours about the new bridge, the budget and the school. '.repeat(4)}</p>`;

function dateOf(inner: string, language?: string): string | undefined {
  const html = language ? `<html lang="${language}">` : '<html>';
  return readHtml(`${html}<body>${inner}</body></html>`, { url: 'https://example.com/news/bridge', now })
    .publishedDate;
}

describe('readHtml publishedDate from a byline', () => {
  it('reads a labelled line, in several languages and month names', () => {
    expect(dateOf(`<h1>Bridge</h1><p class="x">Veröffentlicht am 5. November 2023</p>${body}`)).toBe(
      '2023-11-05',
    );
    expect(dateOf(`<h1>Pont</h1><div>Publié le 12 mars 2020 par Anne</div>${body}`)).toBe('2020-03-12');
    expect(dateOf(`<h1>Ponte</h1><div>Publicado em 3 de setembro de 2021</div>${body}`)).toBe('2021-09-03');
    expect(dateOf(`<h1>Most</h1><div>Opublikowano: 7 października 2022</div>${body}`)).toBe('2022-10-07');
    expect(dateOf(`<h1>Bridge</h1><div>Posted on March 4, 2019 by Sam</div>${body}`)).toBe('2019-03-04');
    expect(
      dateOf(
        `<h1>Brücke</h1><p>Der Beitrag wurde am 05.11.2021 in der Kategorie Neuheiten veröffentlicht.</p>${body}`,
      ),
    ).toBe('2021-11-05');
  });

  it('reads a line that labels its day "Date:" (Datum, Fecha, Data), and not the word in a sentence', () => {
    expect(dateOf(`<h1>Brücke</h1><div>Datum:26. Januar 2022 Ausgabejahr:2022</div>${body}`)).toBe(
      '2022-01-26',
    );
    expect(dateOf(`<h1>Puente</h1><div>Fecha: 3 de mayo de 2021</div>${body}`)).toBe('2021-05-03');
    expect(
      dateOf(`<h1>Bridge</h1><p>The date of the vote, 3 May 2021, was moved twice.</p>${body}`),
    ).toBeUndefined();
  });

  it('reads the "Stand:" (as of) line of German news pages, and not the noun in a line', () => {
    expect(dateOf(`<h1>Brücke</h1><p>Stand: 07.11.2023, 07:30 Uhr</p>${body}`, 'de')).toBe('2023-11-07');
    expect(dateOf(`<h1>Brücke</h1><p>Der Stand am 7. November 2023</p>${body}`, 'de')).toBeUndefined();
  });

  it('reads a short line that begins with its day, after the title', () => {
    expect(dateOf(`<h1>Bridge</h1><div>06.11.2023 | von Olga</div>${body}`)).toBe('2023-11-06');
  });

  it('reads the day of a byline whose time of day names no zone, and gives no time from it', () => {
    // The day a page prints is the publisher's own; the time without its zone is no instant, so only the day.
    expect(dateOf(`<h1>Bridge</h1><div>Veröffentlicht am 5. November 2023, 14:09</div>${body}`)).toBe(
      '2023-11-05',
    );
    expect(dateOf(`<h1>Bridge</h1><div>06.11.2023 13:30 von Olga</div>${body}`)).toBe('2023-11-06');
    expect(dateOf(`<h1>Bridge</h1><div>Erstellt am Dienstag 6. Mai 2014 um 23:30</div>${body}`)).toBe(
      '2014-05-06',
    );
    // The same in other languages' words and marks.
    expect(dateOf(`<h1>Puente</h1><div>Publicado el 5 de mayo de 2021 a las 10:30</div>${body}`)).toBe(
      '2021-05-05',
    );
    expect(dateOf(`<h1>Most</h1><div>Opublikowano: 5 maja 2021 o godz. 10:30</div>${body}`)).toBe(
      '2021-05-05',
    );
    expect(dateOf(`<h1>Bridge</h1><div>Posted May 5, 2021 @ 10:42 am</div>${body}`)).toBe('2021-05-05');
  });

  it('takes no revision date, no "today" above the title, nothing from comments, and nothing ambiguous', () => {
    expect(dateOf(`<h1>Bridge</h1><div>Aktualisiert am 5. November 2023</div>${body}`)).toBeUndefined();
    expect(dateOf(`<div>Donnerstag, 16. Februar 2012</div><h1>Bridge</h1>${body}`)).toBeUndefined();
    expect(
      dateOf(`<h1>Bridge</h1>${body}<div class="comments"><p>Posted on March 4, 2019 by a reader</p></div>`),
    ).toBeUndefined();
    expect(dateOf(`<h1>Bridge</h1><div>Posted on 03/04/2019</div>${body}`)).toBeUndefined();
    // A long paragraph that mentions a day is telling something else.
    expect(
      dateOf(
        `<h1>Bridge</h1><p>Published plans from 12 May 2020 ${'were discussed at length by everyone. '.repeat(6)}</p>`,
      ),
    ).toBeUndefined();
  });

  it("reads bylines in other scripts and orders, the numeric order from the page's language", () => {
    expect(dateOf(`<h1>Мост</h1><div>5 ноября 2023 г. | Анна</div>${body}`, 'ru')).toBe('2023-11-05');
    expect(dateOf(`<h1>Híd</h1><div>2023. november 5. | Kovács Anna</div>${body}`, 'hu')).toBe('2023-11-05');
    expect(dateOf(`<h1>Pont</h1><div>Publié le 05/11/2023</div>${body}`, 'fr')).toBe('2023-11-05');
    // English is read only when the page shows its order: many sites keep the software's default en-US.
    expect(
      dateOf(`<h1>Bridge</h1><div>Posted on 11/05/2023</div>${body}<p>Next meeting 12/24/2023</p>`, 'en-US'),
    ).toBe('2023-11-05');
    expect(dateOf(`<h1>Bridge</h1><div>Posted on 11/05/2023</div>${body}`, 'en-US')).toBeUndefined();
    expect(dateOf(`<h1>Bridge</h1><div>Posted on 11/05/2023</div>${body}`, 'en')).toBeUndefined();
    // The page says en-US but writes its days first elsewhere: its order is not known after all.
    expect(
      dateOf(`<h1>Bridge</h1><div>Posted on 11/05/2023</div>${body}<p>Next meeting 24/11/2023</p>`, 'en-US'),
    ).toBeUndefined();
  });

  it('counts a Chinese, Japanese or Korean character as a word when judging a line short', () => {
    expect(dateOf(`<h1>大桥</h1><div>2023年11月5日 记者 王明</div>${body}`, 'zh')).toBe('2023-11-05');
    // A sentence that begins with a day tells what happened then; it does not date the page.
    expect(
      dateOf(
        `<h1>大桥</h1><p>2017年7月18日，正式加盟环球音乐并在北京举行亚洲签约记者会，宣布新专辑。</p>${body}`,
        'zh',
      ),
    ).toBeUndefined();
  });

  it('reads the words for "published" in many languages and scripts, and "date" only before a colon', () => {
    expect(dateOf(`<h1>Мост</h1><div>Опубликовано: 5 ноября 2023 г.</div>${body}`, 'ru')).toBe('2023-11-05');
    expect(dateOf(`<h1>Γέφυρα</h1><div>Δημοσιεύθηκε 5 Νοεμβρίου 2023</div>${body}`, 'el')).toBe('2023-11-05');
    expect(dateOf(`<h1>Silta</h1><div>Julkaistu 5.11.2023 Anna Virtanen</div>${body}`, 'fi')).toBe(
      '2023-11-05',
    );
    expect(dateOf(`<h1>Köprü</h1><div>Yayınlanma: 5 Kasım 2023</div>${body}`, 'tr')).toBe('2023-11-05');
    expect(dateOf(`<h1>橋</h1><div>公開日：2023年11月5日\u3000山田花子</div>${body}`, 'ja')).toBe(
      '2023-11-05',
    );
    expect(dateOf(`<h1>Мост</h1><div>Дата: 5 ноября 2023 г.</div>${body}`, 'ru')).toBe('2023-11-05');
    // A label makes any line a byline, even one that does not begin with its day.
    expect(
      dateOf(`<h1>Most</h1><div>Autor: Jan Novák, publikováno 5. listopadu 2023</div>${body}`, 'cs'),
    ).toBe('2023-11-05');
  });

  it('takes no revision date in other languages either', () => {
    expect(dateOf(`<h1>Мост</h1><div>Обновлено 5 ноября 2023 г.</div>${body}`, 'ru')).toBeUndefined();
    expect(dateOf(`<h1>Pont</h1><div>Mis à jour le 5 novembre 2023</div>${body}`, 'fr')).toBeUndefined();
    expect(dateOf(`<h1>橋</h1><div>更新日：2023年11月5日</div>${body}`, 'ja')).toBeUndefined();
  });

  it('gives the published day of a line that states both, whichever comes first', () => {
    expect(dateOf(`<h1>Bridge</h1><div>Published 3 May 2020, updated 5 May 2020</div>${body}`, 'en')).toBe(
      '2020-05-03',
    );
    expect(
      dateOf(
        `<h1>Brücke</h1><div>Aktualisiert: 5. Mai 2020 | Veröffentlicht: 3. Mai 2020</div>${body}`,
        'de',
      ),
    ).toBe('2020-05-03');
    expect(dateOf(`<h1>Bridge</h1><div>Published, updated 5 May 2020</div>${body}`, 'en')).toBeUndefined();
  });

  it('reads a line under the title that names its author and ends with its day', () => {
    expect(dateOf(`<h1>Bridge</h1><div>By Anna Smith | 5 November 2023</div>${body}`, 'en')).toBe(
      '2023-11-05',
    );
    expect(dateOf(`<h1>Brücke</h1><div>Von Olga Weber, 06.11.2023</div>${body}`, 'de')).toBe('2023-11-06');
    // A sentence that ends with a day is no byline, nor is a line far below the title.
    expect(
      dateOf(`<h1>Bridge</h1><div>The vote was moved to 5 November 2023.</div>${body}`, 'en'),
    ).toBeUndefined();
    const below = '<p>One.</p><p>Two.</p><p>Three.</p><p>Four.</p><p>Five.</p>';
    expect(
      dateOf(`<h1>Bridge</h1>${below}<div>By Anna Smith | 5 November 2023</div>${body}`, 'en'),
    ).toBeUndefined();
  });

  it('reads a byline under the title with its day among an author, a time or a reading time, and not a phrase', () => {
    expect(
      dateOf(`<h1>Bridge</h1><div>By Amelie Marie Nishizawa Feb 8, 2020 5 min read</div>${body}`, 'en'),
    ).toBe('2020-02-08');
    expect(
      dateOf(`<h1>Brücke</h1><div>Peter Grimm / 07.11.2023 / 09:30 / Foto: Imago</div>${body}`, 'de'),
    ).toBe('2023-11-07');
    expect(dateOf(`<h1>Brücke</h1><div>ca. 8 Min. 12.01.2022</div>${body}`, 'de')).toBe('2022-01-12');
    // A day an event, an offer or a deadline ends on, a phrase, or a day glued to another is not.
    expect(dateOf(`<h1>Tasting</h1><div>Termin: 21.02.2020, 19 Uhr</div>${body}`, 'de')).toBeUndefined();
    expect(
      dateOf(`<h1>Film</h1><div>Video verfügbar bis: 14.10.2020 ∙ 14:00 Uhr</div>${body}`, 'de'),
    ).toBeUndefined();
    expect(dateOf(`<h1>Brücke</h1><div>Die Abstimmung am 3.11.2023</div>${body}`, 'de')).toBeUndefined();
    expect(
      dateOf(
        `<h1>Brücke</h1><div>Isabell Angele 2022-12-07T10:10:52+01:0025. Dezember 2022|</div>${body}`,
        'de',
      ),
    ).toBeUndefined();
  });

  it('reads the dateline that opens the first paragraph of a press release or agency story', () => {
    const story =
      'Der Gemeinderat hat am Abend lange über die neue Brücke, den Haushalt und die Schule beraten. '.repeat(
        3,
      );
    expect(dateOf(`<h1>Brücke</h1><p>Karlsruhe, (12.11.2021). ${story}</p>`, 'de')).toBe('2021-11-12');
    expect(dateOf(`<h1>Brücke</h1><p>BERLIN, 5. November 2023 – ${story}</p>`, 'de')).toBe('2023-11-05');
    // A sentence that starts with a day is not a dateline, nor is a paragraph far from the title.
    expect(dateOf(`<h1>Brücke</h1><p>Am 5. November 2023 – ${story}</p>`, 'de')).toBeUndefined();
    const below = '<p>Eins.</p><p>Zwei.</p><p>Drei.</p><p>Vier.</p><p>Fünf.</p>';
    expect(dateOf(`<h1>Brücke</h1>${below}<p>BERLIN, 5. November 2023 – ${story}</p>`, 'de')).toBeUndefined();
  });

  it("reads a day that stands right above the title in the title's own container, not the site's today", () => {
    expect(dateOf(`<div class="article-head"><div>Nov 5, 2023</div><h1>Bridge</h1></div>${body}`, 'en')).toBe(
      '2023-11-05',
    );
    // The site's header shows today's date; the title is elsewhere.
    expect(
      dateOf(
        `<header><div>Thursday, 16 February 2012</div></header><main><h1>Bridge</h1>${body}</main>`,
        'en',
      ),
    ).toBeUndefined();
    // A heading that links home is the site's name in its banner, beside today's date.
    expect(
      dateOf(
        `<div class="banner"><div>Nov 5, 2023</div><h1><a href="/">The Daily</a></h1></div>${body}`,
        'en',
      ),
    ).toBeUndefined();
    // Anything more than the day is not a kicker's day.
    expect(
      dateOf(`<div class="article-head"><div>Nov 5, 2023: the vote</div><h1>Bridge</h1></div>${body}`, 'en'),
    ).toBeUndefined();
  });

  it('looks no further than a byline whose day it cannot read', () => {
    // The byline's day is ambiguous on a page of no known order; the later line dates something else.
    expect(
      dateOf(
        `<h1>Bridge</h1><div>Posted on 03/04/2019</div>${body}<div>12 May 2019 | Next event</div>`,
        'en',
      ),
    ).toBeUndefined();
  });
});

describe('readHtml publishedDate from the body alone, as on pages whose day is written only there', () => {
  it('reads a byline whose time states its zone after "am"/"pm" or in parentheses', () => {
    expect(dateOf(`<h1>Bridge</h1><div>Posted: Nov 8, 2023 / 11:50 AM EST</div>${body}`)).toBe('2023-11-08');
    expect(dateOf(`<h1>Bridge</h1><div>Posted January 10, 2020 9:00AM (UTC)</div>${body}`)).toBe(
      '2020-01-10',
    );
    // Without a zone, the day alone.
    expect(dateOf(`<h1>Bridge</h1><div>Posted: Nov 8, 2023 / 11:50 AM</div>${body}`)).toBe('2023-11-08');
    expect(dateOf(`<h1>Brücke</h1><div>Veröffentlicht: 8. November 2023, 11:50 Uhr</div>${body}`)).toBe(
      '2023-11-08',
    );
  });

  it("reads the one day of a short line in the article's own header, whatever else the line says", () => {
    const header = (line: string) =>
      `<article><header><h1>Brücke</h1><div>${line}</div></header>${body}</article>`;
    expect(dateOf(header('Finanzmagazin /PP 20. Juni 2019 Aktuell, FinTech'))).toBe('2019-06-20');
    expect(dateOf(header('8. November 2021 | Aktuelles'))).toBe('2021-11-08');
    // Above the title, a kicker's day followed by a separator and its section.
    const kicker = `<article><header><p>8. November 2021 | Aktuelles</p><h1>Brücke</h1></header>${body}</article>`;
    expect(dateOf(kicker)).toBe('2021-11-08');
    // Themes name the header in their own ways ("article__header", "post-single-header").
    for (const name of ['article__header', 'post-single-header', 'c-entry-head'])
      expect(
        dateOf(`<div class="${name}"><h1>Pont</h1><div>Anna | Le 19 février 2020</div></div>${body}`),
      ).toBe('2020-02-19');
    // A caption there is longer and dates its picture.
    const caption = `Doctors at the hospital after the attacks on the city, on Oct. 21, 2023. ${'Photo: Agency. '.repeat(3)}`;
    expect(dateOf(header(caption))).toBeUndefined();
    // A page's banner is a header too, with the site's menu and today's date.
    const banner = `<header><nav><a href="/">Home</a></nav><h1>Bridge</h1><div>Weekly edition of 20 June 2019, News</div></header>${body}`;
    expect(dateOf(banner)).toBeUndefined();
  });
});

describe('readHtml publishedDate and the address', () => {
  it("keeps the address's day when the page's marks name a later one", () => {
    const html = `<html><head><meta property="article:published_time" content="2019-06-17T18:28:00+02:00"></head><body><h1>Montauk</h1>${body}</body></html>`;
    expect(readHtml(html, { url: 'https://example.com/home/2017/7/12/montauk', now }).publishedDate).toBe(
      '2017-07-12',
    );
    // A later address day does not override the page's own.
    expect(readHtml(html, { url: 'https://example.com/home/2019/7/12/montauk', now }).publishedDate).toBe(
      '2019-06-17T18:28:00+02:00',
    );
  });
});

describe('readHtml publishedDate and listings', () => {
  it("does not take a date from a list of dated items (latest posts, related articles): those are other pages'", () => {
    const item = (day: number) =>
      `<li><a href="/p${day}">Another post</a><p class="date">${day} May 2015</p></li>`;
    const listing = `<div class="box"><ul>${item(11)}${item(12)}${item(13)}</ul></div>`;
    expect(dateOf(`<h1>Bridge</h1>${body}${listing}`, 'en')).toBeUndefined();
    // One dated item is an article's own meta list.
    expect(
      dateOf(`<h1>Bridge</h1><ul><li>By Sam</li><li class="date">4 March 2019</li></ul>${body}`, 'en'),
    ).toBe('2019-03-04');
  });
});

describe('readHtml publishedDate in more languages', () => {
  it('reads labels and month names of Swahili, Vietnamese, Albanian, Bengali and Tagalog bylines', () => {
    expect(dateOf(`<h1>Daraja</h1><div>Imechapishwa: 5 Novemba 2023</div>${body}`, 'sw')).toBe('2023-11-05');
    expect(dateOf(`<h1>Cầu</h1><div>Đăng ngày 02/11/2023</div>${body}`, 'vi')).toBe('2023-11-02');
    expect(dateOf(`<h1>Ura</h1><div>Publikuar më 7 nëntor 2023</div>${body}`, 'sq')).toBe('2023-11-07');
    expect(dateOf(`<h1>সেতু</h1><div>প্রকাশিত: ৫ নভেম্বর ২০২৩</div>${body}`, 'bn')).toBe('2023-11-05');
    expect(dateOf(`<h1>সেতু</h1><div>প্রকাশিত: 5 নভেম্বর 2023</div>${body}`, 'bn')).toBe('2023-11-05');
    expect(dateOf(`<h1>Tulay</h1><div>Inilathala noong 5 Nobyembre 2023</div>${body}`, 'tl')).toBe(
      '2023-11-05',
    );
    // A revision's line in those languages is not the publication's.
    expect(dateOf(`<h1>Cầu</h1><div>Cập nhật 02/11/2023</div>${body}`, 'vi')).toBeUndefined();
  });
});

describe('readHtml publishedDate from more byline words and datelines', () => {
  it('reads "Written by … on", "Erscheinungsdatum:" and "Verfasst am" lines', () => {
    expect(dateOf(`<h1>Bridge</h1><div>Written by City Desk on November 7, 2023</div>${body}`)).toBe(
      '2023-11-07',
    );
    expect(dateOf(`<h1>Brücke</h1>${body}<div><em>Erscheinungsdatum: 07.02.2022</em></div>`, 'de')).toBe(
      '2022-02-07',
    );
    expect(dateOf(`<h1>Brücke</h1><div>Verfasst am 3. Mai 2021</div>${body}`)).toBe('2021-05-03');
  });

  it("reads a paragraph under the title that opens with its day and a dash, without a dateline's place", () => {
    const story = `Die Branche hatte die Nachteile des Gesetzes mehrfach dargelegt. ${'Sie wurde nicht gehört. '.repeat(8)}`;
    expect(dateOf(`<h1>Brücke</h1><p>29.11.2022 – ${story}</p>`, 'de')).toBe('2022-11-29');
    // A colon after the day opens an agenda's entry.
    expect(dateOf(`<h1>Brücke</h1><p>29.11.2022: ${story}</p>`, 'de')).toBeUndefined();
    // A time of day may stand between the day and the dash, with or without a place.
    expect(dateOf(`<h1>Brücke</h1><p>BERLIN, 29. November 2022, 10:30 Uhr – ${story}</p>`, 'de')).toBe(
      '2022-11-29',
    );
    expect(dateOf(`<h1>Brücke</h1><p>29.11.2022 14:00 – ${story}</p>`, 'de')).toBe('2022-11-29');
  });
});

describe('readHtml publishedDate from a byline that names a revision after the publication', () => {
  it('reads the first day when a revision label follows with its own day', () => {
    const line = 'Von Jan Kupitz | 24. Oktober 2023 | Zuletzt geändert: 7. November 2023';
    expect(dateOf(`<h1>Brücke</h1><div>${line}</div>${body}`, 'de')).toBe('2023-10-24');
    // A revision label with no day of its own may name the line's day.
    expect(
      dateOf(`<h1>Brücke</h1><div>Von Jan Kupitz | 24. Oktober 2023, aktualisiert</div>${body}`, 'de'),
    ).toBeUndefined();
  });
});

describe("readHtml publishedDate from the markup around the article's title", () => {
  it("reads a byline in an aside of the title's own article, and not a teaser's aside there", () => {
    const meta =
      '<aside class="entry-meta"><span>von Anna</span> <span>Veröffentlicht am 20. Juni 2019</span></aside>';
    expect(dateOf(`<article><header><h1>Brücke</h1>${meta}</header>${body}</article>`, 'de')).toBe(
      '2019-06-20',
    );
    // The author's picture beside the day is no teaser.
    const author =
      '<aside><img src="/anna.jpg" alt=""><strong>Anna Schmidt</strong><p><time>24. April 2020 08:30 Uhr</time></p></aside>';
    expect(dateOf(`<article><header><h1>Brücke</h1></header>${author}${body}</article>`, 'de')).toBe(
      '2020-04-24',
    );
    // An aside beside the article is a sidebar.
    expect(dateOf(`<article><h1>Brücke</h1>${body}</article>${meta}`, 'de')).toBeUndefined();
    // A teaser shows another article's headline and picture.
    const teaser =
      '<aside><h3>Lesen Sie auch</h3><a href="/other"><img src="/a.jpg" alt="">Die Fähre</a><div>14.08.2021</div></aside>';
    expect(dateOf(`<article><h1>Brücke</h1>${teaser}${body}</article>`, 'de')).toBeUndefined();
  });

  it("reads a byline of links in the article's own header (author, section), with its day outside them", () => {
    const byline =
      '<p><a href="/author/anna">Anna Schmidt, Redaktion</a> | 20. Juni 2019 | <a href="/c/a">Aktuell</a>, <a href="/c/f">FinTech</a></p>';
    expect(dateOf(`<article><header><h1>Brücke</h1>${byline}</header>${body}</article>`, 'de')).toBe(
      '2019-06-20',
    );
  });

  it('reads the day right above a title that links to its own article, past links between', () => {
    const post = (href: string) =>
      `<div class="post"><div class="entry-meta">17. Januar 2014 · 02:16</div><div><a href="#comments">↓ Zu den Kommentaren</a></div><h1><a href="${href}" rel="bookmark">Der Garten</a></h1>${body}</div>`;
    expect(dateOf(post('/2014/01/17/der-garten/'), 'de')).toBe('2014-01-17');
    // A heading that links to the front page is the site's name, beside today's date.
    expect(dateOf(post('/'), 'de')).toBeUndefined();
  });

  it("reads the first sentence of a post's meta box, and not a paragraph of the article that says the same", () => {
    const english =
      'This entry was posted on Saturday, December 3rd, 2011 at 10:00 am and is filed under <a href="/c/news">News</a>. You can follow any responses to this entry through the RSS 2.0 feed. You can leave a response, or trackback from your own site.';
    expect(dateOf(`<h1>Bridge</h1>${body}<p class="postmetadata">${english}</p>`)).toBe('2011-12-03');
    const german =
      'Dieser Beitrag wurde am Samstag, 3. Dezember 2011 um 10:00 Uhr veröffentlicht und unter <a href="/c/netz">Netz</a> gespeichert. Sie können Kommentare zu diesem Eintrag über den RSS-2.0-Feed verfolgen. Sie können einen Kommentar schreiben.';
    expect(dateOf(`<h1>Brücke</h1>${body}<div class="entry-meta"><p>${german}</p></div>`, 'de')).toBe(
      '2011-12-03',
    );
    expect(dateOf(`<h1>Bridge</h1>${body}<p>${english}</p>`)).toBeUndefined();
  });

  it('finds the title of a page without an <h1> by the page\'s own title, so the site\'s "today" above it is not read', () => {
    const html = (heading: string) =>
      `<html lang="de"><head><meta property="og:title" content="Die Brücke"></head><body><div class="top"><div>Montag, 6. November 2023</div></div>${heading}<p>von Anna, 5. November 2023</p>${body}</body></html>`;
    const read = (page: string) =>
      readHtml(page, { url: 'https://example.com/news/bridge', now }).publishedDate;
    expect(read(html('<h2>Die Brücke</h2>'))).toBe('2023-11-05');
    expect(read(html('<h3>Die Brücke</h3>'))).toBe('2023-11-05');
  });

  it("takes the heading that is the page's own title for the title where the <h1> is the site's name", () => {
    const html = `<html lang="es"><head><meta property="og:title" content="El puente"></head><body><header><h1>El Diario</h1><div>martes, 3 de mayo de 2022</div></header><main><h2>El puente</h2><p>por Ana | 4 mayo, 2022</p>${body}</main></body></html>`;
    expect(readHtml(html, { url: 'https://example.com/news/bridge', now }).publishedDate).toBe('2022-05-04');
  });

  it("does not take the page's own class names for a region of other articles' dates", () => {
    const html = `<html lang="de"><body class="has-related-posts"><h1>Brücke</h1><div>Veröffentlicht am 20. Juni 2019</div>${body}</body></html>`;
    expect(readHtml(html, { url: 'https://example.com/news/bridge', now }).publishedDate).toBe('2019-06-20');
  });
});

describe('readHtml publishedDate from a byline that markup alone parts', () => {
  it("reads the day glued to the author's linked name by markup, under the title", () => {
    const byline = '<div><a href="/authors/johanna">Johanna Bergmann</a><span>3.11.2023</span></div>';
    expect(dateOf(`<h1>Brücke</h1>${byline}${body}`, 'de')).toBe('2023-11-03');
    // A sentence that ends with its day is no byline, and a teaser's link holds its own day.
    expect(dateOf(`<h1>Brücke</h1><div>die Abstimmung am 3.11.2023</div>${body}`, 'de')).toBeUndefined();
    expect(
      dateOf(`<h1>Brücke</h1><div><a href="/other">Johanna Bergmann 3.11.2023</a></div>${body}`, 'de'),
    ).toBeUndefined();
  });
});

describe('readHtml publishedDate from a byline that tells of a revision', () => {
  const header =
    '<div class="ArticleHeader_container"><div>January 19, 2020 / 12:25 PM / Updated 8 hours ago</div>' +
    `<h1 class="ArticleHeader_headline">Bridge opens</h1></div>${body}`;

  it("reads the day before a revision that states its own time, in a header named like the title's", () => {
    expect(dateOf(header, 'en')).toBe('2020-01-19');
  });

  it("takes that day over a later one in the head, which is the revision's", () => {
    const html = `<html lang="en"><head><meta property="og:article:published_time" content="2020-01-20T09:49:32Z"></head><body>${header}</body></html>`;
    expect(readHtml(html, { url: 'https://example.com/news/bridge', now }).publishedDate).toBe('2020-01-19');
    // Without a revision in the line, the head's day stands.
    const plain = html.replace(' / Updated 8 hours ago', '');
    expect(readHtml(plain, { url: 'https://example.com/news/bridge', now }).publishedDate).toBe(
      '2020-01-20T09:49:32Z',
    );
  });
});
