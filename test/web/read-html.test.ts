// readHtml on real pages from ../shared/corpora (read in place) and on small pages written for one rule
// each: main text, parts, the page's picture, dates, the question filter, a page without main text.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readHtml, warmUpReading, type QuestionFilter } from '../../src/web/read-html.ts';

const corpora = resolve(dirname(fileURLToPath(import.meta.url)), '../../../shared/corpora');

function corpusPage(path: string): string {
  return readFileSync(join(corpora, path), 'utf8');
}

function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function wholeText(html: string, url: string): string {
  return readHtml(html, { url, partSize: 1_000_000 }).parts.join('\n\n');
}

interface TrafilaturaCase {
  file: string;
  with: string[];
  without: string[];
}

const trafilatura = JSON.parse(readFileSync(join(corpora, 'trafilatura/expected.json'), 'utf8')) as Record<
  string,
  TrafilaturaCase
>;

describe('readHtml main text on real pages', () => {
  const pages = [
    'theintercept.com-Gaza.html',
    'nature.com.telescope.html',
    'observer.com-LVMH.html',
    'bostonherald.com-Brothel-catering.html',
    'dw.com.colonial.html',
    '0a29620f9c4347758c146ed06dab6f3e.html',
  ];
  for (const file of pages) {
    it(`keeps the article and drops menus, footers and comments: ${file}`, () => {
      const [url, expected] = Object.entries(trafilatura).find(([, entry]) => entry.file === file)!;
      const text = normalise(wholeText(corpusPage(`trafilatura/pages/${file}`), url));
      for (const snippet of expected.with) expect(text).toContain(normalise(snippet));
      for (const snippet of expected.without) expect(text).not.toContain(normalise(snippet));
    });
  }

  it('writes headings, lists and paragraphs as Markdown-like text, in reading order', () => {
    const result = readHtml(corpusPage('readability/bbc-1/source.html'), {
      url: 'http://www.bbc.co.uk/news/world-us-canada-33646875',
      partSize: 1_000_000,
    });
    const text = result.parts[0]!;
    expect(result.title).toBe("Obama admits US gun laws are his 'biggest frustration' - BBC News");
    expect(text).toContain('\n\n## Analysis: Jon Sopel, BBC News, Washington\n\n');
    expect(text).toContain(
      '- The UK must stay in the EU to have influence on the world stage\n- He is confident the Iran nuclear deal',
    );
    const first = text.indexOf('President Barack Obama has admitted');
    const later = text.indexOf('Mr Obama lands in Kenya later on Friday');
    expect(first).toBeGreaterThan(-1);
    expect(later).toBeGreaterThan(first);
    expect(text).not.toMatch(/\n{3,}/);
  });
});

describe('readHtml and marks that show nothing', () => {
  it("leaves soft hyphens out of a real page's text, so its words stay whole", () => {
    const html = corpusPage('trafilatura/pages/lecker.de.schneewittchen.html');
    expect(html).toContain('unter\u00adziehen');
    const text = wholeText(
      html,
      'https://www.lecker.de/schneewittchen-kuchen-mit-mini-marshmallows-78587.html',
    );
    expect(text).not.toMatch(/[\u00ad\u2060\ufeff]/);
    expect(text).toContain('in Schlieren unterziehen');
    expect(text).toContain('mit einem Küchengasbrenner abflämmen');
  });

  it("leaves them out of the title, the markup's text and an articleBody, and finds the word a question asks for", () => {
    const paragraph =
      'Die Stadt hat die Straßen\u00adbahn\u00adlinie nach Norden verlängert, und die neue Halte\u00adstelle liegt direkt vor dem Kranken\u00adhaus, wie der Verkehrs\u00adverbund am Montag mitteilte.';
    const page = `<html lang="de"><head><title>Neue Straßen&shy;bahn&#8288;linie</title></head><body><article><h1>Neue Linie</h1><p>${paragraph}</p><p>${'Weitere Sätze über den Ausbau des Netzes folgen hier, damit der Artikel lang genug ist. '.repeat(6)}</p></article></body></html>`;
    const read = readHtml(page, { url: 'https://example.com/linie', partSize: 1_000_000 });
    expect(read.title).toBe('Neue Straßenbahnlinie');
    expect(read.parts.join('\n\n')).toContain('die neue Haltestelle liegt direkt vor dem Krankenhaus');
    const asked = readHtml(page, { url: 'https://example.com/linie', question: 'Wo liegt die Haltestelle?' });
    expect(asked.matches?.[0]?.text).toContain('Haltestelle liegt direkt vor dem Krankenhaus');
    const body = JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      articleBody: `${paragraph}\n\n${'Noch ein Absatz über den Ausbau. '.repeat(8)}`,
    });
    const fromData = readHtml(
      `<html lang="de"><head><title>Linie</title><script type="application/ld+json">${body}</script></head><body><div id="app"></div></body></html>`,
      { url: 'https://example.com/linie-daten', partSize: 1_000_000 },
    );
    expect(fromData.parts.join('\n\n')).toContain('vor dem Krankenhaus, wie der Verkehrsverbund am Montag');
  });
});

describe('warmUpReading', () => {
  it('ranks a small page for questions of several kinds, as a worker does before its first job', async () => {
    const [many, who, why] = await warmUpReading();
    for (const read of [many, who, why]) expect(read!.method).toBe('local-bm25');
    expect(many!.matches?.[0]?.text).toContain('1,200 people');
    expect(who!.matches?.[0]?.text).toContain('Captain Anna Berg');
    expect(why!.matches?.[0]?.text).toContain('because the bridge is closed');
  });
});

describe('readHtml parts', () => {
  const url =
    'https://www.quantamagazine.org/hidden-heroines-of-chaos-ellen-fetter-and-margaret-hamilton-20190520/';
  const html = corpusPage('readability/quanta-1/source.html');

  it('splits the main text at paragraph boundaries into parts of about partSize characters', () => {
    const whole = readHtml(html, { url, partSize: 1_000_000 });
    const image = `\n\n![](${whole.image})`;
    const fullText = whole.parts[0]!.replace(image, '');
    const split = readHtml(html, { url, partSize: 2_000 });
    expect(split.partCount).toBeGreaterThan(5);
    expect(split.parts).toHaveLength(split.partCount);
    const paragraphs = new Set(fullText.split('\n\n'));
    split.parts.forEach((part, index) => {
      const body = index === 0 ? part.replace(image, '') : part;
      expect(body.length).toBeLessThanOrEqual(2_000);
      // Every part starts and ends on a paragraph of the whole text.
      const pieces = body.split('\n\n');
      expect(paragraphs.has(pieces[0]!)).toBe(true);
      expect(paragraphs.has(pieces[pieces.length - 1]!)).toBe(true);
    });
    expect(split.parts.join('\n\n').replace(image, '')).toBe(fullText);
  });

  it('returns the part asked for, and says so when it does not exist', () => {
    const third = readHtml(html, { url, partSize: 2_000, part: 3 });
    expect(third.part).toBe(3);
    expect(third.text).toBe(third.parts[2]);
    const beyond = readHtml(html, { url, partSize: 2_000, part: 999 });
    expect(beyond.text).toBe('');
    expect(beyond.note).toMatch(/part 999 does not exist/);
  });

  it('ends part 1 with the page’s own picture, made absolute', () => {
    const result = readHtml(html, { url, partSize: 2_000 });
    expect(result.image).toMatch(/^https:\/\//);
    expect(result.parts[0]!.endsWith(`\n\n![](${result.image})`)).toBe(true);
    expect(result.parts[1]).not.toContain(result.image);

    const relative = readHtml(
      '<html><head><meta property="og:image" content="/pictures/cover.jpg"></head><body><article><p>' +
        'A paragraph long enough to be the article of this small page, with a sentence or two. '.repeat(3) +
        '</p></article></body></html>',
      { url: 'https://example.org/news/story.html' },
    );
    expect(relative.image).toBe('https://example.org/pictures/cover.jpg');
    expect(relative.text.endsWith('![](https://example.org/pictures/cover.jpg)')).toBe(true);
  });

  it('refuses a part or part size that is not a whole number of 1 or more', () => {
    expect(() => readHtml('<p>x</p>', { url: 'https://example.org/', part: 0 })).toThrow(
      /part must be a whole number/,
    );
    expect(() => readHtml('<p>x</p>', { url: 'https://example.org/', partSize: 2.5 })).toThrow(/partSize/);
  });
});

function page(head: string, body = '<article><p>Some text of the article.</p></article>'): string {
  return `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
}

const plainUrl = 'https://example.org/story';

describe('readHtml publishedDate', () => {
  it('reads the meta tags in the rules’ order, whatever their order in the page', () => {
    const html = page(
      '<meta property="og:updated_time" content="2024-03-05T10:00:00Z">' +
        '<meta name="date" content="2024-03-02">' +
        '<meta property="article:published_time" content="2024-03-01T08:15:00+02:00">',
    );
    expect(readHtml(html, { url: plainUrl }).publishedDate).toBe('2024-03-01T08:15:00+02:00');
    const withoutFirst = page(
      '<meta property="og:updated_time" content="2024-03-05T10:00:00Z"><meta name="date" content="2024-03-02">',
    );
    expect(readHtml(withoutFirst, { url: plainUrl }).publishedDate).toBe('2024-03-02');
    const modifiedOnly = page('<meta property="article:modified_time" content="2024-03-04">');
    expect(readHtml(modifiedOnly, { url: plainUrl }).publishedDate).toBe('2024-03-04');
  });

  it('rejects a zone-less time and takes JSON-LD datePublished after the meta tags', () => {
    const zoneless = page('<meta property="article:published_time" content="2021-11-12T13:00:00">');
    expect(readHtml(zoneless, { url: plainUrl }).publishedDate).toBeUndefined();
    const withJsonLd = page(
      '<meta property="article:published_time" content="2021-11-12T13:00:00">' +
        '<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle",' +
        '"datePublished":"2021-11-12T13:00:00+01:00"}</script>',
      '<article><p>Published 12 November 2021.</p><p>Text.</p></article>',
    );
    expect(readHtml(withJsonLd, { url: plainUrl }).publishedDate).toBe('2021-11-12T13:00:00+01:00');
    // A real page whose meta tags all lack a zone.
    expect(
      readHtml(corpusPage('htmldate/pages/kath.net-Menschensohn.html'), {
        url: 'https://kath.net/news/76785',
      }).publishedDate,
    ).toBeUndefined();
  });

  it('reads real pages: meta with an offset, JSON-LD with a compact offset, a plain day', () => {
    expect(readHtml(corpusPage('readability/bbc-1/source.html'), { url: plainUrl }).publishedDate).toBe(
      '2015-07-24T05:36:09+01:00',
    );
    const t3n = readHtml(corpusPage('htmldate/pages/t3n.de-Laufzeit.html'), {
      url: 'https://t3n.de/news/apple-eigener-iphone-akku-1587177/',
    });
    expect(t3n.publishedDate).toBe('2023-11-06T15:20:33+01:00');
    expect(readHtml(corpusPage('readability/gitlab-blog/source.html'), { url: plainUrl }).publishedDate).toBe(
      '2024-06-25',
    );
  });

  it('falls back to the article’s own <time>, then to a full day in the address, and never guesses', () => {
    const time = page(
      '',
      '<article><header><time datetime="2020-02-23T10:07:02+01:00">23. Februar 2020</time></header><p>Text.</p></article>',
    );
    expect(readHtml(time, { url: plainUrl }).publishedDate).toBe('2020-02-23T10:07:02+01:00');
    expect(readHtml(page(''), { url: 'https://example.org/2019/10/19/a-story/' }).publishedDate).toBe(
      '2019-10-19',
    );
    expect(readHtml(page(''), { url: 'https://example.org/2019/10/a-story/' }).publishedDate).toBeUndefined();
    const named = page(
      '',
      '<article><span class="date">Veröffentlicht am 23. Februar 2020</span><p>Text.</p></article>',
    );
    expect(readHtml(named, { url: plainUrl }).publishedDate).toBe('2020-02-23');
    // The article's own date has a zone-less time: its day, not the teasers' dates further down.
    const teasers = page(
      '',
      '<article><div class="event_date">5. November 2021, 10:39 Uhr</div><p>Text.</p></article>' +
        '<ul><li><a href="/b">Other</a><div class="event_date">4. November 2021</div></li></ul>',
    );
    expect(readHtml(teasers, { url: plainUrl }).publishedDate).toBe('2021-11-05');
    const ambiguous = page('<meta name="date" content="09/10/2020">');
    expect(readHtml(ambiguous, { url: plainUrl }).publishedDate).toBeUndefined();
  });
});

describe('readHtml publishedDate when the marks disagree', () => {
  const jsonLd = (fields: string): string =>
    `<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle",${fields}}</script>`;

  it('takes a lone JSON-LD date only when the page confirms it', () => {
    const revised = jsonLd('"datePublished":"2021-03-16T16:16:10Z","dateModified":"2021-03-20T14:00:17Z"');
    // Revised four days later and the text shows neither day: the page's own date is unknown.
    expect(
      readHtml(page(revised, '<article><p>Text.</p></article>'), { url: plainUrl }).publishedDate,
    ).toBeUndefined();
    const shown = page(revised, '<article><p class="byline">March 16, 2021</p><p>Text.</p></article>');
    expect(readHtml(shown, { url: plainUrl }).publishedDate).toBe('2021-03-16T16:16:10Z');
    const sameDay = jsonLd('"datePublished":"2023-11-09T04:15:00Z","dateModified":"2023-11-09T04:26:00Z"');
    expect(readHtml(page(sameDay, '<article><p>Text.</p></article>'), { url: plainUrl }).publishedDate).toBe(
      '2023-11-09T04:15:00Z',
    );
    // A zone-less time is no date of its own, but its day confirms the JSON-LD one.
    const zonelessTime = page(
      jsonLd('"datePublished":"2018-12-21T12:55:00Z"'),
      '<article><time datetime="2018-12-21 11:00:00">21.dez.2018 às 11h00</time><p>Text.</p></article>',
    );
    expect(readHtml(zonelessTime, { url: plainUrl }).publishedDate).toBe('2018-12-21T12:55:00Z');
    const alsoInAddress = page(jsonLd('"datePublished":"2019-10-19"'), '<article><p>Text.</p></article>');
    expect(readHtml(alsoInAddress, { url: 'https://example.org/2019/10/19/a-story/' }).publishedDate).toBe(
      '2019-10-19',
    );
    // A real page: JSON-LD only, revised two years later, neither day on the page.
    expect(
      readHtml(corpusPage('htmldate/pages/channelpartner.de.berufe.html'), {
        url: 'https://www.channelpartner.de/a/sieben-berufe-die-zukunft-haben,3050673',
      }).publishedDate,
    ).toBeUndefined();
  });

  it('prefers an earlier publication mark the page confirms over a later one, and only then', () => {
    const head =
      '<meta property="article:published_time" content="2019-12-12T21:17:43Z">' +
      jsonLd('"datePublished":"2019-12-09T10:00:00Z"');
    const confirmed = page(head, '<article><p>Dec 9, 2019</p><p>Text.</p></article>');
    expect(readHtml(confirmed, { url: plainUrl }).publishedDate).toBe('2019-12-09T10:00:00Z');
    const unconfirmed = page(head, '<article><p>Text.</p></article>');
    expect(readHtml(unconfirmed, { url: plainUrl }).publishedDate).toBe('2019-12-12T21:17:43Z');
    // The same instant written in two zones is not a disagreement.
    const sameInstant = page(
      '<meta property="article:published_time" content="2023-11-09T02:11:03Z">' +
        jsonLd('"datePublished":"2023-11-08T21:11:03-05:00"'),
      '<article><p>Text.</p></article>',
    );
    expect(readHtml(sameInstant, { url: plainUrl }).publishedDate).toBe('2023-11-08T21:11:03-05:00');
    expect(
      readHtml(corpusPage('htmldate/pages/medium.com.recherche.html'), {
        url: plainUrl,
      }).publishedDate?.slice(0, 10),
    ).toBe('2019-12-09');
  });

  it('takes no date from comments, related articles or asides', () => {
    const article =
      '<article><h1>Title</h1><p>Text of the article, long enough to be its main text.</p></article>';
    const comments = page(
      '',
      article +
        '<section id="comments"><div class="comment"><time datetime="2020-05-02T10:00:00Z">May 2</time>' +
        '<p>A reader writes.</p></div></section>',
    );
    expect(readHtml(comments, { url: plainUrl }).publishedDate).toBeUndefined();
    const related = page(
      '',
      article +
        '<div class="related-posts"><a href="/b">Other story</a>' +
        '<span itemprop="datePublished" content="2020-04-01">April 1, 2020</span></div>' +
        '<aside><time class="published" datetime="2020-03-01T09:00:00Z">March 1</time></aside>',
    );
    expect(readHtml(related, { url: plainUrl }).publishedDate).toBeUndefined();
    // The comments' times on other days no longer hide that every other <time> names one day.
    const ownTime = page(
      '',
      '<article><p><time datetime="2020-06-01T08:00:00Z">June 1</time></p><p>Text.</p></article>' +
        '<ol class="comment-list"><li><time datetime="2020-06-03T10:00:00Z">June 3</time> Nice.</li></ol>',
    );
    expect(readHtml(ownTime, { url: plainUrl }).publishedDate).toBe('2020-06-01T08:00:00Z');
  });

  it('reads a revision date only when nothing dates the publication', () => {
    const html = page(
      '<meta property="og:updated_time" content="2024-03-05T10:00:00Z">' +
        jsonLd('"datePublished":"2024-03-01","dateModified":"2024-03-01"'),
      '<article><p>Text.</p></article>',
    );
    expect(readHtml(html, { url: plainUrl }).publishedDate).toBe('2024-03-01');
  });
});

describe('readHtml with a question', () => {
  const url =
    'https://www.quantamagazine.org/hidden-heroines-of-chaos-ellen-fetter-and-margaret-hamilton-20190520/';
  const html = corpusPage('readability/quanta-1/source.html');

  it('returns only the passages that answer it, ranked with BM25, each with its part', () => {
    const result = readHtml(html, {
      url,
      question: 'How much did the LGP-30 desk computer weigh?',
      partSize: 3_000,
    });
    expect(result.method).toBe('local-bm25');
    const matches = result.matches!;
    expect(matches.length).toBeGreaterThan(0);
    expect(matches[0]!.text).toContain('weighed some 800 pounds');
    for (const match of matches) {
      // The part number lets the agent read around the passage.
      expect(result.parts[match.part - 1]).toContain(match.text.split('\n\n')[0]!);
    }
    for (let index = 1; index < matches.length; index++) {
      expect(matches[index]!.score).toBeLessThanOrEqual(matches[index - 1]!.score);
    }
    const pageLength = result.parts.join('\n\n').length;
    const returned = matches.reduce((sum, match) => sum + match.text.length, 0);
    expect(returned / pageLength).toBeLessThanOrEqual(0.3);
    expect(result.text).toContain(`[part ${matches[0]!.part}]`);
    expect(result.part).toBe(matches[0]!.part);
  });

  it('says so when nothing on the page matches, and gives the beginning of the page with score 0', () => {
    const result = readHtml(html, { url, question: 'zyxwvut qwertzuiop' });
    const matches = result.matches!;
    // The beginning rather than nothing: a question in another language than the page's may share no
    // word with it, and the beginning of a page says what it is about, often with its main facts.
    expect(matches.length).toBeGreaterThan(0);
    expect(matches.every((match) => match.score === 0)).toBe(true);
    const whole = readHtml(html, { url, partSize: 10_000_000 }).parts.join('\n\n');
    expect(whole.startsWith(matches[0]!.text.split('\n\n')[0]!)).toBe(true);
    expect(result.note).toMatch(/^No passage of the page matches the question; these are its first passages/);
  });

  it('uses an injected question filter when it answers, and the local ranking when it declines', () => {
    const filter: QuestionFilter = {
      method: 'example-filter',
      select: (_question, passages) => [passages.length - 1],
    };
    const filtered = readHtml(html, { url, question: 'Who is Ellen Fetter?', questionFilter: filter });
    expect(filtered.method).toBe('example-filter');
    expect(filtered.matches).toHaveLength(1);
    const declining: QuestionFilter = { method: 'example-filter', select: () => undefined };
    expect(readHtml(html, { url, question: 'Who is Ellen Fetter?', questionFilter: declining }).method).toBe(
      'local-bm25',
    );
  });
});

describe('readHtml on a page without main text', () => {
  it('gives a clear, empty result rather than failing', () => {
    const html = page(
      '<title>Only links</title>',
      '<nav><ul><li><a href="/a">Home</a></li><li><a href="/b">News</a></li></ul></nav>' +
        '<footer><a href="/imprint">Imprint</a> <a href="/privacy">Privacy</a></footer>',
    );
    const result = readHtml(html, { url: plainUrl });
    expect(result.title).toBe('Only links');
    expect(result.text).toBe('');
    expect(result.parts).toEqual([]);
    expect(result.partCount).toBe(0);
    expect(result.note).toMatch(/no readable main text/);
    const empty = readHtml('', { url: plainUrl });
    expect(empty.text).toBe('');
    expect(empty.note).toMatch(/no readable main text/);
  });
});

describe('readHtml publishedDate in the publisher’s zone', () => {
  it('restates a UTC time in the zone the page gives for the same instant, and only then', () => {
    const sameInstant = page(
      '<meta property="article:published_time" content="2023-11-09T02:11:03+00:00">' +
        '<script type="application/ld+json">{"@type":"VideoObject","uploadDate":"2023-11-08T21:11:03-05:00"}</script>',
    );
    expect(readHtml(sameInstant, { url: plainUrl }).publishedDate).toBe('2023-11-08T21:11:03-05:00');
    const localToTheSecond = page(
      '<meta property="article:published_time" content="2023-11-09T01:09:55+00:00">',
      '<article><time datetime="2023-11-08 18:09:55">Nov 8</time><p>Text.</p></article>',
    );
    expect(readHtml(localToTheSecond, { url: plainUrl }).publishedDate).toBe('2023-11-08T18:09:55-07:00');
    const anotherInstant = page(
      '<meta property="article:published_time" content="2023-11-09T01:09:55+00:00">',
      '<article><time datetime="2023-11-08 18:10:00">Nov 8</time><p>Text.</p></article>',
    );
    expect(readHtml(anotherInstant, { url: plainUrl }).publishedDate).toBe('2023-11-09T01:09:55+00:00');
  });
});

describe('readHtml on unusual documents', () => {
  it('reads a page nested thousands of levels deep without overflowing the stack', () => {
    const sentence = 'Deep text that is long enough to be read as a paragraph of prose.';
    const html = '<div>'.repeat(6_000) + `<p>${sentence}</p>` + '</div>'.repeat(6_000);
    expect(readHtml(html, { url: plainUrl }).text).toBe(sentence);
  });

  it('keeps the only line of a very short page, and reads a fragment without <html>', () => {
    expect(readHtml('<html><body><p>Back soon.</p></body></html>', { url: plainUrl }).text).toBe(
      'Back soon.',
    );
    expect(readHtml('plain words, no markup', { url: plainUrl }).text).toBe('plain words, no markup');
  });
});
