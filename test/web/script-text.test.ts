// Pages whose article is only in their data: readHtml reads JSON-LD `articleBody`, or the prose of the
// app's inline state, when the markup's main text is nearly empty; a page with text of its own keeps it.
import { describe, expect, it } from 'vitest';
import { readHtml } from '../../src/web/read-html.ts';

const sentences = [
  'The council voted on Tuesday to close the old bridge for repairs, after engineers found cracks in two of its supporting piers during the spring inspection.',
  'Drivers will be sent through the northern ring road for at least eight months, and the ferry will run every twenty minutes instead of every hour.',
  'Shop owners near the bridge said they feared losing customers, and the council promised a fund to help them through the works until next summer.',
];

const shell = (head: string, body: string) =>
  `<html lang="en"><head><title>Bridge closed</title>${head}</head><body><div id="app"></div>${body}</body></html>`;

describe('text kept in scripts', () => {
  it('reads JSON-LD articleBody when the markup holds no article', () => {
    const jsonLd = JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: 'Bridge closed',
      articleBody: sentences.join('\n\n'),
    });
    const read = readHtml(shell(`<script type="application/ld+json">${jsonLd}</script>`, ''), {
      url: 'https://example.com/bridge',
    });
    expect(read.text.split('\n\n')).toEqual(sentences);
  });

  it("reads the prose strings of the app's inline state, in order, and leaves code, labels and addresses out", () => {
    const state = {
      page: { label: 'Read more about the city', url: 'https://example.com/city' },
      body: sentences.map((text) => ({ type: 'p', children: [{ type: 'text', data: text }] })),
      repeated: sentences[0],
      script: 'function track() { window.dataLayer.push({ event: "view", page: "bridge", ok: true }); }',
    };
    const read = readHtml(shell('', `<script>window.__STATE__ = ${JSON.stringify(state)};</script>`), {
      url: 'https://example.com/bridge',
    });
    expect(read.text.split('\n\n')).toEqual(sentences);
  });

  it("reads a rich-text tree in the app's state block by block, so a link inside a paragraph keeps its words", () => {
    // Each sentence cut into text nodes around a link, as a content store keeps a paragraph.
    const asTree = (text: string, type: string) => {
      const words = text.split(' ');
      return {
        [type === 'block' ? '_type' : 'type']: type,
        children: [
          { type: 'text', data: `${words.slice(0, 3).join(' ')} ` },
          {
            type: 'a',
            attribs: { href: 'https://example.com/x' },
            children: [{ type: 'text', data: words.slice(3, 6).join(' ') }],
          },
          { type: 'text', data: ` ${words.slice(6).join(' ')}` },
        ],
      };
    };
    for (const type of ['p', 'paragraph', 'block']) {
      const state = {
        page: { label: 'Read more about the city' },
        article: { body: { type: 'json', json: sentences.map((text) => asTree(text, type)) } },
      };
      const read = readHtml(shell('', `<script>window.__APOLLO_STATE__=${JSON.stringify(state)};</script>`), {
        url: 'https://example.com/bridge',
      });
      expect(read.text.split('\n\n')).toEqual(sentences);
    }
  });

  it('keeps the words of blocks nested in a block apart: a list item of two paragraphs reads as one text', () => {
    const [first, second, third] = sentences.map((text) => ({
      nodeType: 'paragraph',
      content: [{ nodeType: 'text', value: text }],
    }));
    const state = {
      body: { nodeType: 'document', content: [first, { nodeType: 'list-item', content: [second, third] }] },
    };
    const read = readHtml(shell('', `<script>window.__STATE__=${JSON.stringify(state)};</script>`), {
      url: 'https://example.com/bridge',
    });
    expect(read.text.split('\n\n')).toEqual([sentences[0], `${sentences[1]} ${sentences[2]}`]);
  });

  it('keeps the markup’s own text when it has some, and reads no script of a page that has an article', () => {
    const article = `<article>${sentences.map((text) => `<p>${text}</p>`).join('')}</article>`;
    const other =
      'A different story about the harbour, long enough to count as prose in any state at all, with its own words and sentences.';
    const read = readHtml(
      shell(
        '',
        `${article}<script>window.__STATE__ = ${JSON.stringify({ other: [other, other, other, other] })};</script>`,
      ),
      { url: 'https://example.com/bridge' },
    );
    expect(read.text).toContain(sentences[1]);
    expect(read.text).not.toContain('harbour');
  });

  it('reads nothing from scripts that hold too little prose to be an article', () => {
    const read = readHtml(
      shell('', `<script>window.__STATE__ = ${JSON.stringify({ teaser: sentences[0] })};</script>`),
      { url: 'https://example.com/bridge' },
    );
    expect(read.text).not.toContain('council');
    expect(read.note).toMatch(/no readable main text/);
  });
});
