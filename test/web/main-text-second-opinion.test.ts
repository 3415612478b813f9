// The main text's second opinion: where our own choice of the article's element comes back empty or
// small, readability's way of scoring (from the paragraphs up) is asked, and the better text kept.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readHtml } from '../../src/web/read-html.ts';

const corpora = resolve(dirname(fileURLToPath(import.meta.url)), '../../../shared/corpora');

function mainText(html: string): string {
  return readHtml(html, { url: 'https://example.com/post', partSize: 1_000_000 }).parts.join('\n\n');
}

const sentence = (topic: string, index: number): string =>
  `The ${topic} study, number ${index}, followed several hundred households over a decade, and its authors describe, in plain terms, what changed for them.`;

function articleIn(wrapperClass: string, paragraphs = 6): string {
  const body = Array.from({ length: paragraphs }, (_, index) => `<p>${sentence('housing', index)}</p>`).join(
    '',
  );
  return `<div class="${wrapperClass}">${body}</div>`;
}

const sidebar = `<div class="sidebar"><ul>${Array.from(
  { length: 8 },
  (_, index) => `<li><a href="/other-${index}">Another story worth reading, number ${index}</a></li>`,
).join('')}</ul></div>`;

describe('readHtml main text: the second opinion', () => {
  it('finds an article whose wrapper is named like boilerplate ("entry-content no-share")', () => {
    const html = `<html><body><h1>Title</h1>${articleIn('entry-content no-share')}${sidebar}${sidebar}<footer><p>${sentence('footer', 1)}</p></footer></body></html>`;
    const text = mainText(html);
    for (let index = 0; index < 6; index++) expect(text).toContain(sentence('housing', index));
    expect(text).not.toContain('Another story worth reading');
  });

  it('keeps our own choice when it holds the article, and leaves the comment thread out', () => {
    const comments = `<div class="comments">${Array.from(
      { length: 12 },
      (_, index) => `<div class="comment"><p>${sentence('reader comment', index)}</p></div>`,
    ).join('')}</div>`;
    const html = `<html><body><article>${articleIn('post-body', 4)}</article>${comments}${sidebar}</body></html>`;
    const text = mainText(html);
    expect(text).toContain(sentence('housing', 3));
    expect(text).not.toContain('reader comment');
  });

  it('recovers a real page whose own choice was empty (a police blotter in "entry-content no-share")', () => {
    const html = readFileSync(join(corpora, 'htmldate/pages/heartlandnewsfeed.com-Christian.html'), 'utf8');
    const text = mainText(html);
    expect(text).toContain('The following are arrest and accident reports');
    expect(text).toContain('October 25: ARRESTS');
    expect(text).not.toContain('This website uses cookies');
  });
});
