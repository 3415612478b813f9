// A second, independent way of finding a page's main text, to check the first one against (as trafilatura
// checks its own extraction against readability's and keeps the better). This one scores the way
// readability.js does, from the paragraphs up instead of from the page down: each paragraph gives points
// to its parent and, halved, to its grandparent (more for length and commas, the marks of prose); names
// tilt an element's score a little instead of ruling it out; link text scales the score down. The best
// element holds the article, and its siblings that score close to it (or are prose paragraphs) join it.
// Our own method decides by maximum-weight subtrees and hard boilerplate marks, so where one is fooled
// (a content wrapper named `no-share`, an article split into sibling sections) the other usually is not.
import type { AnyNode, Element } from './dom.ts';

/** What the scoring needs to know about one text block. */
export interface ScoredBlock {
  kind: string;
  text: string;
  owner: Element;
  chars: number;
  linkChars: number;
}

/** A paragraph shorter than this (letters) gives no points: readability's own floor. */
const SHORTEST_PARAGRAPH = 25;
/** Points per hundred letters, and the most a paragraph's length can give (readability's values). */
const LETTERS_PER_POINT = 100;
const MOST_LENGTH_POINTS = 3;
/** How far up a paragraph's points go: parent in full, grandparent half, then a third of the level. */
const ANCESTOR_LEVELS = 5;
/** How much an element's name (content-like or boilerplate-like) tilts its score. */
const NAME_WEIGHT = 25;
/** A sibling joins the article when it scores this share of the best element (and at least the floor). */
const SIBLING_SHARE = 0.2;
const SIBLING_FLOOR = 10;
/** A sibling paragraph of this many letters with little link text is prose that belongs to the article. */
const SIBLING_PROSE = 80;
const SIBLING_LINK_DENSITY = 0.25;

/** Points by tag, as readability starts its candidates: containers of prose up, lists and headings down. */
function tagPoints(name: string): number {
  switch (name) {
    case 'div':
    case 'article':
    case 'main':
    case 'section':
      return 5;
    case 'pre':
    case 'td':
    case 'blockquote':
      return 3;
    case 'address':
    case 'ol':
    case 'ul':
    case 'dl':
    case 'dd':
    case 'dt':
    case 'li':
    case 'form':
      return -3;
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6':
    case 'th':
      return -5;
    default:
      return 0;
  }
}

function commas(text: string): number {
  let count = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    // Latin, Arabic, ideographic and full-width commas.
    if (code === 44 || code === 0x60c || code === 0x3001 || code === 0xff0c) count++;
  }
  return count;
}

export interface CandidateOptions {
  /** Blocks that are not scored at all (inside a comment thread, a menu, a sidebar). */
  unlikely: (index: number) => boolean;
  /** +1 for a content-like name ("article-body"), -1 for a boilerplate-like one, 0 otherwise. */
  nameTilt: (element: Element) => number;
}

/**
 * The elements that hold the article by readability's way of scoring: the best candidate and the
 * siblings that join it, in document order. Empty when no paragraph scores.
 */
export function paragraphCandidates(blocks: readonly ScoredBlock[], options: CandidateOptions): Element[] {
  const scores = new Map<Element, number>();
  const sizes = new Map<Element, { chars: number; linkChars: number }>();
  const initialised = (element: Element): number => {
    let score = scores.get(element);
    if (score === undefined) {
      score = tagPoints(element.name) + NAME_WEIGHT * options.nameTilt(element);
      scores.set(element, score);
    }
    return score;
  };
  blocks.forEach((block, index) => {
    if (options.unlikely(index)) return;
    // Every element's size, for the link density that scales its score.
    for (
      let element: AnyNode | null = block.owner;
      element && element.type !== 'root';
      element = element.parent
    ) {
      const size = sizes.get(element as Element);
      if (size) {
        size.chars += block.chars;
        size.linkChars += block.linkChars;
      } else sizes.set(element as Element, { chars: block.chars, linkChars: block.linkChars });
    }
    const plain = block.chars - block.linkChars;
    if (block.kind === 'heading' || block.kind === 'item' || plain < SHORTEST_PARAGRAPH) return;
    const points =
      1 + commas(block.text) + Math.min(Math.floor(block.chars / LETTERS_PER_POINT), MOST_LENGTH_POINTS);
    let level = 0;
    for (
      let element: AnyNode | null = block.owner.parent;
      element && element.type !== 'root' && level < ANCESTOR_LEVELS;
      element = element.parent, level++
    ) {
      const divider = level === 0 ? 1 : level === 1 ? 2 : level * 3;
      scores.set(element as Element, initialised(element as Element) + points / divider);
    }
  });
  let best: Element | undefined;
  let bestScore = -Infinity;
  const finalScore = (element: Element): number => {
    const size = sizes.get(element);
    const density = size && size.chars > 0 ? size.linkChars / size.chars : 0;
    return (scores.get(element) ?? 0) * (1 - density);
  };
  for (const element of scores.keys()) {
    const score = finalScore(element);
    if (score > bestScore) {
      best = element;
      bestScore = score;
    }
  }
  if (!best || bestScore <= 0) return [];
  const parent = best.parent;
  if (!parent || !('children' in parent)) return [best];
  const threshold = Math.max(SIBLING_FLOOR, bestScore * SIBLING_SHARE);
  const joined: Element[] = [];
  for (const sibling of parent.children) {
    if (sibling === best) {
      joined.push(best);
      continue;
    }
    if (sibling.type !== 'tag') continue;
    const element = sibling as Element;
    if (!scores.has(element) && !sizes.has(element)) continue;
    let score = scores.has(element) ? finalScore(element) : -Infinity;
    // Readability's bonus for a sibling dressed like the best element (one article cut in sections).
    if (element.attribs.class && element.attribs.class === best.attribs.class)
      score += bestScore * SIBLING_SHARE;
    const size = sizes.get(element);
    const prose =
      element.name === 'p' &&
      size !== undefined &&
      size.chars - size.linkChars >= SIBLING_PROSE &&
      size.linkChars / size.chars < SIBLING_LINK_DENSITY;
    if (score >= threshold || prose) joined.push(element);
  }
  return joined;
}
