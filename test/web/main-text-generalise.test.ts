// Main text on kinds of pages the corpora hold few of, each rule judged on its own made-up page: lists of
// points with a linked point among them, breadcrumbs, short posts whose paragraphs sit beside the longest
// one, articles opened in a layer over a stream of teasers. Made-up pages.
import { describe, expect, it } from 'vitest';
import { mainText, paragraphs, sentence } from './made-up-article.ts';

describe('readHtml main text, rules that generalise', () => {
  it('keeps a linked point in a list of points, and leaves a breadcrumb out', () => {
    const points = [
      '<li><a href="/review">Here is our year in review of the valley!</a></li>',
      `<li>${sentence('points', 0)}</li>`,
      `<li>${sentence('points', 1)} See <a href="/bug">the ticket</a>.</li>`,
    ].join('');
    const breadcrumb =
      '<ol><li><a href="/">Home</a></li><li><a href="/news">News</a></li><li><a href="/news/roads">Roads</a></li><li>The winter road and the valley</li></ol>';
    // The notes are all lists, as weekly notes often are: no paragraph around them to vouch for them.
    const more = `<li>${sentence('more', 0)}</li><li>${sentence('more', 1)}</li>`;
    const html = `<html><body><article><div class="entry-content">${breadcrumb}<h3>Highlights</h3><ul>${points}</ul><h3>Also</h3><ul>${more}</ul></div></article></body></html>`;
    const text = mainText(html);
    expect(text).toContain('Here is our year in review of the valley!');
    expect(text).toContain(sentence('points', 1));
    expect(text).not.toContain('Home');
    expect(text).not.toContain('News');
  });

  it("keeps a short post's short lines beside its one long paragraph", () => {
    const share = `<div class="sharedaddy"><h3>Share this:</h3><ul><li><a href="/t">Twitter</a></li><li><a href="/f">Facebook</a></li></ul><h3>Like this:</h3><p>Like Loading…</p></div>`;
    const html = `<html><body><div id="content"><div class="post"><h2><a href="/p">A possibility</a></h2><p class="meta">14 June 2013 at 20:51 (<a href="/c">Notes</a>)</p><p>"I know I am tired and should perhaps not say this, but the road was better before…"</p><p>– "Then do not say it."</p><p>– "Ok."</p>${share}</div></div></body></html>`;
    const text = mainText(html);
    expect(text).toContain('should perhaps not say this');
    expect(text).toContain('– "Then do not say it."');
    expect(text).toContain('– "Ok."');
    expect(text).not.toContain('Twitter');
  });

  it('reads an article opened in a layer named "modal" over a stream of teasers, each summary in its card', () => {
    const summary = (index: number): string =>
      `Summary ${index} of another story: ${sentence('stream', index)} ${sentence('stream', index + 1)}`;
    const stream = Array.from(
      { length: 8 },
      (_, index) =>
        `<div class="card"><div class="label">News</div><p>${summary(index)}</p><ul><li><a href="/r${index}">A related story ${index}</a></li></ul></div>`,
    ).join('');
    const html = `<html><body><div id="stream">${stream}</div><div class="render-target-modal"><article><h1>The winter road</h1><div class="body">${paragraphs('valley', 5)}</div></article></div></body></html>`;
    const text = mainText(html);
    for (let index = 0; index < 5; index++) expect(text).toContain(sentence('valley', index));
    expect(text).not.toContain('Summary 3 of another story');
  });

  it('keeps a stream of summaries when the layer beside it holds no body of paragraphs', () => {
    const stream = Array.from(
      { length: 4 },
      (_, index) =>
        `<div class="card"><p>${sentence('stream', index)} ${sentence('stream', index + 1)}</p></div>`,
    ).join('');
    const html = `<html><body><div id="stream">${stream}</div><div class="modal"><p>Sign up for our letter: the news of the valley every morning, in your inbox, for free.</p></div></body></html>`;
    const text = mainText(html);
    expect(text).toContain(sentence('stream', 0));
    expect(text).not.toContain('Sign up');
  });

  it('reads a MathML formula as part of its sentence: its alttext, its TeX, or its symbols', () => {
    const quadratic =
      '<math><mi>a</mi><msup><mi>x</mi><mn>2</mn></msup><mo>+</mo><mi>c</mi><mo>=</mo><mn>0</mn></math>';
    const withTex =
      '<math><semantics><mrow><mi>E</mi><mo>=</mo><mi>m</mi><msup><mi>c</mi><mn>2</mn></msup></mrow><annotation encoding="application/x-tex">E = mc^2</annotation></semantics></math>';
    const html = `<html><body><article>${paragraphs('valley', 3)}<p>When the road is closed there are two solutions to ${quadratic} and the engineers wrote <math alttext="x = -b / 2a"><mi>x</mi></math> on the board, then ${withTex} for the lorry.</p></article></body></html>`;
    const text = mainText(html);
    expect(text).toContain('two solutions to a x 2 + c = 0 and the engineers wrote x = -b / 2a on the board');
    expect(text).toContain('then E = mc^2 for the lorry');
  });

  it("reads a front page's teasers when the page holds nothing else but a few lines", () => {
    const teasers = Array.from(
      { length: 5 },
      (_, index) =>
        `<div class="teaser"><h2><a href="/story${index}">Story ${index} of the week</a></h2><p>${sentence('teaser', index)}</p></div>`,
    ).join('');
    const html = `<html><body><div id="top">${teasers}</div><div id="box"><h3>Often used</h3><ul><li>Jobs and training places at the town hall, more…</li><li>Opening hours of the offices and the library, more…</li></ul></div></body></html>`;
    const text = mainText(html);
    expect(text).toContain(sentence('teaser', 0));
    expect(text).toContain(sentence('teaser', 4));
  });

  it('does not take the summaries of a list of teasers above the article for its lead', () => {
    const teasers = Array.from(
      { length: 3 },
      (_, index) =>
        `<div class="teaser"><h2><a href="/story${index}">Story ${index} of the week</a></h2><p>${sentence('teaser', index)}</p></div>`,
    ).join('');
    const html = `<html><body><div class="page"><div class="column">${teasers}<div class="article">${paragraphs('valley', 4)}</div></div></div></body></html>`;
    const text = mainText(html);
    expect(text).toContain(sentence('valley', 0));
    expect(text).not.toContain('teaser report');
  });

  it('reads an article whose own element is named like boilerplate ("box has-related")', () => {
    const footer = '<div class="bottom"><p>Town hall, 1 Main Street</p><p>Open on weekdays</p></div>';
    const html = `<html><body>${footer}<div class="box has-related">${paragraphs('valley', 6)}</div>${footer}</body></html>`;
    const text = mainText(html);
    for (let index = 0; index < 6; index++) expect(text).toContain(sentence('valley', index));
  });

  it('keeps a short article rather than a longer notice named like boilerplate beside it', () => {
    const notice = `<div class="cookie-consent">${paragraphs('cookie', 5)}</div>`;
    const html = `<html><body><div class="post"><h1>Tuesday</h1>${paragraphs('valley', 2)}<p>The ferry runs again on Friday, weather permitting, from the old pier.</p></div>${notice}</body></html>`;
    const text = mainText(html);
    expect(text).toContain(sentence('valley', 1));
    expect(text).not.toContain('cookie report');
  });

  it('reads a short post named like boilerplate ("box related") when nothing else holds prose', () => {
    const menu =
      '<ul class="menu-list"><li><a href="/">Home</a></li><li><a href="/about">About</a></li></ul>';
    const html = `<html><body><div class="page">${menu}<h1>Fuel pumps</h1><div class="box related"><p>${sentence('pump', 0)}</p><p>Thanks for the tip.</p></div><p><a href="/prev">Previous post</a></p></div></body></html>`;
    const text = mainText(html);
    expect(text).toContain(sentence('pump', 0));
    expect(text).not.toContain('Previous post');
  });

  it("leaves out a copyright notice and a credit line, but not the article's sentence about copyright", () => {
    const html = `<html><body><div><div><div>${paragraphs('valley', 4)}<p>The copyright on the map ran out in 2019.</p></div><div><img src="/a.jpg"><p>The strike in the hall / (C) Jane Doe</p></div><div>${paragraphs('road', 2)}</div><div><p>© 2020 The Valley Company. All Rights Reserved.</p></div></div></div></body></html>`;
    const text = mainText(html);
    expect(text).toContain(sentence('road', 1));
    expect(text).toContain('The copyright on the map ran out in 2019.');
    expect(text).not.toContain('Jane Doe');
    expect(text).not.toContain('All Rights Reserved');
  });

  it('leaves out a line that passes the article on by its address, but not an address the article points to', () => {
    const html = `<html><body><div><div><div>${paragraphs('valley', 4)}<p>Modelado: https://example.org/modelo</p><p>Paper: https://example.org/papers/valley-roads.pdf</p><p>Read or Share this story: http://sho.rt/1x3DFko</p><p>Partager cet article : https://example.org/a/1</p></div><div>${paragraphs('road', 2)}</div></div></div></body></html>`;
    const text = mainText(html);
    expect(text).toContain(sentence('road', 1));
    expect(text).toContain('Paper: https://example.org/papers/valley-roads.pdf');
    // A label word holding a sharing word ("Mo-dela-do") is no sharing label.
    expect(text).toContain('Modelado: https://example.org/modelo');
    expect(text).not.toContain('Read or Share this story');
    expect(text).not.toContain('Partager cet article');
  });

  it("leaves out the comment box's lines, but not the article's sentence about comments", () => {
    const html = `<html><body><div><div><div>${paragraphs('valley', 4)}<p>The mayor has not commented, and the office declined to comment.</p></div><div><p>Comments are closed.</p></div><div><p>Um den Beitrag kommentieren zu können, müssen Sie eingeloggt sein.</p></div></div></div></body></html>`;
    const text = mainText(html);
    expect(text).toContain('declined to comment');
    expect(text).not.toContain('Comments are closed');
    expect(text).not.toContain('eingeloggt');
  });

  it("leaves out a tool bar's unlinked words beside its links, and keeps a table's figures", () => {
    const tools = '<div><div><a href="/share">Share</a></div><div>Send</div><div>Print</div></div>';
    const figures = '<div><div><a href="/a">Sizes</a></div><div>71.1 MB</div><div>13.4 MB</div></div>';
    const html = `<html><body><div><div>${paragraphs('valley', 4)}${figures}${paragraphs('road', 2)}${tools}</div></div></body></html>`;
    const text = mainText(html);
    expect(text).toContain(sentence('road', 1));
    expect(text).toContain('13.4 MB');
    expect(text).not.toMatch(/\bPrint\b/);
    expect(text).not.toMatch(/\bSend\b/);
  });

  it("leaves out a lone box of prose after the body and a dropped link block (the author's bio), not a series of answers", () => {
    const links =
      '<ul><li><a href="/t">Twitter</a></li><li><a href="/f">Facebook</a></li><li><a href="/m">Mail</a></li></ul>';
    const bio =
      '<div><div><div><a href="/author/jane">Jane Doe</a></div><p>Jane has written about the valley and its roads since 2010, and her first book was about the winter pass.</p></div></div>';
    const answer = (index: number): string =>
      `<div><div><div>Question ${index} about the road?</div><div><p>${sentence('answer', index)}</p></div></div></div>`;
    const html = `<html><body><div><div><div>${paragraphs('valley', 5)}</div>${links}${bio}</div></div></body></html>`;
    expect(mainText(html)).toContain(sentence('valley', 4));
    expect(mainText(html)).not.toContain('her first book');
    const questions = `<html><body><div><div><div>${paragraphs('valley', 5)}</div>${links}${answer(1)}${answer(2)}${answer(3)}</div></div></body></html>`;
    expect(mainText(questions)).toContain(sentence('answer', 2));
  });

  it("leaves out an ad's label set as a heading, and a byline on a line of its own", () => {
    const html = `<html><body><div><div><h1>The winter road</h1><div>BY Staff Writer</div>${paragraphs('valley', 3)}<h3>Advertisement</h3>${paragraphs('road', 2)}<p>By the end of the winter the road was open again, and the valley was glad.</p></div></div></body></html>`;
    const text = mainText(html);
    expect(text).toContain(sentence('road', 1));
    expect(text).toContain('By the end of the winter');
    expect(text).not.toContain('Staff Writer');
    expect(text).not.toContain('Advertisement');
  });
  it("leaves out the author's bio after the body when a box of its markup elsewhere on the page holds a video's blurb", () => {
    const links =
      '<ul><li><a href="/t">Twitter</a></li><li><a href="/f">Facebook</a></li><li><a href="/m">Mail</a></li></ul>';
    const bio =
      '<div><div><div><a href="/author/jane">Jane Doe</a></div><p>Jane has written about the valley and its roads since 2010, and her first book was about the winter pass.</p></div></div>';
    // The blurb's box has the bio's markup, but sits in another part of the page: no series of answers.
    const blurb =
      '<div><div><div><div><div><div>Featured video</div><p>The mountain rescue team shows how the pass is cleared of snow every spring, step by step, before the first lorries of the year may pass.</p></div></div></div></div></div>';
    const html = `<html><body><div><div><div><div>${paragraphs('valley', 5)}</div>${links}${bio}</div></div>${blurb}</div></body></html>`;
    const text = mainText(html);
    expect(text).toContain(sentence('valley', 4));
    expect(text).not.toContain('her first book');
  });
  it("leaves out the author's bio boxed inside the article's own element after its paragraphs", () => {
    const bio =
      '<div><div><a href="/author/jane">Jane Doe</a></div><p>Jane has written about the valley and its roads since 2010, and her first book was about the winter pass.</p></div>';
    const html = `<html><body><div><div><div>${paragraphs('valley', 5)}${bio}</div></div></div></body></html>`;
    const text = mainText(html);
    expect(text).toContain(sentence('valley', 4));
    expect(text).not.toContain('her first book');
  });
  it("leaves out the author's bio after a list of links kept among the article's paragraphs", () => {
    const stories =
      '<ul><li><a href="/s1">The pass is open again</a></li><li><a href="/s2">A new bridge for the valley</a></li><li><a href="/s3">Snow in May</a></li></ul>';
    const bio =
      '<div><p>Jane has written about the valley and its roads since 2010, and her first book was about the winter pass.</p></div>';
    const html = `<html><body><div><div><div>${paragraphs('valley', 5)}<p>More stories:</p>${stories}</div>${bio}</div></div></body></html>`;
    const text = mainText(html);
    expect(text).toContain(sentence('valley', 4));
    expect(text).not.toContain('her first book');
  });
  it("leaves out a thread of comments after the body, each under its commenter's linked name", () => {
    const links =
      '<ul><li><a href="/t">Twitter</a></li><li><a href="/f">Facebook</a></li><li><a href="/m">Mail</a></li></ul>';
    const comment = (index: number): string =>
      `<div><div><div><a href="/user${index}">Reader ${index}</a></div><div><p>Comment ${index}: I drove that road last winter and it was worse than the report says, the lorries were stuck for days.</p></div></div></div>`;
    const html = `<html><body><div><div><div>${paragraphs('valley', 5)}</div>${links}${comment(1)}${comment(2)}${comment(3)}</div></div></body></html>`;
    const text = mainText(html);
    expect(text).toContain(sentence('valley', 4));
    expect(text).not.toContain('Comment 2:');
  });

  it('keeps a link the article introduces or names on a line of its own, not a run of related links under a label', () => {
    const petition = `<p>${sentence('valley', 5)} Please all sign this petition:</p><p><a href="https://petition.example/road">https://petition.example/save-the-winter-road</a></p>`;
    const source = `<p><a href="https://news.example/pass">The pass nobody wants to close</a></p><p>(via <a href="/v">Valley Notes</a>)</p>`;
    const related = `<p><em>These articles may interest you too:</em></p><p><a href="/r1">Ten tips for driving the pass in winter</a></p><p><a href="/r2">The best huts along the valley road</a></p>`;
    const html = `<html><body><article><div class="body">${paragraphs('valley', 4)}${petition}<p>${sentence('valley', 6)}</p>${source}<p>${sentence('valley', 7)}</p>${related}</div></article><div class="next"><a href="/prev">Previous post</a></div></body></html>`;
    const text = mainText(html);
    expect(text).toContain('https://petition.example/save-the-winter-road');
    expect(text).toContain('The pass nobody wants to close');
    expect(text).not.toContain('Ten tips for driving');
    expect(text).not.toContain('The best huts');
    expect(text).not.toContain('Previous post');
  });

  it("leaves out a picture's credit line and an ad's label ending in a colon, not a sentence about a photograph", () => {
    const credits = [
      '<p>Photograph by Jane Doe, Valley Restoration Programme</p>',
      '<p>(Credit: John Roe / Valley Press)</p>',
      '<p>Foto: dpa</p>',
      '<p>Advertisement:</p>',
    ];
    const photo =
      '<p>Photographs by the first settlers show the valley road as a mule track, and the museum keeps them.</p>';
    const html = `<html><body><article>${paragraphs('valley', 2)}${credits.join('')}${photo}${paragraphs('road', 2)}</article></body></html>`;
    const text = mainText(html);
    expect(text).toContain(sentence('road', 1));
    expect(text).toContain('Photographs by the first settlers');
    for (const line of ['Jane Doe', 'John Roe', 'Foto: dpa', 'Advertisement'])
      expect(text).not.toContain(line);
  });

  it("leaves out a post's clock time on a line of its own and its row of counters, not a timetable", () => {
    const stamp = '<p>3:59 PM</p>';
    const counters = '<p>Views: 1120 |<br>Added by: Posh<br>| Tags: valley, road<br>| Rating: 0.0/0</p>';
    const timetable = '<p>Warm up 11:00<br>Contest 12:00<br>Prizes 18:30</p>';
    const html = `<html><body><article>${stamp}${paragraphs('valley', 3)}${timetable}${paragraphs('road', 1)}${counters}</article></body></html>`;
    const text = mainText(html);
    expect(text).toContain(sentence('valley', 2));
    expect(text).toContain('Contest 12:00');
    for (const line of ['3:59 PM', 'Views: 1120', 'Added by', 'Rating']) expect(text).not.toContain(line);
  });

  it("keeps the article's paragraph after an embedded post when each paragraph has a box of the same named markup", () => {
    const box = (html: string): string => `<div class="paragraph paraTypeText"><div>${html}</div></div>`;
    const embed =
      '<div class="paragraph paraTypeEmbed"><blockquote class="social-post"><a href="https://social.example/p/1">View this post</a><p><a href="https://social.example/valley">A post shared by Valley News</a></p></blockquote></div>';
    const bio =
      '<div class="author-box"><div><p>Jane has written about the valley and its roads since 2010, and her first book was about the winter pass.</p></div></div>';
    const body = `${box(`<p>${sentence('valley', 0)}</p>`)}${box(`<p>${sentence('valley', 1)} ${sentence('valley', 5)} ${sentence('valley', 6)}</p><p>${sentence('valley', 2)} ${sentence('valley', 3)}</p>`)}${embed}${box(`<p>${sentence('valley', 4)}</p>`)}`;
    const html = `<html><body><article><h1>The winter road</h1><div class="content">${body}<div class="share"><a href="/s">Share</a> <a href="/t">Tweet</a></div>${bio}</div></article></body></html>`;
    const text = mainText(html);
    expect(text).toContain(sentence('valley', 4));
    expect(text).not.toContain('her first book');
  });

  it("opens with the subtitle under the headline when the article's head and body each sit in a box named like boilerplate", () => {
    const head =
      '<section class="o-section o-section--has-ads"><header class="article-head"><h4><a href="/news">News</a></h4><h1 class="article-head__title">The winter road opens</h1><h2 class="article-head__subtitle">The valley celebrates its new road with a festival on the lake</h2></header></section>';
    const body = `<section class="o-section o-section--has-ads"><div class="article-body"><aside><p>3rd August 2017</p></aside><div class="article-copy">${paragraphs('valley', 4)}</div></div></section>`;
    const html = `<html><body>${head}${body}</body></html>`;
    const text = mainText(html);
    expect(text).toContain('The valley celebrates its new road');
    expect(text.indexOf('The valley celebrates')).toBeLessThan(text.indexOf(sentence('valley', 0)));
  });

  it('keeps every piece of an article a page builder sets in boxes named "widget", the short ones too', () => {
    const widget = (id: string, html: string): string =>
      `<div class="elementor-element elementor-element-${id} elementor-widget elementor-widget-text-editor"><div class="elementor-widget-container">${html}</div></div>`;
    const pieces = [
      widget('4bd06ab8', `<p>${sentence('valley', 0)} ${sentence('valley', 1)} ${sentence('valley', 2)}</p>`),
      widget('62c24a52', '<p>Silver flash for the winter!</p><p>Boots: Valley Shoes</p>'),
      widget('7726e4a2', `<p>Coat: Pass Outfitters</p><p>${sentence('valley', 3)}</p>`),
    ];
    const sidebar =
      '<div class="widget widget_links"><h3>Friends</h3><ul><li><a href="/a">The pass blog</a></li><li><a href="/b">Hut notes</a></li></ul></div>';
    const html = `<html><body><div class="main"><h1>The winter road</h1>${pieces.join('')}</div>${sidebar}</body></html>`;
    const text = mainText(html);
    expect(text).toContain('Boots: Valley Shoes');
    expect(text).toContain('Coat: Pass Outfitters');
    expect(text).not.toContain('Hut notes');
  });
});
