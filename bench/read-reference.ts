// What the reading benchmarks compare with and count by: @mozilla/readability with jsdom on the same
// page, and the length under which a read counts as nearly empty. Shared by bench/read.ts and
// bench/read-unseen.ts.
import { Readability } from '@mozilla/readability';
import { JSDOM, VirtualConsole } from 'jsdom';

/** Under this many characters of main text where the page has an article, a read counts as nearly empty. */
export const NEARLY_EMPTY = 200;

const quietConsole = new VirtualConsole();

/** Readability's article text, title and published time for a page. */
export function readabilityRead(
  html: string,
  url: string,
): { text: string; title: string; publishedTime?: string | null } {
  const dom = new JSDOM(html, { url, virtualConsole: quietConsole });
  try {
    const article = new Readability(dom.window.document).parse();
    return {
      text: article?.textContent ?? '',
      title: article?.title ?? '',
      publishedTime: article?.publishedTime,
    };
  } finally {
    dom.window.close();
  }
}
