// Main text on kinds of pages the corpora hold few of, each rule judged on its own made-up page: lists of
// points with a linked point among them, breadcrumbs, short posts whose paragraphs sit beside the longest
// one, articles opened in a layer over a stream of teasers. Made-up pages.
import { describe, expect, it } from 'vitest';
import { readHtml } from '../../src/web/read-html.ts';

function mainText(html: string): string {
  return readHtml(html, { url: 'https://example.com/post', partSize: 1_000_000 }).parts.join('\n\n');
}

const sentence = (topic: string, index: number): string =>
  `The ${topic} report, part ${index}, follows the families of the valley through a long winter, and says, plainly, what the new road changed for them.`;

const paragraphs = (topic: string, count: number): string =>
  Array.from({ length: count }, (_, index) => `<p>${sentence(topic, index)}</p>`).join('');

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
});
