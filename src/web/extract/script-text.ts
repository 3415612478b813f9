// A third opinion for pages whose text is only in scripts: sites built by JavaScript often ship the
// article twice, as markup the browser builds and as data (JSON-LD `articleBody`, or the app's state in
// an inline script). When the main text comes back nearly empty, the prose in that data is the article.
import { load } from 'cheerio/slim';
import type { AnyNode, Element } from 'domhandler';
import { INVISIBLE_MARKS } from './dom.ts';
import { blocksToParagraphs } from './main-text.ts';
import { collectBlocks } from './text-blocks.ts';

/** Under this many characters the main text is nearly empty, and the scripts are read. */
export const NEARLY_EMPTY_TEXT = 200;
/** A string of the app's state shorter than this is a label, a name or a caption, not a paragraph. */
const SHORTEST_PARAGRAPH = 80;
/** The script prose must add up to this much to be taken: a few stray strings are no article. */
const LEAST_SCRIPT_TEXT = 2 * NEARLY_EMPTY_TEXT;
/** A JSON string literal, escapes included. */
const JSON_STRING = /"((?:[^"\\\n]|\\.){80,})"/g;

function scripts(root: AnyNode): string[] {
  const found: string[] = [];
  const visit = (node: AnyNode): void => {
    if (!('children' in node)) return;
    for (const child of node.children) {
      if (child.type === 'script' || (child as Element).name === 'script') {
        const element = child as Element;
        if (element.attribs?.src) continue;
        let text = '';
        for (const inner of element.children) if (inner.type === 'text') text += inner.data;
        found.push(text);
      } else visit(child);
    }
  };
  visit(root);
  return found;
}

/** Prose, not code, markup or an address: mostly letters and spaces, several words, no markup. */
function isProse(text: string): boolean {
  if (text.length < SHORTEST_PARAGRAPH || /[<>{}]|https?:\/\//.test(text)) return false;
  const words = text.split(/\s+/).length;
  const letters = (text.match(/[\p{L}\s]/gu) ?? []).length;
  return words >= 12 && letters / text.length > 0.85 && /[.!?…»"”]\s*$/.test(text);
}

/** Markup inside `articleBody` (`<p>`, or escaped as `&lt;p&gt;`): then it is read as markup. */
const MARKUP = /<\/?[a-z][^>]*>|&lt;\/?[a-z]/i;
/** The publisher's `articleBody` replaces the main text when it holds more than this many times its letters. */
const ARTICLE_BODY_RATIO = 2;

/** The plain-text `articleBody` of the page's JSON-LD, in paragraphs; empty when there is none. */
export function articleBodyParagraphs(jsonLd: readonly Record<string, unknown>[]): string[] {
  const body = jsonLd
    .map((record) => record.articleBody)
    .find((value): value is string => typeof value === 'string' && value.trim().length >= LEAST_SCRIPT_TEXT);
  if (!body) return [];
  if (MARKUP.test(body)) return markupParagraphs(body);
  return body
    .split(/\n\s*\n|\r\n\s*\r\n/)
    .map(cleanText)
    .filter(Boolean);
}

/** An `articleBody` written as markup (some publishers escape it too: `&lt;p&gt;`), read as text blocks. */
function markupParagraphs(body: string): string[] {
  const markup = ESCAPED_MARKUP.test(body) ? load(`<div>${body}</div>`).root().text() : body;
  const paragraphs = blocksToParagraphs(collectBlocks(load(`<div>${markup}</div>`).root()[0]!));
  return paragraphs.join('').length >= LEAST_SCRIPT_TEXT ? paragraphs : [];
}
const ESCAPED_MARKUP = /&lt;\/?[a-z]/i;

/**
 * Whether the publisher's own `articleBody` should stand for the main text found in the markup: the
 * page shows a teaser, a caption or the author's box where its data holds the whole article (paywalls,
 * pages built by JavaScript). Only when it is much longer: a body cut short or a summary never wins.
 */
export function preferArticleBody(paragraphs: readonly string[], body: readonly string[]): boolean {
  const length = (list: readonly string[]): number => list.reduce((sum, text) => sum + text.length, 0);
  return body.length > 0 && length(body) > ARTICLE_BODY_RATIO * length(paragraphs);
}

/**
 * The `articleBody` with the prose paragraphs of the markup's text that it leaves out put before it:
 * publishers often keep the lead paragraph apart from the body they describe. Headings, list items and
 * short lines of the markup's text are not carried over.
 */
export function withArticleBody(paragraphs: readonly string[], body: readonly string[]): string[] {
  const joined = body.join(' ');
  const lead = paragraphs.filter(
    (paragraph) =>
      paragraph.length >= SHORTEST_PARAGRAPH &&
      !/^(?:#|- |\d+\. |> |```)/.test(paragraph) &&
      !joined.includes(paragraph),
  );
  return [...lead, ...body];
}

/**
 * The block types of a rich-text tree in an app's state: a paragraph, a heading, a list item, a
 * quotation, as the markup names them (`p`, `h2`) or as content stores do (`paragraph`, `heading-2`,
 * `list-item`, a Portable Text `block`).
 */
const TREE_BLOCK = /^(?:p|paragraph|h[1-6]|heading(?:-[1-6])?|blockquote|quote|li|list-?item|block)$/i;
/** Where a tree's node names its type, holds its children, and holds a text node's text. */
const TYPE_FIELDS = ['type', 'nodeType', '_type', 'tagName', 'tag'];
const CHILD_FIELDS = ['children', 'content', 'nodes'];
const TEXT_FIELDS = ['data', 'text', 'value'];
/** A tree deeper than this is no rich text: the walk stops there. */
const DEEPEST_TREE = 64;

/** The JSON an inline script assigns (`window.__STATE__ = {…};`), if it parses. */
function scriptState(script: string): unknown {
  const start = script.search(/[{[]/);
  const end = Math.max(script.lastIndexOf('}'), script.lastIndexOf(']'));
  if (start < 0 || end <= start) return undefined;
  try {
    return JSON.parse(script.slice(start, end + 1));
  } catch {
    return undefined;
  }
}

function fieldOf<T>(
  record: Record<string, unknown>,
  fields: readonly string[],
  test: (value: unknown) => value is T,
): T | undefined {
  for (const field of fields) if (test(record[field])) return record[field] as T;
  return undefined;
}
const isString = (value: unknown): value is string => typeof value === 'string';

/** A node's children when it is a block of rich text (a paragraph, a heading, a list item…). */
function blockChildren(record: Record<string, unknown>): unknown[] | undefined {
  const type = fieldOf(record, TYPE_FIELDS, isString);
  return type && TREE_BLOCK.test(type) ? fieldOf(record, CHILD_FIELDS, Array.isArray) : undefined;
}

/**
 * A rich-text node's text: its text nodes' text, links' and emphasis' included, in order; a block
 * inside it (a list item's paragraphs) set apart by a space.
 */
function treeText(node: unknown, depth: number): string {
  if (typeof node !== 'object' || node === null || depth > DEEPEST_TREE) return '';
  if (Array.isArray(node)) return node.map((child) => treeText(child, depth + 1)).join('');
  const record = node as Record<string, unknown>;
  const children = fieldOf(record, CHILD_FIELDS, Array.isArray);
  if (!children) return fieldOf(record, TEXT_FIELDS, isString) ?? '';
  const text = treeText(children, depth + 1);
  return blockChildren(record) ? ` ${text} ` : text;
}

/**
 * The paragraphs of the rich-text trees in an app's state, in order: each block's text whole, where the
 * state's strings cut it at every link ("Tsai Ing-wen's ", a link's "spectacular re-election", " was
 * no easy feat…").
 */
function treeParagraphs(node: unknown, found: string[], depth = 0): void {
  if (typeof node !== 'object' || node === null || depth > DEEPEST_TREE) return;
  if (Array.isArray(node)) {
    for (const item of node) treeParagraphs(item, found, depth + 1);
    return;
  }
  const record = node as Record<string, unknown>;
  const children = blockChildren(record);
  if (children) {
    found.push(treeText(children, depth + 1));
    return;
  }
  for (const value of Object.values(record)) treeParagraphs(value, found, depth + 1);
}

/** A script string's text as read: invisible marks out, white space collapsed. */
function cleanText(text: string): string {
  return text.replace(INVISIBLE_MARKS, '').replace(/\s+/g, ' ').trim();
}

/**
 * The article's paragraphs as the page's scripts hold them: JSON-LD `articleBody` first, else the
 * prose of inline state, in order, each once: a rich-text tree's blocks where the state holds one,
 * else its prose strings. Empty when they add up to too little.
 */
export function scriptParagraphs(root: AnyNode, jsonLd: readonly Record<string, unknown>[]): string[] {
  const body = articleBodyParagraphs(jsonLd);
  if (body.length > 0) return body;
  const seen = new Set<string>();
  const paragraphs: string[] = [];
  const add = (text: string): void => {
    if (!isProse(text) || seen.has(text)) return;
    seen.add(text);
    paragraphs.push(text);
  };
  for (const script of scripts(root)) {
    if (/^\s*\{\s*"@context"/.test(script)) continue; // JSON-LD was read above
    // Only a state that names children can hold a tree: the others are not parsed.
    if (CHILD_FIELDS.some((field) => script.includes(`"${field}"`))) {
      const blocks: string[] = [];
      treeParagraphs(scriptState(script), blocks);
      const prose = blocks.map(cleanText).filter(isProse);
      if (prose.reduce((sum, text) => sum + text.length, 0) >= LEAST_SCRIPT_TEXT) {
        for (const text of prose) add(text);
        continue;
      }
    }
    for (const match of script.matchAll(JSON_STRING)) {
      let text: string;
      try {
        text = cleanText(JSON.parse(`"${match[1]}"`) as string);
      } catch {
        continue;
      }
      add(text);
    }
  }
  return paragraphs.reduce((sum, paragraph) => sum + paragraph.length, 0) >= LEAST_SCRIPT_TEXT
    ? paragraphs
    : [];
}
