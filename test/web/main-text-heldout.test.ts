// The held-out main-text snippets (`bench/main-text-heldout.json`) stay valid: every snippet is text a
// reader sees on its page, no page is one of trafilatura's (whose own snippets the rules were tuned
// on), and each page has snippets from several places of its article and of its boilerplate. Only the
// pages' markup is read here, never the extraction.
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodePage } from '../../bench/read-decode.ts';
import { normalise, spacedText } from '../../bench/read-questions.ts';

const corpora = fileURLToPath(new URL('../../../shared/corpora/', import.meta.url));
const gold = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../bench/main-text-heldout.json', import.meta.url)), 'utf8'),
) as Record<string, { with: string[]; without: string[] }>;

describe('the held-out main-text snippets', () => {
  it('has at least 40 pages of htmldate’s, none also one of trafilatura’s', () => {
    const pages = Object.keys(gold);
    expect(pages.length).toBeGreaterThanOrEqual(40);
    expect(pages.filter((page) => !page.startsWith('htmldate/pages/'))).toEqual([]);
    expect(pages.filter((page) => existsSync(join(corpora, 'trafilatura/pages', basename(page))))).toEqual(
      [],
    );
  });

  it('has three or more article snippets and two or more boilerplate snippets a page', () => {
    const short = Object.entries(gold)
      .filter(([, expected]) => expected.with.length < 3 || expected.without.length < 2)
      .map(([page]) => page);
    expect(short).toEqual([]);
  });

  it('takes every snippet from the text a reader sees on the page', () => {
    const missing = Object.entries(gold).flatMap(([page, expected]) => {
      const visible = spacedText(decodePage(readFileSync(join(corpora, page))));
      return [...expected.with, ...expected.without]
        .filter((snippet) => !visible.includes(normalise(snippet)))
        .map((snippet) => `${page}: "${snippet}"`);
    });
    expect(missing).toEqual([]);
  });
});
