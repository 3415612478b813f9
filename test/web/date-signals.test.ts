// Publication dates from the page's other marks: meta names other systems use, `<time>` elements that
// write their day out, elements named as the date, and numeric days read in the page's language.
import { describe, expect, it } from 'vitest';
import { readHtml } from '../../src/web/read-html.ts';

const now = Date.parse('2026-12-01T00:00:00Z');
const text = `<p>${'The council met on a quiet evening and talked for hours about the new bridge and the school. '.repeat(4)}</p>`;

function dateOf(head: string, body: string, language?: string): string | undefined {
  const html = language ? `<html lang="${language}">` : '<html>';
  return readHtml(`${html}<head>${head}</head><body>${body}</body></html>`, {
    url: 'https://example.com/news/bridge',
    now,
  }).publishedDate;
}

describe('publishedDate from other marks', () => {
  it('reads the publication meta names of other publishing systems', () => {
    expect(dateOf('<meta property="og:article:published_time" content="2023-11-05T08:00:00Z">', text)).toBe(
      '2023-11-05T08:00:00Z',
    );
    expect(dateOf('<meta name="DC.date.publication" content="2023-11-05">', text)).toBe('2023-11-05');
    expect(dateOf('<meta name="ptime" content="2023-11-05">', text)).toBe('2023-11-05');
    // When the page was generated says nothing about when it was published.
    expect(dateOf('<meta name="gentime" content="2023-11-05">', text)).toBeUndefined();
  });
});
