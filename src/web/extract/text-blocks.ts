// Step 1 of finding a page's main text (main-text.ts): one walk over the tree turns it into text blocks
// (paragraphs, headings, list items, table rows, code, quotations), in reading order, each remembering
// the element it lives in, how much of it is link text, and which elements around it are named or
// marked like boilerplate (boilerplate-names.ts). Hidden elements, scripts, forms' controls and media
// give no text; a MathML formula gives its TeX or its symbols; a gallery's slides their paragraphs.
import { boilerplateMark } from './boilerplate-names.ts';
import { INVISIBLE_MARKS, isElement, textOf, type AnyNode, type Element } from './dom.ts';

export type BlockKind = 'heading' | 'paragraph' | 'item' | 'code' | 'quote' | 'row';

export interface TextBlock {
  kind: BlockKind;
  /** Heading level (1–6) for headings. */
  level: number;
  /** List marker for items (`-` or `3.`). */
  marker: string;
  text: string;
  /** The element the text lives in. */
  owner: Element;
  /** Letters and digits in the block, and how many of them are inside links. */
  chars: number;
  linkChars: number;
  /** The elements around the block that are named or marked like boilerplate, outermost first. */
  marked: readonly Element[];
}

/** Never text a reader wants: scripts, styles, forms' controls, embedded media. */
const SKIPPED_TAGS = new Set([
  'script', 'style', 'noscript', 'template', 'svg', 'canvas', 'iframe', 'object', 'embed', 'video',
  'audio', 'picture', 'img', 'button', 'input', 'select', 'option', 'textarea', 'head', 'link', 'meta',
  'map', 'dialog', 'title', 'label', 'address',
]); // prettier-ignore

/** Elements that start a new block of text. */
const BLOCK_TAGS = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'center', 'dd', 'details', 'dialog', 'div', 'dl', 'dt',
  'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup',
  'hr', 'html', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'summary', 'table', 'tbody', 'td', 'tfoot',
  'th', 'thead', 'tr', 'ul', 'caption', 'menu', 'frameset', 'frame', 'noframes', 'legend', 'option',
]); // prettier-ignore

/** Page-level and text-level elements: their names describe the page or an anchor, not a region. */
const UNMARKED_TAGS = new Set(['html', 'body', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

const HIDDEN_STYLE = /(?:display\s*:\s*none|visibility\s*:\s*hidden)/i;

function headingLevel(name: string | undefined): number {
  if (!name) return 0;
  return name.length === 2 && name[0] === 'h' && name[1]! >= '1' && name[1]! <= '6' ? Number(name[1]) : 0;
}

export function isHidden(element: Element): boolean {
  const attributes = element.attribs;
  if ('hidden' in attributes) return true;
  if (attributes['aria-hidden'] === 'true' && !hasBlockChild(element)) return true;
  const style = attributes.style;
  return style !== undefined && HIDDEN_STYLE.test(style);
}

function hasBlockChild(element: Element): boolean {
  for (const child of element.children) if (isElement(child) && BLOCK_TAGS.has(child.name)) return true;
  return false;
}

function countChars(text: string): number {
  let count = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    // Everything but white space and the most common punctuation counts as a letter here.
    if (code > 32 && code !== 160 && code !== 124) count++;
  }
  return count;
}

const NONE: readonly Element[] = [];

/** Turns the tree into text blocks, in reading order. */
export function collectBlocks(root: AnyNode): TextBlock[] {
  const blocks: TextBlock[] = [];
  let pieces: string[] = [];
  let chars = 0;
  let linkChars = 0;
  let linkDepth = 0;
  let preDepth = 0;
  let quoteDepth = 0;
  let figureDepth = 0;
  let slideDepth = 0;
  let pendingItem: { marker: string } | undefined;
  const boilerplateStack: Element[] = [];

  const flush = (owner: Element): void => {
    if (chars === 0) {
      pieces = [];
      return;
    }
    const raw = pieces.join('').replace(INVISIBLE_MARKS, '');
    const text =
      preDepth > 0
        ? raw.replace(/^\n+|\s+$/g, '')
        : raw
            .replace(/[ \t\r\f\v\u00a0\u200b]*\n[ \t\r\f\v\u00a0\u200b\n]*/g, '\n')
            .replace(/[ \t\r\f\v\u00a0\u200b]+/g, ' ')
            .trim();
    const level = headingLevel(owner.name);
    let kind: BlockKind = 'paragraph';
    let marker = '';
    if (level > 0) kind = 'heading';
    else if (preDepth > 0) kind = 'code';
    else if (owner.name === 'tr') kind = 'row';
    else if (pendingItem) {
      kind = 'item';
      marker = pendingItem.marker;
    } else if (quoteDepth > 0) kind = 'quote';
    pendingItem = undefined;
    // Inside a figure only tables, quotes and code are text; the rest is captions and credits.
    if (figureDepth > 0 && slideDepth === 0 && kind !== 'row' && kind !== 'quote' && kind !== 'code') {
      pieces = [];
      chars = 0;
      linkChars = 0;
      return;
    }
    if (text) {
      blocks.push({
        kind,
        level,
        marker,
        text,
        owner,
        chars,
        linkChars,
        marked: boilerplateStack.length > 0 ? boilerplateStack.slice() : NONE,
      });
    }
    pieces = [];
    chars = 0;
    linkChars = 0;
  };

  const append = (text: string): void => {
    pieces.push(text);
    const count = countChars(text);
    chars += count;
    if (linkDepth > 0) linkChars += count;
  };

  const simpleRow = (row: Element): boolean => {
    for (const cell of row.children) {
      if (!isElement(cell)) continue;
      if (cell.name !== 'td' && cell.name !== 'th') return false;
      if (containsBlock(cell)) return false;
    }
    return true;
  };

  const walk = (node: Element, owner: Element): void => {
    let itemNumber = 0;
    for (const child of node.children) {
      if (child.type === 'text') {
        append(child.data);
        continue;
      }
      if (!isElement(child)) continue;
      const name = child.name;
      if (SKIPPED_TAGS.has(name) || isHidden(child)) continue;
      // A caption is a credit or a line about a picture; a gallery's slide text is its own paragraphs.
      const slideText = name === 'figcaption' && isSlideText(child);
      if (name === 'figcaption' && !slideText) continue;
      if (name === 'br') {
        append('\n');
        continue;
      }
      if (name === 'math') {
        // A formula is part of its sentence ("there are two solutions to … and they are …").
        append(` ${formulaText(child)} `);
        continue;
      }
      // Custom elements (`amp-web-push-widget`, `a-collapse`) are laid out as blocks.
      if (!BLOCK_TAGS.has(name) && !name.includes('-')) {
        const link = name === 'a' && !isNamedAnchor(child);
        if (link) linkDepth++;
        walk(child, owner);
        if (link) linkDepth--;
        continue;
      }
      flush(owner);
      // A slide's text is named a caption by what it sits under, not by what it says.
      const mark = !UNMARKED_TAGS.has(name) && !slideText && boilerplateMark(child);
      if (mark) boilerplateStack.push(child);
      if (name === 'pre') preDepth++;
      if (name === 'blockquote') quoteDepth++;
      if (name === 'figure') figureDepth++;
      if (slideText) slideDepth++;
      if (name === 'li') {
        itemNumber++;
        pendingItem = { marker: node.name === 'ol' ? `${itemNumber}.` : '-' };
      }
      if (name === 'tr' && simpleRow(child)) {
        let first = true;
        for (const cell of child.children) {
          if (!isElement(cell) || isHidden(cell)) continue;
          if (!first) append(' | ');
          first = false;
          walk(cell, child);
        }
      } else {
        walk(child, child);
      }
      flush(child);
      if (name === 'li') pendingItem = undefined;
      if (name === 'pre') preDepth--;
      if (name === 'blockquote') quoteDepth--;
      if (name === 'figure') figureDepth--;
      if (slideText) slideDepth--;
      if (mark) boilerplateStack.pop();
    }
  };

  const start = findBody(root);
  if (start) {
    walk(start, start);
    flush(start);
  }
  return blocks;
}

/**
 * A MathML formula as text: its `alttext` or TeX annotation when the page gives one (`x^2 + 1`), else
 * its symbols one after another, set apart by spaces (`x 2 + 1`), which still carries its terms.
 */
function formulaText(math: Element): string {
  const alternative = math.attribs.alttext?.trim();
  if (alternative) return alternative;
  const tokens: string[] = [];
  let tex: string | undefined;
  const visit = (node: AnyNode): void => {
    if (tex !== undefined) return;
    if (node.type === 'text') {
      const token = node.data.trim();
      if (token) tokens.push(token);
    } else if (isElement(node)) {
      if (node.name === 'annotation' || node.name === 'annotation-xml') {
        if (/tex/i.test(node.attribs.encoding ?? '')) tex = textOf(node);
        return;
      }
      for (const child of node.children) visit(child);
    }
  };
  visit(math);
  return tex ?? tokens.join(' ');
}

/** A gallery slide's text: this many paragraphs at least, adding up to this many letters. */
const SLIDE_PARAGRAPHS = 2;
const SLIDE_LETTERS = 150;

/** A caption written as paragraphs of text (a gallery's slides), not a line and a credit. */
function isSlideText(caption: Element): boolean {
  let paragraphs = 0;
  for (const child of caption.children) if (isElement(child) && child.name === 'p') paragraphs++;
  if (paragraphs < SLIDE_PARAGRAPHS) return false;
  return countChars(textOf(caption)) >= SLIDE_LETTERS;
}

/**
 * An anchor with a name or id and nothing else (`<a name="top">`, often never closed, so it holds the
 * rest of the page or of its section): a place in the page, not a link, so its text is not link text.
 * An anchor without an address but with other attributes is a script's link (`<a data-hook>`).
 */
function isNamedAnchor(anchor: Element): boolean {
  const names = Object.keys(anchor.attribs);
  return names.length > 0 && names.every((name) => name === 'name' || name === 'id');
}

export function containsBlock(element: Element): boolean {
  for (const child of element.children) {
    if (!isElement(child)) continue;
    if (BLOCK_TAGS.has(child.name)) return true;
    if (containsBlock(child)) return true;
  }
  return false;
}

function findBody(root: AnyNode): Element | undefined {
  let html: Element | undefined;
  if (!('children' in root)) return undefined;
  for (const child of root.children) {
    if (isElement(child) && child.name === 'html') html = child;
  }
  if (html) {
    for (const child of html.children) if (isElement(child) && child.name === 'body') return child;
    return html;
  }
  // A fragment without <html>: walk a made-up root holding it.
  return root as unknown as Element;
}
