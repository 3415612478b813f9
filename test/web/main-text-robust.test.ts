// Main text on pages no rule was tuned for: a layout wrapper named like a sidebar, a teaser whose page
// data holds the whole article, a last short line before a share bar, metadata lines and boxes named
// `post-meta` or `author-card`, a headline kept apart from the body by a byline box. Made-up pages.
import { describe, expect, it } from 'vitest';
import { mainText, paragraphs, sentence } from './made-up-article.ts';

const menu = `<nav><ul>${Array.from({ length: 6 }, (_, index) => `<li><a href="/s${index}">Section ${index}</a></li>`).join('')}</ul></nav>`;
const sidebar = `<aside class="widget-area">${Array.from(
  { length: 4 },
  (_, index) =>
    `<div class="widget"><h3>Box ${index}</h3><p>${sentence('sidebar', index)}</p><ul><li><a href="/o${index}">Another story ${index}</a></li></ul></div>`,
).join('')}</aside>`;

describe('readHtml main text on unseen kinds of pages', () => {
  it('reads an article whose layout wrapper is named like a sidebar ("one-sidebar")', () => {
    const html = `<html><body>${menu}<div id="main" class="one-sidebar"><article class="post"><h1>Winter road</h1><div class="entry-content">${paragraphs('valley', 5)}</div></article></div>${sidebar}${sidebar}</body></html>`;
    const text = mainText(html);
    for (let index = 0; index < 5; index++) expect(text).toContain(sentence('valley', index));
    expect(text).not.toContain('Another story');
  });

  it('reads it too when prose outside the wrapper would otherwise be taken (a site description)', () => {
    const about = `<header><p>${sentence('site', 0)} ${sentence('site', 1)}</p></header>`;
    const links = `<div class="links"><ul>${Array.from({ length: 30 }, (_, index) => `<li><a href="/p${index}">An older post of this blog, number ${index}</a></li>`).join('')}</ul></div>`;
    const html = `<html><body>${about}<div class="main has-sidebar"><article><div class="entry-content">${paragraphs('valley', 3)}</div></article></div>${links}</body></html>`;
    const text = mainText(html);
    expect(text).toContain(sentence('valley', 2));
    expect(text).not.toContain('An older post');
  });

  it('still leaves out a real sidebar that holds prose of its own', () => {
    const html = `<html><body>${menu}<div class="content">${paragraphs('valley', 4)}</div><div class="sidebar"><article>${paragraphs('sidebar', 1)}</article></div></body></html>`;
    const text = mainText(html);
    expect(text).toContain(sentence('valley', 3));
    expect(text).not.toContain(sentence('sidebar', 0));
  });

  it("takes the publisher's articleBody, after the markup's lead, when the markup shows only a teaser", () => {
    const lead =
      'A short lead paragraph that the page shows above the paywall, with enough words to be read as prose.';
    const body = Array.from({ length: 6 }, (_, index) => sentence('paywalled', index)).join('\n\n');
    const jsonLd = JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      articleBody: body,
    });
    const html = `<html><head><script type="application/ld+json">${jsonLd}</script></head><body>${menu}<article><h1>Winter road</h1><p>${lead}</p><p>${sentence('valley', 0)}</p></article></body></html>`;
    const text = mainText(html);
    expect(text.indexOf(lead)).toBeGreaterThanOrEqual(0);
    expect(text.indexOf(lead)).toBeLessThan(text.indexOf(sentence('paywalled', 0)));
    expect(text).toContain(sentence('paywalled', 5));
  });

  it('keeps its own text when articleBody is no longer than it', () => {
    const jsonLd = (articleBody: string) =>
      `<script type="application/ld+json">${JSON.stringify({ '@type': 'NewsArticle', articleBody })}</script>`;
    const page = (head: string) =>
      `<html><head>${head}</head><body><article>${paragraphs('valley', 4)}</article></body></html>`;
    const summary = `${sentence('summary', 0)} ${sentence('summary', 1)} ${sentence('summary', 2)}`;
    expect(mainText(page(jsonLd(summary)))).not.toContain('summary report');
    // Markup counts as the text it shows, not as its tags: four paragraphs against our four.
    const marked = Array.from(
      { length: 4 },
      (_, index) => `<p class="body-text">${sentence('marked', index)}</p>`,
    );
    expect(mainText(page(jsonLd(marked.join(''))))).not.toContain('marked report');
  });

  it('reads an articleBody written as markup, escaped or not, as its text', () => {
    const jsonLd = (articleBody: string) =>
      `<script type="application/ld+json">${JSON.stringify({ '@type': 'NewsArticle', articleBody })}</script>`;
    const marked = Array.from({ length: 8 }, (_, index) => `<p>${sentence('marked', index)}</p>`).join('');
    const escaped = marked.replace(/</g, '&lt;').replace(/>/g, '&gt;');
    for (const body of [marked, escaped]) {
      const text = mainText(
        `<html><head>${jsonLd(body)}</head><body><div id="app"><p>Loading…</p></div></body></html>`,
      );
      expect(text.split('\n\n').slice(0, 8)).toEqual(
        Array.from({ length: 8 }, (_, index) => sentence('marked', index)),
      );
      expect(text).not.toMatch(/<p>|&lt;/);
    }
  });

  it('keeps a last short line that ends in an ellipsis before a share bar', () => {
    const html = `<html><body><article><div class="entry-content">${paragraphs('valley', 3)}<p>And then the snow came back…</p><div class="share-buttons"><ul><li><a href="/t">Twitter</a></li><li><a href="/f">Facebook</a></li></ul></div></div></article></body></html>`;
    expect(mainText(html)).toContain('And then the snow came back…');
  });

  it('leaves out a metadata line of fields set apart by separators', () => {
    const html = `<html><body><div class="blog_post"><h2>Winter road</h2>January 13, 2020 at 08:45 AM | categories: <a href="/c/roads">Roads</a> | <a href="#c">View Comments</a>${paragraphs('valley', 4)}</div></body></html>`;
    const text = mainText(html);
    expect(text).toContain(sentence('valley', 0));
    expect(text).not.toContain('View Comments');
  });

  it('leaves out boxes named post-meta, postmetadata or author-card inside the article', () => {
    const html = `<html><body><article><div class="post-meta"><span class="author-name">By Staff Writer</span></div>${paragraphs('valley', 4)}<div class="postmetadata">Filed under <a href="/r">Roads</a> and <a href="/w">Weather</a>, comments are closed for this entry.</div><div class="details__author-card"><p>Our writer fell into journalism at twelve and has written about the valley ever since, with a notebook and a pen.</p></div></article></body></html>`;
    const text = mainText(html);
    expect(text).toContain(sentence('valley', 3));
    expect(text).not.toContain('Staff Writer');
    expect(text).not.toContain('comments are closed');
    expect(text).not.toContain('fell into journalism');
  });

  it('keeps the headline and lead above the body when only a byline box sits between them', () => {
    const lead =
      'The valley waited twenty years for its road, and in one winter it changed how the families live and work.';
    const html = `<html><body>${menu}<article><header><h1>The winter road</h1><p class="summary">${lead}</p><div class="metadata">12 March 2021, 10:15 Updated 12 March 2021, 11:02 By a reporter in the valley</div></header><div class="article-body">${paragraphs('valley', 5)}</div></article>${sidebar}</body></html>`;
    const text = mainText(html);
    expect(text).toContain('# The winter road');
    expect(text).toContain(lead);
    expect(text).not.toContain('Updated 12 March');
  });

  it('keeps a sentence among the paragraphs whose names and places are mostly links', () => {
    const linked =
      'Before that she worked for <a href="/a">the regional water board</a> and <a href="/b">the Valley Transport Company</a>, in <a href="/c">public relations and internal communication</a>.';
    const html = `<html><body>${menu}<article>${paragraphs('valley', 3)}<p>${linked}</p>${paragraphs('road', 2)}</article></body></html>`;
    const text = mainText(html);
    expect(text).toContain('public relations and internal communication.');
    expect(text).not.toContain('Section 1');
  });

  it('still drops a list of links set among the paragraphs as a line of its own', () => {
    const related = `<p><a href="/x">Older story about the bridge</a> | <a href="/y">Another story about the ferry</a></p>`;
    const html = `<html><body><article>${paragraphs('valley', 3)}${related}${paragraphs('road', 2)}</article></body></html>`;
    expect(mainText(html)).not.toContain('Older story about the bridge');
  });

  it('opens with an unnamed lead paragraph set between the headline and the body', () => {
    const moreLinks = `<div class="list">${Array.from({ length: 12 }, (_, index) => `<p><a href="/m${index}">More from the valley, story number ${index}</a></p>`).join('')}</div>`;
    const lead =
      'Twenty years after the first plans, the valley road opened this winter, and the families who live along it say it has already changed their days.';
    const html = `<html><body>${menu}<div class="page"><div class="top"><h1>The winter road</h1><p>${lead}</p></div><div class="wrap"><div class="inner"><div class="article-body">${paragraphs('valley', 5)}</div></div></div>${moreLinks}</div>${sidebar}</body></html>`;
    const text = mainText(html);
    expect(text).toContain(lead);
    expect(text.indexOf(lead)).toBeLessThan(text.indexOf(sentence('valley', 0)));
  });

  it("reads a gallery's slide text written as paragraphs under each picture, not one-line captions", () => {
    const slide = (index: number) =>
      `<figure class="slide"><img src="/p${index}.jpg" alt=""><figcaption class="slide-caption"><p>Idea ${index} for the party.</p><p>What you need: ${sentence('costume', index)} Make it the night before.</p></figcaption></figure>`;
    const captioned = `<figure><img src="/x.jpg" alt=""><figcaption>The valley in winter. Photo: A. Reporter</figcaption></figure>`;
    const html = `<html><body>${menu}<article><p>${sentence('gallery', 0)}</p>${captioned}<div class="slides">${[1, 2, 3, 4].map(slide).join('')}</div></article></body></html>`;
    const text = mainText(html);
    expect(text).toContain(sentence('costume', 4));
    expect(text).not.toContain('Photo: A. Reporter');
  });

  it('reads a live ticker whose entries are named like comments when they are all the page holds', () => {
    const entries = Array.from(
      { length: 14 },
      (_, index) =>
        `<div class="match-comment"><span class="minute">${90 - index * 6}'</span><div class="match-comment-body">${sentence('match', index)}</div></div>`,
    ).join('');
    const html = `<html><body>${menu}<main><div class="score">Home 1 - 1 Away</div><div class="match-comments">${entries}</div></main><aside>${sidebar}</aside><footer><p>${sentence('footer', 0)}</p></footer></body></html>`;
    const text = mainText(html);
    expect(text).toContain(sentence('match', 0));
    expect(text).toContain(sentence('match', 13));
  });

  it('leaves out comment threads named in other languages or words (commentaires, discussion, reactions)', () => {
    for (const name of ['commentaires', 'article-discussion', 'reactions', 'comentarios']) {
      const thread = `<section class="${name}">${Array.from(
        { length: 6 },
        (_, index) => `<div class="entry"><p>${sentence(`reader ${name}`, index)}</p></div>`,
      ).join('')}</section>`;
      const html = `<html><body><article><div class="text">${paragraphs('valley', 4)}</div>${thread}</article></body></html>`;
      const text = mainText(html);
      expect(text).toContain(sentence('valley', 3));
      expect(text).not.toContain(`reader ${name}`);
    }
  });

  it("keeps readers' comments out of a short post, however long the thread (they carry names and reply links)", () => {
    const comments = `<div class="comments">${Array.from(
      { length: 10 },
      (_, index) =>
        `<div class="comment"><a href="/u${index}">Reader ${index}</a><p>${sentence('reader comment', index)}</p><a href="#reply-${index}">Reply</a></div>`,
    ).join('')}</div>`;
    const html = `<html><body>${menu}<article><h1>Short post</h1>${paragraphs('valley', 2)}</article>${comments}<footer><p>${sentence('footer', 0)}</p></footer></body></html>`;
    const text = mainText(html);
    expect(text).toContain(sentence('valley', 1));
    expect(text).not.toContain('reader comment');
  });

  it("leaves out an ad's label left among the paragraphs, alone or with its line, and keeps sentences that begin with the word", () => {
    const html = `<html><body><article>${paragraphs('valley', 2)}<p>Advertisement</p>${paragraphs('road', 1)}<p>ANZEIGE - Heute mal ausgehen? Wie wäre es mit:</p><p>*Werbung. Dieser Beitrag enthält Werbung für eine Marke.</p><p>Anzeige gegen Unbekannt wurde am Montag erstattet.</p>${paragraphs('ferry', 1)}</article></body></html>`;
    const text = mainText(html);
    expect(text).not.toMatch(/^Advertisement$/m);
    expect(text).not.toContain('Heute mal ausgehen');
    expect(text).not.toContain('enthält Werbung');
    expect(text).toContain('Anzeige gegen Unbekannt wurde am Montag erstattet.');
    expect(text).toContain(sentence('ferry', 0));
  });

  it("leaves out a line that only credits the agency or the source, and keeps a material's name with a slash", () => {
    const html = `<html><body><article>${paragraphs('valley', 3)}<p>Quelle: Verbraucherzentrale NRW</p><p>Polyester/Elasthan</p>${paragraphs('road', 1)}<p>aja/PAP</p></article></body></html>`;
    const text = mainText(html);
    expect(text).not.toContain('Quelle: Verbraucherzentrale');
    expect(text).not.toContain('aja/PAP');
    expect(text).toContain('Polyester/Elasthan');
    expect(text).toContain(sentence('road', 0));
  });

  it('keeps a short post\'s own lines rather than a sidebar\'s long "about me" box', () => {
    const about = `<div id="sidebar"><ul><li class="widget"><div class="textwidget"><p>${sentence('about me', 0)} ${sentence('about me', 1)}</p></div></li></ul></div>`;
    const html = `<html><body><div id="content"><div class="post"><h2>Tuesday</h2><p>Ich weiß, ich sollte das vielleicht nicht sagen.</p><p>Dann sag es nicht.</p></div></div>${about}</body></html>`;
    const text = mainText(html);
    expect(text).toContain('Dann sag es nicht.');
    expect(text).not.toContain('about me report');
  });

  it('reads an article set one section per paragraph in a wrapper named like boilerplate, not the comments below', () => {
    const sections = Array.from(
      { length: 8 },
      (_, index) => `<section><h2>Part ${index}</h2><p>${sentence('valley', index)}</p></section>`,
    ).join('');
    // Comments no name or stamp marks (a day without a time), below the site's links.
    const comments = Array.from(
      { length: 3 },
      (_, index) =>
        `<div><p>Reader ${index}</p><p>0${index + 1}.02.2018</p><div>Reader ${index} writes that the road was closed again this week, and asks why nobody at the town hall has said when it opens again.</div></div>`,
    ).join('');
    const links = `<ul>${Array.from({ length: 12 }, (_, index) => `<li><a href="/p${index}">Another page of the site, number ${index}</a></li>`).join('')}</ul>`;
    const html = `<html><body><div class="has-related"><h1>Winter road</h1><div>${sections}</div></div>${links}<div>${comments}</div></body></html>`;
    const text = mainText(html);
    for (let index = 0; index < 8; index++) expect(text).toContain(sentence('valley', index));
    expect(text).not.toContain('Reader 1 writes');
  });

  it('reads a page that a named anchor never closed (`<a name="top">`) holds whole, and still drops a real link list', () => {
    // An `<a name="top">` without its `</a>` stays open round the rest of the page.
    const links = `<ul>${Array.from({ length: 8 }, (_, index) => `<li><a href="/p${index}">Another page of the site, number ${index}</a></li>`).join('')}</ul>`;
    const html = `<html><body><a name="top"><div class="box">${links}</div><div class="story"><h1>Winter road</h1>${paragraphs('valley', 4)}</div></body></html>`;
    const text = mainText(html);
    for (let index = 0; index < 4; index++) expect(text).toContain(sentence('valley', index));
    expect(text).not.toContain('Another page of the site');
  });

  it('reads a page after a link written self-closed (`<a href="/top"/>`), which HTML would leave open round it', () => {
    const html = `<html><body><a href="#top" class="skip"/>${menu}<div class="story"><h1>Winter road</h1>${paragraphs('valley', 4)}</div></body></html>`;
    const text = mainText(html);
    for (let index = 0; index < 4; index++) expect(text).toContain(sentence('valley', index));
    expect(text).not.toContain('Section 1');
  });

  it("still reads a script's link without an address (`<a data-hook>`) as a link", () => {
    const byline =
      '<div class="meta"><a data-hook="profile-link"><div><span>Anna Berg</span></div></a></div>';
    const html = `<html><body><div class="story">${byline}${paragraphs('valley', 4)}</div></body></html>`;
    const text = mainText(html);
    expect(text).toContain(sentence('valley', 3));
    expect(text).not.toContain('Anna Berg');
  });

  it("leaves out an address element (the page's or article's contact lines)", () => {
    const address =
      '<address>road.html - Created 03-10-2004 - Last Modified: 03-10-2004, write to the editor</address>';
    const html = `<html><body><div class="story"><h1>Winter road</h1>${paragraphs('valley', 4)}${address}</div></body></html>`;
    const text = mainText(html);
    expect(text).toContain(sentence('valley', 3));
    expect(text).not.toContain('Last Modified');
  });

  // A column with the lead, an ad's box and the body, a list of links after it: the body alone is chosen.
  const lead =
    'The minister said the state is weighing changes to the holdings it keeps in large firms, from energy to the railways, this year.';
  const adBox =
    '<div class="ad-wrap"><div class="ad ad-pave"><div class="ad-placeholder"></div><small>Anzeige</small></div></div>';
  const links = `<ul>${Array.from({ length: 20 }, (_, index) => `<li><a href="/p${index}">Another page of the site, number ${index}</a></li>`).join('')}</ul>`;
  const column = (head: string, after = '') =>
    `<html><head>${head}</head><body>${menu}<div class="main"><h1>Holdings</h1><div class="main-col"><p class="chapo">${lead}</p>${adBox}<div class="article-body">${paragraphs('valley', 4)}</div>${links}</div></div>${after}</body></html>`;

  it("opens with a lead named as such across an ad's label between it and the body", () => {
    const text = mainText(column(''));
    expect(text.indexOf(lead)).toBeGreaterThanOrEqual(0);
    expect(text.indexOf(lead)).toBeLessThan(text.indexOf(sentence('valley', 0)));
    expect(text).not.toContain('Anzeige');
  });

  it("keeps a lead that share boxes repeat when it is the page's own description", () => {
    const shares = [1, 2]
      .map((index) => `<div class="modal-${index}"><p class="headline">Holdings</p><p>${lead}</p></div>`)
      .join('');
    const described = `<meta property="og:description" content="${lead.slice(0, 70)}…">`;
    expect(mainText(column(described, shares))).toContain(lead);
    // Without the description, text said again in three places is the site's template.
    expect(mainText(column('', shares))).not.toContain(lead);
  });
});
