// Engines hand back titles and snippets as HTML fragments (`<b>`, `<span class="searchmatch">`,
// `&amp;`, `&#x27;`); agents get plain text.
import { decodeHTML } from 'entities';

/** Elements whose content is never text a reader sees. */
const HIDDEN_ELEMENTS = /<(script|style|template|noscript)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const COMMENTS = /<!--[\s\S]*?-->/g;
/** A tag: `<` directly followed by a letter or `/letter`, so "a < b" and "<3" stay text. */
const TAGS = /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>/gi;
/** Tags that end a line of text: keep a space where they were so words do not run together. */
const BLOCK_TAGS = /<\/?(?:p|div|br|li|ul|ol|h[1-6]|tr|td|th|table|section|article|blockquote)\b[^<>]*>/gi;

/**
 * An HTML fragment (or text with entities) as plain text: comments, scripts and tags removed,
 * entities decoded, zero-width marks dropped, white space collapsed to single spaces.
 * Anything that is not a string gives `''`, so a missing snippet is `''`, never `undefined`.
 */
export function plainText(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const withoutMarkup = value
    .replace(COMMENTS, '')
    .replace(HIDDEN_ELEMENTS, '')
    .replace(BLOCK_TAGS, ' ')
    .replace(TAGS, '');
  return decodeHTML(withoutMarkup)
    .replace(/[\u200b-\u200d\u2060\ufeff]/g, '') // zero-width marks: nothing to see, nothing to keep
    .replace(/\s+/g, ' ') // \s includes the non-breaking space engines put before their ellipses
    .trim();
}
