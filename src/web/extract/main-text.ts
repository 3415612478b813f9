// Finds a page's main text. Our own method, in three steps:
// 1. one walk over the tree turns it into text blocks (paragraphs, headings, list items, table rows),
//    each remembering the element it lives in, how much of it is link text, and which elements around
//    it are named or marked like boilerplate (comments, menus, cookie banners, share bars, ads):
//    text-blocks.ts, with boilerplate-names.ts;
// 2. every block gets a weight: plain prose counts for, link lists and boilerplate count against; the
//    element whose blocks weigh most (a maximum-weight subtree) holds the article, and it grows to its
//    parents while they add nothing against;
// 3. the blocks inside that element are kept, minus link lists, boilerplate regions, repeated teaser
//    cards, date-only lines and the labels of what was dropped; a named lead paragraph above it is added.
import {
  BOILERPLATE_ROLES,
  BOILERPLATE_TAGS,
  boilerplateMark,
  CONTENT_NAMES,
  LEAD_NAMES,
} from './boilerplate-names.ts';
import { classAndId, isElement, within, type AnyNode, type Element } from './dom.ts';
import { isFurtherReadingHeading, isTagsHeading, opensWithFurtherReading } from './further-reading.ts';
import { paragraphCandidates } from './paragraph-candidates.ts';
import { containsBlock, isHidden, type TextBlock } from './text-blocks.ts';
import { threadBlocks } from './threads.ts';

export interface MainText {
  blocks: TextBlock[];
  /** The element chosen as the article, if any. */
  container: Element | undefined;
}

/** Link-heavy blocks are menus and link lists, not prose. */
const LINK_DENSITY_LIMIT = 0.5;
/** Blocks shorter than this (letters) say little on their own: captions, dates, labels. */
const SHORT_BLOCK = 25;

function blockWeight(block: TextBlock, boilerplate: boolean): number {
  // Named boilerplate is dropped wherever it is, so it need not hold the article's region back.
  if (boilerplate) return -block.chars * BOILERPLATE_WEIGHT;
  const density = block.linkChars / block.chars;
  // A heading that links (a post's title pointing at its own address) neither helps nor hurts.
  if (density > LINK_DENSITY_LIMIT) return block.kind === 'heading' ? 0 : -block.chars * density;
  const plain = block.chars - block.linkChars;
  if (plain < SHORT_BLOCK) return -1;
  // A title without its link (a list of most-read stories set by script) says no more than a short line.
  if (isTitleLine(block)) return -1;
  return plain - SHORT_BLOCK;
}

/**
 * How much named boilerplate counts against a region, per letter. Less than link lists: it is dropped
 * wherever it ends up, so it only needs to keep the choice away from pages' outer wrappers.
 */
const BOILERPLATE_WEIGHT = 0.25;

/**
 * How much of named boilerplate's weight counts against climbing to a parent: it is dropped wherever it
 * ends up, so a byline box or a share bar beside the body need not keep the headline and lead out.
 */
const CLIMB_BOILERPLATE_SHARE = 0.5;

/** Chinese, Japanese and Korean script. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** A line of a title's shape: a few words that do not end a sentence ("Stormland im Test: …"). */
function isTitleLine(block: TextBlock): boolean {
  if (block.kind !== 'paragraph' && block.kind !== 'item') return false;
  const plain = block.chars - block.linkChars;
  if (plain < SHORT_BLOCK || plain >= PROSE_BLOCK || /[.!?…:;,]["“”»)]?$/.test(block.text)) return false;
  // A line of Chinese, Japanese or Korean says in thirty characters what a sentence says in eighty letters.
  return !CJK.test(block.text);
}

/** A link line among the article's paragraphs says this much (letters) at least: "Read more" says less. */
const LINK_LINE_LETTERS = 20;
/** The same for a link that ends its element. */
const LAST_LINK_LINE_LETTERS = 60;
/** A link line opened by a label of a few words and a colon. */
const LABELLED_LINK = /^[^:\n]{1,30}:\s/u;
/** A link line marked as a pointer to elsewhere: ">>> …", "» …", "→ …", "[…]". */
const POINTER_LINK = /^(?:[>»→►▶]|\[.*\]$)/u;

/**
 * Paragraphs that are a link but belong to the article's text, as trafilatura keeps them: one after a
 * paragraph of the article's that introduces it ("… sign this petition:", then its address) or says
 * something before it (the source's title, an e-mail address, an event's page), in the same element,
 * and not followed there by another such link (a list of related articles under its label). In the
 * choice of the article's element it weighs neither for nor against, as a linked heading does.
 */
const linkLinesInProse = oncePerPage((blocks): ReadonlySet<number> => {
  const linkParagraph = (block: TextBlock | undefined): boolean =>
    block !== undefined &&
    block.kind === 'paragraph' &&
    block.linkChars / block.chars > LINK_DENSITY_LIMIT &&
    block.chars >= LINK_LINE_LETTERS;
  const found = new Set<number>();
  blocks.forEach((block, index) => {
    // Two links or more on the line are a list of links ("Older story | Another story").
    if (!linkParagraph(block) || linksIn(block.owner) > 1) return;
    const before = blocks[index - 1];
    const after = blocks[index + 1];
    const parent = block.owner.parent;
    if (
      before === undefined ||
      before.kind !== 'paragraph' ||
      before.owner.parent !== parent ||
      before.linkChars / before.chars > LINK_DENSITY_LIMIT ||
      !(isProse(before) || /:$/.test(before.text.trim()))
    )
      return;
    if (after && after.owner.parent === parent && linkParagraph(after)) return;
    // The element's last line is where a call to go elsewhere stands ("Discuss it in the forum"): a
    // link there is the article's only when it is long (an address in full), as trafilatura judges.
    if ((!after || after.owner.parent !== parent) && block.chars < LAST_LINK_LINE_LETTERS) return;
    // A label before the link ("MORE: …", "Lesen Sie hier: …") or a pointer's mark points to another article.
    const text = block.text.trim();
    if (opensWithFurtherReading(text) || LABELLED_LINK.test(text) || POINTER_LINK.test(text)) return;
    found.add(index);
  });
  return found;
});

/**
 * `find` of a page's blocks, worked out once a page: the choice of the article and each of its
 * readings ask the same page's blocks the same question.
 */
function oncePerPage<T>(find: (blocks: readonly TextBlock[]) => T): (blocks: readonly TextBlock[]) => T {
  const known = new WeakMap<readonly TextBlock[], T>();
  return (blocks) => {
    if (!known.has(blocks)) known.set(blocks, find(blocks));
    return known.get(blocks)!;
  };
}

/** How many links an element holds. */
function linksIn(element: Element): number {
  let count = 0;
  for (const child of element.children) {
    if (!isElement(child)) continue;
    if (child.name === 'a') count++;
    count += linksIn(child);
  }
  return count;
}

/** Score an ancestor may lose and still be taken instead of the best element (a stray short link). */
const CLIMB_TOLERANCE = 10;

/** A lead named as such ("subtitle", "standfirst") says at least this much (letters). */
const NAMED_LEAD = 40;
/** Names of the line under an article's headline that says what it is about. */
const SUBTITLE_NAMES =
  /(?:^|[\s_-])(?:subtitle|sub-?title|standfirst|deck|dek|subheadline|sub-?headline)(?:$|[\s_-])/;

/** How many blocks above the article are looked at for its lead paragraph. */
const LEAD_LOOKBACK = 12;

/** Prose: a block long enough to be a paragraph, mostly not links. */
const PROSE_BLOCK = 80;
/** A weakly named region ("widget", "meta") around this much prose is content, not boilerplate. */
const WEAK_REGION_PROSE = 300;
/** A boilerplate name on a region holding this share of the page is a layout class ("has-sidebar"). */
const LAYOUT_SHARE = 0.6;
/** A discussion is the content when it holds this share of the page and little prose is left outside it. */
const DISCUSSION_SHARE = 0.75;
const PROSE_OUTSIDE_DISCUSSION = 500;
/** A thread with more of its letters in links than this is readers' comments (names, reply links). */
const THREAD_LINK_DENSITY = 0.05;

function isProse(block: TextBlock): boolean {
  return block.chars - block.linkChars >= PROSE_BLOCK && block.linkChars / block.chars < 0.3;
}

/** Which marked regions really are boilerplate, judged by their mark and what they hold. */
function boilerplateRegions(blocks: readonly TextBlock[], total: number, totalProse: number): Set<Element> {
  const sizes = new Map<Element, { chars: number; prose: number; links: number }>();
  // The page without what its tags and roles set apart (menus, sidebars, footers): a thread's share of it.
  let inside = 0;
  let proseInside = 0;
  for (const block of blocks) {
    if (!block.marked.some((element) => !markedByName(element))) {
      inside += block.chars;
      if (isProse(block)) proseInside += block.chars;
    }
    for (const element of block.marked) {
      let size = sizes.get(element);
      if (!size) sizes.set(element, (size = { chars: 0, prose: 0, links: 0 }));
      size.chars += block.chars;
      size.links += block.linkChars;
      if (isProse(block)) size.prose += block.chars;
    }
  }
  const { wrappers, holdArticles } = layoutWrappers(blocks, totalProse);
  const regions = new Set<Element>();
  // A thread that is all the page holds (a live ticker's entries) is the content, and so are the
  // entries inside it, each named like a comment. Readers' comments carry links (their names,
  // "Reply"): a thread with them stays a thread, however little article is left beside it.
  const contentThreads: Element[] = [];
  for (const [element, size] of sizes) {
    if (boilerplateMark(element) !== 'discussion') continue;
    if (
      size.chars > inside * DISCUSSION_SHARE &&
      proseInside - size.prose < PROSE_OUTSIDE_DISCUSSION &&
      size.links <= size.chars * THREAD_LINK_DENSITY
    )
      contentThreads.push(element);
  }
  // A weak name that a box of the article's prose also bears (a page builder's "elementor-widget
  // elementor-widget-text-editor" on every piece of the text) is the site's name for a piece of
  // content: its other boxes are content too, however little each holds.
  const contentKinds = new Set<string>();
  for (const [element, size] of sizes) {
    if (size.prose >= WEAK_REGION_PROSE && boilerplateMark(element) === 'weak')
      contentKinds.add(kindOfBox(element));
  }
  contentKinds.delete('');
  for (const [element, size] of sizes) {
    const mark = boilerplateMark(element);
    if (mark === 'weak' && contentKinds.has(kindOfBox(element))) continue;
    if (mark === 'discussion') {
      if (!contentThreads.some((thread) => within(element, thread))) regions.add(element);
    } else if (wrappers.has(element)) {
      continue;
    } else if (
      (size.chars <= total * LAYOUT_SHARE || (markedByName(element) && !holdArticles.has(element))) &&
      (mark === 'strong' || size.prose < WEAK_REGION_PROSE)
    ) {
      // Most of the page in a region named like boilerplate is its layout only when an article sits
      // in it: a short post beside a long "about me" box is still the post.
      regions.add(element);
    }
  }
  return regions;
}

/** A box's kind by its class names, less those that number it ("elementor-element-4bd06ab8"). */
function kindOfBox(element: Element): string {
  return (element.attribs.class ?? '')
    .split(/\s+/)
    .filter((name) => name && !/\d/.test(name))
    .sort()
    .join(' ');
}

/** Elements that hold an article by what they are or how they are named. */
function isContentElement(element: Element): boolean {
  if (element.name === 'article' || element.name === 'main') return true;
  const attributes = element.attribs;
  if (attributes.role === 'main' || attributes.itemprop === 'articleBody') return true;
  return CONTENT_NAMES.test(classAndId(element));
}

/** Whether an element is marked as boilerplate by its class or id alone (not by its tag or role). */
function markedByName(element: Element): boolean {
  if (BOILERPLATE_TAGS.has(element.name) || element.name === 'form') return false;
  const role = element.attribs.role;
  return !(role && BOILERPLATE_ROLES.has(role));
}

/**
 * Regions named like boilerplate that are the page's layout ("one-sidebar", "with-ads", "modal-open"
 * on the wrapper of everything): they hold most of the page's prose, and hold it inside an element
 * that is an article by its tag or name. A real sidebar or share bar holds little prose, and none of
 * it in an article of its own.
 */
function layoutWrappers(
  blocks: readonly TextBlock[],
  totalProse: number,
): { wrappers: Set<Element>; holdArticles: Set<Element> } {
  const inArticle = new Map<Element, number>();
  const contentOf = new Map<Element, Element | null>();
  const nearestContent = (owner: Element): Element | null => {
    const cached = contentOf.get(owner);
    if (cached !== undefined) return cached;
    let found: Element | null = null;
    for (let node: AnyNode | null = owner; node && node.type !== 'root'; node = node.parent) {
      if (isElement(node) && isContentElement(node)) {
        found = node;
        break;
      }
    }
    contentOf.set(owner, found);
    return found;
  };
  for (const block of blocks) {
    if (block.marked.length === 0 || !isProse(block)) continue;
    const content = nearestContent(block.owner);
    if (!content) continue;
    for (const element of block.marked) {
      // The article element must sit inside the region, not be the region or around it.
      if (element !== content && within(content, element) && markedByName(element)) {
        inArticle.set(element, (inArticle.get(element) ?? 0) + block.chars);
      }
    }
  }
  const wrappers = new Set<Element>();
  for (const [element, prose] of inArticle)
    if (prose > totalProse * LAYOUT_PROSE_SHARE) wrappers.add(element);
  return { wrappers, holdArticles: new Set(inArticle.keys()) };
}

/** A region named like boilerplate holding more than this share of the page's prose, in an article, is layout. */
const LAYOUT_PROSE_SHARE = 0.5;

/** The innermost boilerplate region around a block, if any. */
function regionOf(block: TextBlock, regions: ReadonlySet<Element>): Element | undefined {
  for (let index = block.marked.length - 1; index >= 0; index--) {
    if (regions.has(block.marked[index]!)) return block.marked[index];
  }
  return undefined;
}

/**
 * Picks the main text out of the blocks. `summaries` are the page's own descriptions of itself (its
 * description meta tags): a paragraph that says one is the article's lead, however often share boxes
 * repeat it.
 */
export function selectMainText(blocks: TextBlock[], summaries: readonly string[] = []): MainText {
  if (blocks.length === 0) return { blocks: [], container: undefined };
  let total = 0;
  let totalProse = 0;
  for (const block of blocks) {
    total += block.chars;
    if (isProse(block)) totalProse += block.chars;
  }
  const teasers = teaserBlocks(blocks);
  const regions = boilerplateRegions(blocks, total, totalProse);
  // Comment threads that no name marks, found by their entries' stamps, are left out as teasers are;
  const structural = structuralRegions(regions);
  const threads = threadBlocks(blocks, {
    boilerplate: (index) => regionOf(blocks[index]!, structural) !== undefined,
  });
  for (const index of threads) teasers.add(index);
  // So is a sidebar set as a list of boxes, found by its shape.
  for (const index of widgetColumnBlocks(blocks)) teasers.add(index);
  for (const index of repeatedBlocks(blocks, summaries)) teasers.add(index);
  const chosen = withBodyInNamedRegion(blocks, selectAmong(blocks, regions, teasers), regions, teasers);
  if (letters(chosen.blocks) >= SMALL_MAIN_TEXT)
    return withBodyInLayer(blocks, chosen, regions, structural, teasers);
  const retried = retriedWithoutNames(blocks, chosen, regions, structural, teasers);
  if (letters(retried.blocks) >= SMALL_MAIN_TEXT) return retried;
  return withShortLines(blocks, retried, regions, structural, teasers);
}

/**
 * Little or nothing came back: the article may sit in a region only its name calls boilerplate
 * ("one-sidebar", "modal-open"). Ask again trusting only what elements are (nav, aside, footer, roles)
 * and named comment threads, and keep the better text.
 */
function retriedWithoutNames(
  blocks: TextBlock[],
  chosen: MainText,
  regions: ReadonlySet<Element>,
  structural: ReadonlySet<Element>,
  teasers: ReadonlySet<number>,
): MainText {
  if (structural.size === regions.size) return teaserListing(blocks, chosen, regions, teasers);
  const again = selectAmong(blocks, structural, teasers);
  // Only an article is worth the swap: paragraphs of prose, not a widget's list of posts or tweets,
  // inside an element that is an article by what it is (not a sidebar's "about me" box).
  let prose = 0;
  let anyProse = 0;
  for (const block of again.blocks) {
    if (block.kind !== 'paragraph' || !isProse(block)) continue;
    anyProse += block.chars;
    if (inArticleElement(block.owner)) prose += block.chars;
  }
  // Where the first choice holds no sentence of prose at all, nothing it found is worth keeping over
  // the article a misleading name hid (a short post in "entry-content related"): readability, too,
  // retries with its name rules off and keeps the longer text when the first pass came back nearly empty.
  const nothingChosen = !chosen.blocks.some((block) => block.kind === 'paragraph' && isProse(block));
  if (prose >= SMALL_MAIN_TEXT) return preferSecondOpinion(chosen.blocks, again.blocks) ? again : chosen;
  // A front page's few prose lines (a footer's) are no article either: its teasers may still say more.
  if (nothingChosen && anyProse > 0)
    return teaserListing(
      blocks,
      preferSecondOpinion(chosen.blocks, again.blocks) ? again : chosen,
      regions,
      teasers,
    );
  return teaserListing(blocks, chosen, regions, teasers);
}

/**
 * A data sheet (a medicine's or a product's page: labels and values, each a short line) has no prose
 * for the weights above, which count short lines against a region, so its text comes back nearly empty
 * or as a box of sources beside it. A second way for a text that is still small: every unlinked letter
 * counts for its region and every linked one against, short lines included, and what the page's
 * structure sets apart (nav, aside, footer, threads, teasers) against; the region that holds the most
 * text of its own is read when it holds more than twice the letters. Prose in a region named like
 * boilerplate counts against too: the ways above weighed it and had their reasons to pass it by (a
 * sidebar's "about me" box beside a two-line post); this way is for what they cannot weigh.
 */
function withShortLines(
  blocks: TextBlock[],
  chosen: MainText,
  regions: ReadonlySet<Element>,
  structural: ReadonlySet<Element>,
  teasers: ReadonlySet<number>,
): MainText {
  const scores = new Map<Element, number>();
  const regionOfBlock = blocks.map((block) => regionOf(block, structural));
  blocks.forEach((block, index) => {
    let weight = block.chars - 2 * block.linkChars;
    const namedProse = isProse(block) && regionOf(block, regions) !== undefined;
    if (regionOfBlock[index] || teasers.has(index) || namedProse) weight = -block.chars;
    // A linked headline neither helps nor hurts, as in blockWeight.
    else if (block.kind === 'heading' && block.linkChars > 0) weight = 0;
    for (let node: AnyNode | null = block.owner; node && node.type !== 'root'; node = node.parent)
      scores.set(node as Element, (scores.get(node as Element) ?? 0) + weight);
  });
  let best: Element | undefined;
  let bestScore = 0;
  for (const [element, score] of scores) {
    if (score > bestScore) {
      best = element;
      bestScore = score;
    }
  }
  if (!best) return chosen;
  for (let parent = best.parent; parent && parent.type !== 'root'; parent = parent.parent) {
    if ((scores.get(parent as Element) ?? 0) < bestScore - CLIMB_TOLERANCE) break;
    best = parent as Element;
  }
  const kept = withoutOrphanHeadings(
    withoutFurtherReading(keptBlocks(blocks, [best], regionOfBlock, teasers)),
  );
  return letters(kept) > LENGTH_RATIO * letters(chosen.blocks) ? { blocks: kept, container: best } : chosen;
}

/** A paragraph of prose repeated word for word in this many boxes of its own is the page's template. */
const TEMPLATE_REPEATS = 3;

/**
 * Paragraphs of prose that recur word for word, each in an element of its own (the notice over every
 * embedded post, "At this point you will find external content … I agree that external content is
 * shown"; a sponsor's line over each of its teasers): the site's template, said again wherever it puts
 * that box. Short lines recur in data (a material, a price's label in each product's card) and stay.
 */
function repeatedBlocks(blocks: readonly TextBlock[], summaries: readonly string[]): Set<number> {
  const byText = new Map<string, { indices: number[]; parents: Set<AnyNode | null> }>();
  const openings = new Set(summaries.map(opening).filter((text) => text.length >= SUMMARY_OPENING));
  blocks.forEach((block, index) => {
    if (block.kind !== 'paragraph' || !isProse(block)) return;
    if (openings.has(opening(block.text))) return;
    let seen = byText.get(block.text);
    if (!seen) byText.set(block.text, (seen = { indices: [], parents: new Set() }));
    seen.indices.push(index);
    seen.parents.add(block.owner.parent);
  });
  const found = new Set<number>();
  for (const { indices, parents } of byText.values())
    if (parents.size >= TEMPLATE_REPEATS) for (const index of indices) found.add(index);
  return found;
}

/** How many letters of a paragraph and of a description are compared (descriptions are cut short). */
const SUMMARY_OPENING = 60;

/** A text's first letters and digits, in lower case, for comparing a paragraph with a description. */
function opening(text: string): string {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(' ').slice(0, SUMMARY_OPENING);
}

/** A column of widgets holds at least this many boxes, each a list item under its own heading. */
const WIDGET_BOXES = 3;

/**
 * A sidebar set as a list of boxes (WordPress's `<ul><li><h2>Archives</h2><ul>…</ul></li>…</ul>`): a
 * list of at least three items that each open with a heading, half of them or more mostly links (the
 * categories, the archive, the blogroll). Its one box of text (a tweet, a licence) is a widget too,
 * not the article. A list of questions, each under its heading with its answer, has no link boxes.
 */
function widgetColumnBlocks(blocks: readonly TextBlock[]): Set<number> {
  const items = new Map<Element, { chars: number; linkChars: number; heading: boolean }>();
  const itemsOf = new Map<number, Element[]>();
  blocks.forEach((block, index) => {
    const owners: Element[] = [];
    for (let node: AnyNode | null = block.owner; node && node.type !== 'root'; node = node.parent) {
      const parent = node.parent;
      if (!isElement(node) || node.name !== 'li' || !parent || !isElement(parent)) continue;
      if (parent.name !== 'ul' && parent.name !== 'ol') continue;
      let item = items.get(node);
      if (!item) items.set(node, (item = { chars: 0, linkChars: 0, heading: false }));
      item.chars += block.chars;
      item.linkChars += block.linkChars;
      if (block.kind === 'heading') item.heading = true;
      owners.push(node);
    }
    if (owners.length > 0) itemsOf.set(index, owners);
  });
  const columns = new Set<Element>();
  const lists = new Map<Element, { boxes: number; linkBoxes: number; items: number }>();
  for (const [item, size] of items) {
    const list = item.parent as Element;
    let tally = lists.get(list);
    if (!tally) lists.set(list, (tally = { boxes: 0, linkBoxes: 0, items: 0 }));
    tally.items++;
    if (size.heading) tally.boxes++;
    if (size.linkChars > size.chars * LINK_DENSITY_LIMIT) tally.linkBoxes++;
  }
  for (const [list, tally] of lists)
    if (tally.boxes >= WIDGET_BOXES && tally.linkBoxes * 2 >= tally.items) columns.add(list);
  const found = new Set<number>();
  if (columns.size === 0) return found;
  for (const [index, owners] of itemsOf)
    if (owners.some((item) => columns.has(item.parent as Element))) found.add(index);
  return found;
}

/**
 * A page that is only a list of teasers (a front page, a section's index) has no article: its teasers
 * say more of what it holds than the few lines left without them ("Frequently used links"). Read them
 * when they hold much more text than what was chosen.
 */
function teaserListing(
  blocks: TextBlock[],
  chosen: MainText,
  regions: ReadonlySet<Element>,
  teasers: ReadonlySet<number>,
): MainText {
  if (teasers.size === 0) return chosen;
  const listing = selectAmong(blocks, regions, new Set());
  return letters(listing.blocks) > LENGTH_RATIO * Math.max(letters(chosen.blocks), SMALL_MAIN_TEXT)
    ? listing
    : chosen;
}

/** The regions marked by what elements are (nav, aside, footer, roles) and named comment threads. */
function structuralRegions(regions: ReadonlySet<Element>): Set<Element> {
  return new Set(
    [...regions].filter((region) => !markedByName(region) || boilerplateMark(region) === 'discussion'),
  );
}

/** Prose paragraphs side by side in one element adding up to this many letters make an article's body. */
const ARTICLE_RUN = 500;
/** A single block this long (letters) is a body by itself: far more than a teaser's summary says. */
const LONE_BODY_LETTERS = 2 * ARTICLE_RUN;
/** A body found outside the choice replaces it when it is this many times longer than the choice's. */
const RUN_RATIO = 3;

/**
 * Our choice holds prose but no body (only summaries, each in a card of its own: a stream of teasers),
 * while a body of paragraphs sits in a region only its name calls boilerplate (an article opened in a
 * "modal" layer over the stream): then the article around that body is read instead.
 */
function withBodyInLayer(
  blocks: TextBlock[],
  chosen: MainText,
  regions: ReadonlySet<Element>,
  structural: ReadonlySet<Element>,
  teasers: ReadonlySet<number>,
): MainText {
  const chosenRun = longestProseRun(chosen.blocks).letters;
  if (chosenRun >= ARTICLE_RUN) return chosen;
  if (structural.size === regions.size) return chosen;
  const body = longestProseRun(
    blocks.filter((block, index) => !teasers.has(index) && regionOf(block, structural) === undefined),
  );
  if (!body.parent || body.letters < ARTICLE_RUN || body.letters <= RUN_RATIO * chosenRun) return chosen;
  // Only an article by what it is (its tag, role or microdata), not a box of prose named like one.
  if (!inArticleElement(body.parent)) return chosen;
  // The body's article: the nearest element that is one by its tag or name, else the body's own element.
  let scope: Element = body.parent;
  for (let node: AnyNode | null = body.parent; node && node.type !== 'root'; node = node.parent) {
    if (isElement(node) && isContentElement(node)) {
      scope = node;
      break;
    }
  }
  return selectAmong(blocks, structural, teasers, scope);
}

/**
 * The article's own element is sometimes named like boilerplate ("post has-related", "content
 * sidebar-right", "share-enabled"): then the choice falls on what is left, a few lines. When a region
 * that only its name calls boilerplate holds a body of side-by-side paragraphs that outweighs all we
 * chose (and is several times the choice's own body), the name is wrong: ask again without it.
 */
function withBodyInNamedRegion(
  blocks: TextBlock[],
  chosen: MainText,
  regions: ReadonlySet<Element>,
  teasers: ReadonlySet<number>,
): MainText {
  const named = new Set(
    [...regions].filter((region) => markedByName(region) && boilerplateMark(region) !== 'discussion'),
  );
  if (named.size === 0) return chosen;
  const body = longestProseRun(
    blocks.filter((block, index) => {
      if (teasers.has(index)) return false;
      const region = regionOf(block, regions);
      return (
        region !== undefined &&
        named.has(region) &&
        !block.marked.some((element) => regions.has(element) && !named.has(element))
      );
    }),
  );
  if (!body.owner || body.letters < ARTICLE_RUN) return chosen;
  if (
    body.letters <= LENGTH_RATIO * letters(chosen.blocks) ||
    body.letters <= RUN_RATIO * longestProseRun(chosen.blocks).letters
  )
    return chosen;
  const unnamed = new Set(
    [...regions].filter((region) => !(named.has(region) && within(body.owner!, region))),
  );
  return selectAmong(blocks, unnamed, teasers);
}

/**
 * The prose paragraphs that share one parent with the most letters: an article's body keeps its
 * paragraphs side by side, a stream of teasers puts each summary in a card of its own. An article set
 * as one section per paragraph or two (sibling sections of one markup, each only text) keeps its
 * paragraphs side by side too, one level up: see runHolders.
 */
function longestProseRun(blocks: readonly TextBlock[]): {
  letters: number;
  parent: Element | undefined;
  /** One of the run's paragraphs. */
  owner: Element | undefined;
} {
  const holders = runHolders(blocks);
  const byParent = new Map<Element, { letters: number; paragraphs: number }>();
  let longest = 0;
  let longestParent: Element | undefined;
  let longestOwner: Element | undefined;
  for (const block of blocks) {
    const parent = holders.get(block) ?? block.owner.parent;
    if (block.kind !== 'paragraph' || !isProse(block) || !parent || !isElement(parent)) continue;
    let run = byParent.get(parent);
    if (!run) byParent.set(parent, (run = { letters: 0, paragraphs: 0 }));
    run.letters += block.chars;
    run.paragraphs++;
    // One summary is no body: a body is paragraphs side by side, or one block as long as several
    // (text set with line breaks only).
    if ((run.paragraphs >= 2 || run.letters >= LONE_BODY_LETTERS) && run.letters > longest) {
      longest = run.letters;
      longestParent = parent;
      longestOwner = block.owner;
    }
  }
  return { letters: longest, parent: longestParent, owner: longestOwner };
}

/** A section of an article set one per paragraph holds this many prose paragraphs at most. */
const SECTION_PARAGRAPHS = 2;
/** Sections of one markup side by side: at least this many make an article's run, as teasers make a list. */
const SECTION_SERIES = 3;
/** How many wrappers deep a paragraph's section may be (`section > div > p`). */
const SECTION_DEPTH = 3;

/**
 * The element that holds each prose paragraph's run, where it is not the paragraph's parent: an article
 * that sets every paragraph (or two, under a heading) in a section of its own, the sections side by
 * side under one element (`<div><section><h2>…</h2><p>…</p></section><section><p>…</p></section>…`).
 * A section here is only text: headings and at most two prose paragraphs, no list, no line of links (a
 * teaser's card has its linked headline or its "more" link), and three or more of one markup (tag and
 * first class) stand side by side.
 */
function runHolders(blocks: readonly TextBlock[]): Map<TextBlock, Element> {
  const sizes = new Map<Element, { prose: number; other: boolean }>();
  for (const block of blocks) {
    let node: AnyNode | null = block.owner.parent;
    for (let depth = 0; depth < SECTION_DEPTH && node && isElement(node); depth++, node = node.parent) {
      let size = sizes.get(node);
      if (!size) sizes.set(node, (size = { prose: 0, other: false }));
      const text = block.kind === 'heading' || block.kind === 'paragraph';
      if (!text || block.linkChars > block.chars * LINK_DENSITY_LIMIT) size.other = true;
      if (block.kind === 'paragraph' && isProse(block)) size.prose++;
    }
  }
  const isSection = (element: Element): boolean => {
    const size = sizes.get(element);
    return size !== undefined && !size.other && size.prose <= SECTION_PARAGRAPHS;
  };
  const markup = (element: Element): string =>
    `${element.name}.${(element.attribs.class ?? '').split(/\s+/)[0]}`;
  const holders = new Map<TextBlock, Element>();
  for (const block of blocks) {
    if (block.kind !== 'paragraph' || !isProse(block)) continue;
    let section: AnyNode | null = block.owner.parent;
    for (let depth = 0; depth < SECTION_DEPTH && section && isElement(section); depth++) {
      if (!isSection(section)) break;
      const holder: AnyNode | null = section.parent;
      if (!holder || !isElement(holder)) break;
      const shape = markup(section);
      let alike = 0;
      for (const sibling of holder.children) if (isElement(sibling) && markup(sibling) === shape) alike++;
      if (alike >= SECTION_SERIES) {
        holders.set(block, holder);
        break;
      }
      section = holder;
    }
  }
  return holders;
}

/**
 * The chosen element with the siblings that continue it. When the weight picks a single paragraph
 * (a short post whose other lines are too short to weigh for it: "– Ok."), the article is that
 * paragraph and its sibling paragraphs dressed the same way (same tag and class), as readability
 * joins a candidate's sibling paragraphs. A larger element is not extended: its same-dressed siblings
 * are as likely the next article of a stream.
 */
function withContinuation(best: Element, regions: ReadonlySet<Element>): Element[] {
  const parent = best.parent;
  if (!parent || parent.type === 'root' || containsBlock(best)) return [best];
  const containers: Element[] = [];
  for (const sibling of (parent as Element).children) {
    if (sibling === best) containers.push(best);
    else if (
      isElement(sibling) &&
      sibling.name === best.name &&
      (sibling.attribs.class ?? '') === (best.attribs.class ?? '') &&
      !regions.has(sibling) &&
      !isHidden(sibling)
    )
      containers.push(sibling);
  }
  return containers;
}

/** Whether an element is, or sits in, an article by its tag, role or microdata. */
function inArticleElement(element: Element): boolean {
  for (let node: AnyNode | null = element; node && node.type !== 'root'; node = node.parent) {
    if (!isElement(node)) continue;
    if (node.name === 'article' || node.name === 'main') return true;
    if (node.attribs.role === 'main' || node.attribs.itemprop === 'articleBody') return true;
  }
  return false;
}

function selectAmong(
  blocks: TextBlock[],
  regions: ReadonlySet<Element>,
  teasers: ReadonlySet<number>,
  /** Only blocks inside this element weigh, and the choice stays inside it, when given. */
  onlyInside?: Element,
): MainText {
  const scores = new Map<Element, number>();
  const linkLines = linkLinesInProse(blocks);
  // The same with named boilerplate counting less: see CLIMB_BOILERPLATE_SHARE.
  const climbScores = new Map<Element, number>();
  const regionOfBlock: (Element | undefined)[] = [];
  blocks.forEach((block, index) => {
    const region = regionOf(block, regions);
    regionOfBlock.push(region);
    if (onlyInside && !within(block.owner, onlyInside)) return;
    const weight =
      linkLines.has(index) && region === undefined
        ? 0
        : blockWeight(block, region !== undefined || teasers.has(index));
    const climbWeight = region !== undefined ? weight * CLIMB_BOILERPLATE_SHARE : weight;
    let element: AnyNode | null = block.owner;
    while (element && element.type !== 'root') {
      scores.set(element as Element, (scores.get(element as Element) ?? 0) + weight);
      climbScores.set(element as Element, (climbScores.get(element as Element) ?? 0) + climbWeight);
      element = element.parent;
    }
  });
  let best: Element | undefined;
  let bestScore = 0;
  for (const [element, score] of scores) {
    if (score > bestScore) {
      best = element;
      bestScore = score;
    }
  }
  if (!best) {
    // Nothing weighs for an article (a short page: a line or two): keep what is neither boilerplate nor links.
    const few = blocks.filter(
      (block, index) =>
        !regionOfBlock[index] &&
        block.linkChars / block.chars <= LINK_DENSITY_LIMIT &&
        (!onlyInside || within(block.owner, onlyInside)),
    );
    return secondOpinion(blocks, { blocks: few, container: undefined }, regionOfBlock, teasers, onlyInside);
  }
  // Climb while nothing against is added: short headings, list items and captions next to the prose
  // belong with it.
  const bestScoreHere = climbScores.get(best) ?? 0;
  for (let parent = best.parent; parent && parent.type !== 'root'; parent = parent.parent) {
    if (onlyInside && (best === onlyInside || !within(parent as Element, onlyInside))) break;
    const score = climbScores.get(parent as Element) ?? 0;
    if (score < bestScoreHere - CLIMB_TOLERANCE) break;
    best = parent as Element;
  }

  const kept = keptBlocks(blocks, withContinuation(best, regions), regionOfBlock, teasers);
  // A lead paragraph set above the article's body opens the text: one named as such, or any prose
  // paragraph between the article's headline and its body.
  const first = blocks.findIndex((block) => within(block.owner, best));
  const candidates: { block: TextBlock; named: boolean; inRegion?: boolean }[] = [];
  let underHeadline = false;
  const scope = best.parent?.parent?.parent ?? best.parent;
  for (let index = first - 1; index >= 0 && index >= first - LEAD_LOOKBACK; index--) {
    const block = blocks[index]!;
    if (!scope || !within(block.owner, scope as Element)) break;
    // An ad's label or a share button's word between the lead and the body is stepped over; a
    // region with more to say (a box of links, a teaser) ends the search.
    if (regionOfBlock[index]) {
      // The article's head may sit in a box whose name says boilerplate ("section--has-ads") as its
      // body's does: a subtitle there, right under the headline, is still the article's.
      if (
        SUBTITLE_NAMES.test(classAndId(block.owner)) &&
        block.chars >= NAMED_LEAD &&
        block.linkChars === 0
      ) {
        candidates.unshift({ block, named: true, inRegion: true });
        continue;
      }
      if (block.kind === 'heading' && block.level === 1 && candidates.some(({ inRegion }) => inRegion)) {
        underHeadline = true;
        break;
      }
      if (block.chars < PROSE_BLOCK) continue;
      break;
    }
    // A summary in a list of teasers ("teaser" is also a lead's name) is another article's.
    if (teasers.has(index)) continue;
    if (block.kind === 'heading' && block.level === 1) {
      underHeadline = true;
      break;
    }
    if (block.linkChars / block.chars > 0.2) continue;
    const parent = block.owner.parent;
    const named =
      LEAD_NAMES.test(classAndId(block.owner)) ||
      (parent !== null && isElement(parent) && LEAD_NAMES.test(classAndId(parent)));
    // A lead named as such may be one line (a subtitle); an unnamed one is a paragraph of prose.
    if (block.chars - block.linkChars < (named ? NAMED_LEAD : PROSE_BLOCK)) continue;
    if (named || block.kind === 'paragraph') candidates.unshift({ block, named });
  }
  const leads = candidates
    .filter(({ named, inRegion }) => (named && !inRegion) || underHeadline)
    .map(({ block }) => block);
  const own = withoutOrphanHeadings(withoutFurtherReading([...leads, ...kept]));
  return secondOpinion(blocks, { blocks: own, container: best }, regionOfBlock, teasers, onlyInside);
}

/**
 * Checks our choice against readability's way of scoring, from the paragraphs up, and keeps the
 * better text. Regions named as boilerplate are not scored there, unless their names also say
 * content ("entry-content no-share"): that is where the two ways part.
 */
function secondOpinion(
  blocks: readonly TextBlock[],
  own: MainText,
  regionOfBlock: readonly (Element | undefined)[],
  teasers: ReadonlySet<number>,
  /** Only blocks inside this element are scored, when given (see selectAmong). */
  onlyInside?: Element,
): MainText {
  const alternative = paragraphCandidates(blocks, {
    unlikely: (index) => {
      if (onlyInside && !within(blocks[index]!.owner, onlyInside)) return true;
      const region = regionOfBlock[index];
      // A content word does not make a comment thread the article ("article-comments").
      if (region === undefined) return false;
      return boilerplateMark(region) === 'discussion' || !CONTENT_NAMES.test(classAndId(region));
    },
    nameTilt: (element) => {
      const names = classAndId(element);
      const content = CONTENT_NAMES.test(names) ? 1 : 0;
      const boilerplate = boilerplateMark(element) ? 1 : 0;
      return content - boilerplate;
    },
  });
  if (alternative.length === 0 || (alternative.length === 1 && alternative[0] === own.container)) return own;
  const other = withoutOrphanHeadings(
    withoutFurtherReading(keptBlocks(blocks, alternative, regionOfBlock, teasers)),
  );
  return preferSecondOpinion(own.blocks, other) ? { blocks: other, container: alternative[0] } : own;
}

/**
 * The blocks inside the chosen elements that are the article's text: not link lists, boilerplate
 * regions inside the article, teaser cards, date-only lines, nor the labels of what was dropped.
 */
function keptBlocks(
  blocks: readonly TextBlock[],
  containers: readonly Element[],
  regionOfBlock: readonly (Element | undefined)[],
  teasers: ReadonlySet<number>,
): TextBlock[] {
  const containerOf = (node: Element): Element | undefined =>
    containers.find((container) => within(node, container));
  const inside: { block: TextBlock; keep: boolean; linkLine: boolean }[] = [];
  const linkLines = linkLinesInProse(blocks);
  // Several clock times each on a line of its own are a schedule's: data, not a post's stamp.
  const timetable = isTimetable(blocks);
  // Parents of prose paragraphs: a link list placed among them is part of the text ("Recommended: …").
  const proseParents = new Set<AnyNode>();
  blocks.forEach((block, index) => {
    if (isProse(block) && !regionOfBlock[index] && containerOf(block.owner)) {
      if (block.owner.parent) proseParents.add(block.owner.parent);
    }
  });
  // Every list's letters and linked letters, counted over its own items (not those of lists nested in it).
  const listSizes = new Map<Element, { chars: number; linkChars: number; items: number }>();
  blocks.forEach((block, index) => {
    if (block.kind !== 'item' || regionOfBlock[index] || !containerOf(block.owner)) return;
    const list = listOf(block.owner);
    if (!list) return;
    let size = listSizes.get(list);
    if (!size) listSizes.set(list, (size = { chars: 0, linkChars: 0, items: 0 }));
    size.chars += block.chars;
    size.linkChars += block.linkChars;
    size.items++;
  });
  blocks.forEach((block, index) => {
    if (!containerOf(block.owner)) return;
    const region = regionOfBlock[index];
    // A boilerplate region inside the article is dropped; one around it (the chosen element sits in it) is not.
    const boilerplate =
      region !== undefined && !containers.includes(region) && containerOf(region) !== undefined;
    let links = block.linkChars / block.chars > LINK_DENSITY_LIMIT && block.kind !== 'heading';
    if (links && block.kind === 'item') {
      const list = block.owner.parent;
      if (list?.parent && proseParents.has(list.parent)) links = false;
      // A list is a link list by all its items, as trafilatura judges lists: in a list of points
      // that say something, the one that is a link ("Here is our year in review!") is a point too.
      // A breadcrumb (short links and the page's own unlinked title) is no list of points: its items are words.
      const size = listSizes.get(listOf(block.owner)!);
      if (
        size &&
        size.chars >= size.items * LIST_POINT_LETTERS &&
        size.linkChars <= size.chars * LINK_DENSITY_LIMIT
      )
        links = false;
    }
    // A sentence among the article's paragraphs with many of its words linked (names, places, topics)
    // is still a sentence: it ends like one and has words of its own between the links.
    if (
      links &&
      block.kind === 'paragraph' &&
      block.owner.parent &&
      proseParents.has(block.owner.parent) &&
      block.chars - block.linkChars >= SHORT_BLOCK &&
      block.linkChars / block.chars <= LINKED_SENTENCE_DENSITY &&
      /[.!?…]["“”»)]?$/.test(block.text)
    ) {
      links = false;
    }
    // A link line goes with the article's paragraph before it, when that is kept.
    const previous = inside[inside.length - 1];
    if (links && linkLines.has(index) && previous?.block === blocks[index - 1] && previous?.keep)
      links = false;
    inside.push({
      block,
      linkLine: linkLines.has(index),
      keep:
        !boilerplate &&
        !links &&
        !teasers.has(index) &&
        !isDateLine(block, timetable) &&
        !isAdLabel(block) &&
        !isCreditLine(block) &&
        !isShareLine(block) &&
        // Among the article's own paragraphs such a line is its text ("… has not commented on it.",
        // "The copyright ran out in 2019.").
        !(
          (isLegalLine(block) || isCommentLine(block)) &&
          !(block.owner.parent && proseParents.has(block.owner.parent))
        ) &&
        !isBylineLine(block),
    });
  });
  const kept: TextBlock[] = [];
  const boxes = boxesAfterBody(inside);
  inside.forEach((entry, index) => {
    if (!entry.keep) return;
    if (boxes.has(index)) return;
    // A link line after a box left out (an author's bio, then their homepage) goes with it.
    if (entry.linkLine && boxes.has(index - 1)) return;
    // A label ("Read more:", "Related") right before a dropped link list introduced that list.
    const next = inside[index + 1];
    // (A link line the article names is no label: it is the link.)
    if (next && !next.keep && isLabel(entry.block) && !entry.linkLine) return;
    if (isWidgetLine(inside, index)) return;
    kept.push(entry.block);
  });
  return kept;
}

/** How many tags up two boxes are compared to tell a series of one markup from a box of its own. */
const BOX_SHAPE_DEPTH = 4;

/**
 * Boxes of one markup are a series (a list of questions, each answer in its card) only when one element
 * holds them all, this many tags up from their text: a bio in the article's column and a video's blurb
 * in the page's footer can share a markup without being a list.
 */
const SERIES_HOLDER_DEPTH = BOX_SHAPE_DEPTH + 1;

/**
 * The tag names of a block's element and the elements around it: the shape of its box; with
 * `classes`, each with its class names too: the markup a site gives such a box.
 */
function boxShape(block: TextBlock, { classes = false } = {}): string {
  const names: string[] = [];
  let node: AnyNode | null = block.owner;
  for (let depth = 0; depth < BOX_SHAPE_DEPTH && node && isElement(node); depth++, node = node.parent)
    names.push(classes ? `${node.name}.${(node.attribs.class ?? '').trim()}` : node.name);
  return names.join('<');
}

/** The element a series of boxes shares: the one `SERIES_HOLDER_DEPTH` tags up from the block's own. */
function seriesHolder(block: TextBlock): AnyNode | null {
  let node: AnyNode | null = block.owner;
  for (let depth = 0; depth < SERIES_HOLDER_DEPTH && node; depth++) node = node.parent;
  return node;
}

/**
 * Prose after the article's body that stands alone in boxes of its own: the author's bio, a
 * comment form's notice, a teaser. They follow the end of the body's run of paragraphs and a dropped
 * link block that breaks the text (a share bar, the author's linked name, a list of tags), each is the
 * only prose paragraph in its element, and its box's markup is not repeated: answers of a list of
 * questions, each in a card of its own, are a series and stay. A series of comments, each under its
 * commenter's linked name, goes.
 */
function boxesAfterBody(inside: readonly { block: TextBlock; keep: boolean }[]): Set<number> {
  const boxes = new Set<number>();
  const runs = new Map<AnyNode, number>();
  const prose = new Map<AnyNode, number>();
  for (const { block, keep } of inside) {
    if (!keep || !isProse(block) || !block.owner.parent) continue;
    prose.set(block.owner.parent, (prose.get(block.owner.parent) ?? 0) + 1);
    if (block.kind === 'paragraph')
      runs.set(block.owner.parent, (runs.get(block.owner.parent) ?? 0) + block.chars);
  }
  let body: Element | undefined;
  let longest = 0;
  for (const [parent, count] of runs) {
    if (count > longest && isElement(parent)) {
      longest = count;
      body = parent;
    }
  }
  if (!body || longest < ARTICLE_RUN) return boxes;
  // The body ends with the last block of its own element's, not with a box nested in that element
  // after its paragraphs: an author's box set inside the article's wrapper is as much after the body.
  let last = -1;
  inside.forEach(({ block }, index) => {
    if (block.owner.parent === body) last = index;
  });
  const bodyParagraph = inside.find(({ block }) => block.owner.parent === body && block.kind === 'paragraph');
  const markup = bodyParagraph && boxShape(bodyParagraph.block, { classes: true });
  // Only markup that names its boxes tells: bare tags are every box's.
  const bodyMarkup = markup && /\.[^<]/.test(markup) ? markup : undefined;
  let broken = false;
  for (let index = last + 1; index < inside.length; index++) {
    const { block, keep } = inside[index]!;
    if (!keep) {
      if (block.linkChars > 0) broken = true;
      continue;
    }
    // A list of links kept among the article's blocks ("More stories", "Best picks") breaks the text as
    // a dropped one does: what stands alone after it is no longer the body's.
    if (block.kind === 'item' && block.linkChars > block.chars * LINK_DENSITY_LIMIT) broken = true;
    if (broken && isProse(block) && prose.get(block.owner.parent!) === 1) boxes.add(index);
  }
  // Boxes are told apart by their shape within the element that holds them.
  const series = new Map<AnyNode | null, Map<string, number>>();
  const seriesOf = (block: TextBlock): Map<string, number> => {
    const holder = seriesHolder(block);
    let shapes = series.get(holder);
    if (!shapes) series.set(holder, (shapes = new Map()));
    return shapes;
  };
  for (const index of boxes) {
    const block = inside[index]!.block;
    const shapes = seriesOf(block);
    const shape = boxShape(block);
    shapes.set(shape, (shapes.get(shape) ?? 0) + 1);
  }
  // A series whose every box follows a dropped linked line (the commenter's linked name, a permalink's
  // date) is a thread of comments: answers follow their questions, which are text.
  const signed = new Map<AnyNode | null, Map<string, boolean>>();
  for (const index of boxes) {
    const block = inside[index]!.block;
    const before = inside[index - 1];
    const byline = before !== undefined && !before.keep && before.block.linkChars > 0;
    const holder = seriesHolder(block);
    let shapes = signed.get(holder);
    if (!shapes) signed.set(holder, (shapes = new Map()));
    const shape = boxShape(block);
    shapes.set(shape, (shapes.get(shape) ?? true) && byline);
  }
  for (const index of [...boxes]) {
    const block = inside[index]!.block;
    const shape = boxShape(block);
    if (seriesOf(block).get(shape)! > 1 && !signed.get(seriesHolder(block))!.get(shape)) boxes.delete(index);
    // A box marked up as the body's own paragraphs are is the body's next piece (an article set in
    // one box per paragraph, an embedded post between them), not a box of its own.
    else if (bodyMarkup !== undefined && boxShape(block, { classes: true }) === bodyMarkup)
      boxes.delete(index);
  }
  return boxes;
}

/** A button's or a tool's word ("Print", "Send", "+ Follow") is shorter than this (letters). */
const WIDGET_WORD_LETTERS = SHORT_BLOCK;

function isWidgetWord(block: TextBlock): boolean {
  // Figures ("13.4 MB", "-46%") are a table's cells, not a tool's words.
  return (
    block.kind === 'paragraph' &&
    block.chars < WIDGET_WORD_LETTERS &&
    !/\p{N}/u.test(block.text) &&
    !/[.!?…:;,]["“”»)]?$/.test(block.text)
  );
}

/**
 * A run of a word or two per line ("Send", "Print") that touches a dropped block before it and after it
 * (or ends the article) is the rest of a dropped tool bar, whose links went first: a share bar's
 * "Share" link beside its unlinked "Print".
 */
function isWidgetLine(inside: readonly { block: TextBlock; keep: boolean }[], index: number): boolean {
  if (!isWidgetWord(inside[index]!.block)) return false;
  let start = index;
  while (start > 0 && inside[start - 1]!.keep && isWidgetWord(inside[start - 1]!.block)) start--;
  let end = index;
  while (end + 1 < inside.length && inside[end + 1]!.keep && isWidgetWord(inside[end + 1]!.block)) end++;
  const before = inside[start - 1];
  const after = inside[end + 1];
  return before !== undefined && !before.keep && (after === undefined || !after.keep);
}

/** A list of points says this much (letters) an item on average; menus and breadcrumbs say a word or two. */
const LIST_POINT_LETTERS = 40;

/** The list (`ul`, `ol`, `menu`) an item's text belongs to: its nearest one. */
function listOf(owner: Element): Element | undefined {
  for (let node: AnyNode | null = owner; node && node.type !== 'root'; node = node.parent) {
    if (isElement(node) && (node.name === 'ul' || node.name === 'ol' || node.name === 'menu')) return node;
  }
  return undefined;
}

/** A paragraph among prose with up to this share of its letters in links is a sentence, not a link list. */
const LINKED_SENTENCE_DENSITY = 0.8;

/** Main text shorter than this (letters) is small for an article: trafilatura's `min_extracted_size`. */
const SMALL_MAIN_TEXT = 250;
/** One extraction is taken over the other when it holds more than this many times the letters. */
const LENGTH_RATIO = 2;

function letters(blocks: readonly TextBlock[]): number {
  let count = 0;
  for (const block of blocks) count += block.chars;
  return count;
}

/**
 * Whether the second opinion's text is the better main text, decided as trafilatura decides between
 * its own extraction and readability's: ours stands unless it is empty, the other holds much more, or
 * ours has no prose at all (only headings, list items or table rows) where the other has enough.
 */
function preferSecondOpinion(own: readonly TextBlock[], other: readonly TextBlock[]): boolean {
  const ownLength = letters(own);
  const otherLength = letters(other);
  if (otherLength === 0 || otherLength === ownLength) return false;
  if (ownLength > LENGTH_RATIO * otherLength) return false;
  if (ownLength === 0 || otherLength > LENGTH_RATIO * ownLength) return true;
  const ownProse = own.some(
    (block) => block.kind === 'paragraph' || block.kind === 'quote' || block.kind === 'code',
  );
  return !ownProse && otherLength > LENGTH_RATIO * SMALL_MAIN_TEXT;
}

/** A teaser under a linked headline says at most this much (letters) before the next headline. */
const TEASER_TEXT = 400;
/** This many linked headlines with short text under each make a list of teasers, not an article. */
const TEASER_COUNT = 3;

/**
 * Lists of teasers (a linked headline, a summary, a byline, again and again) are other articles,
 * however much prose their summaries hold. One linked headline over an article is the article's own.
 * A headline counts as linked too when its card repeats it as a link (a plain title, its summary,
 * "more", then the title linked).
 */
function teaserBlocks(blocks: readonly TextBlock[]): Set<number> {
  // Teasers repeat one markup: group linked headlines by tag, class and their card's tag.
  const groups = new Map<string, { start: number; end: number }[]>();
  for (let index = 0; index < blocks.length; index++) {
    const block = blocks[index]!;
    if (block.kind !== 'heading') continue;
    const linked = block.linkChars / block.chars > LINK_DENSITY_LIMIT;
    // A teaser's summary sits in the same card as its headline.
    const card = block.owner.parent as Element | null;
    let end = index + 1;
    let text = 0;
    // A card's headline may be plain text when its link repeats it under the summary ("weiter", then the title).
    let linkedAgain = false;
    while (
      end < blocks.length &&
      blocks[end]!.kind !== 'heading' &&
      card &&
      within(blocks[end]!.owner, card)
    ) {
      const next = blocks[end]!;
      text += next.chars - next.linkChars;
      if (next.linkChars / next.chars > LINK_DENSITY_LIMIT && next.text === block.text) linkedAgain = true;
      end++;
    }
    if (!linked && !linkedAgain) continue;
    if (text > TEASER_TEXT) continue;
    const signature = `${block.owner.name}.${block.owner.attribs?.class ?? ''}<${card?.name ?? ''}`;
    const group = groups.get(signature);
    if (group) group.push({ start: index, end });
    else groups.set(signature, [{ start: index, end }]);
  }
  const teasers = new Set<number>();
  for (const sections of groups.values()) {
    if (sections.length < TEASER_COUNT) continue;
    for (const { start, end } of sections) for (let index = start; index < end; index++) teasers.add(index);
  }
  return teasers;
}

/** Short text that introduces what follows rather than saying something: a heading or a short line. */
function isLabel(block: TextBlock): boolean {
  if (block.kind === 'heading') return block.chars < 80;
  // A line that ends a sentence, an ellipsis included, says something of its own.
  return block.kind === 'paragraph' && block.chars < 40 && !/[.!?"“”»…]$/.test(block.text);
}

const DATE_IN_LINE = /\b(?:1[89]|20)\d{2}\b|\b\d{1,2}[./]\d{1,2}[./]\d{2,4}\b/;

/** The words that mark an advertisement in the languages read most. */
const AD_WORDS =
  'advertisement|advertising|sponsored|anzeige|werbung|publicité|publicidad|pubblicità|publicidade|advertentie|reklama|annons|annonce';
/** A line that is only an ad's label, or an ad's label and what it says after a separator ("*Werbung. …"). */
const AD_LABEL = new RegExp(`^[*(\\[]?(?:${AD_WORDS})[*)\\]]?(?:\\s*[:.]?\\s*$|\\s*[-–—:|.]\\s)`, 'iu');
/** An ad's label with its line is short; a longer paragraph that begins so is text. */
const AD_LINE_LETTERS = 80;

/** "Advertisement", "ANZEIGE - Heute mal ausgehen? …": an ad's label left in the text. */
function isAdLabel(block: TextBlock): boolean {
  // An ad's label set as a heading over the slot is the same label.
  if (block.kind !== 'paragraph' && block.kind !== 'heading') return false;
  return block.chars <= AD_LINE_LETTERS && AD_LABEL.test(block.text.trim());
}

/** Agencies' and authors' initials joined by slashes: "aja/PAP", "(dpa/AFP)", "red / KNA". */
const AGENCY_CREDIT = /^\(?\p{L}{2,5}(?:\s?\/\s?\p{L}{2,5})+\)?$/u;
/** A line that names the text's source: "Quelle: dpa", "Źródło: ISBnews", "Source: Reuters". */
const SOURCE_CREDIT =
  /^(?:source|sources|quelle|quellen|źródło|zrodlo|fuente|fonte|bron|kilde|källa|lähde)\s*:\s*\S+(?:\s+\S+){0,3}$/iu;
/**
 * A line that only credits a picture: "Photograph by Jane Doe", "(Credit: Jane Doe / Agency)", "Photo:
 * Agency", "Foto: dpa", "Bild: Jane Doe", "Crédit photo : AFP", "Foto di Jane Doe" — a name or two
 * after the label, no sentence.
 */
const PICTURE_CREDIT =
  /^\(?(?:photo(?:graph)?s?|pictures?|images?|credits?|photo credits?|image credits?|fotos?|fotografie|fotografía|bild(?:er)?|bildquelle|crédits? photos?|crédit|foto di)\s*(?:by|von|de|di|:)\s*[^.!?:\n]{1,60}\)?$/iu;
/** A credit line is this short (letters). */
const CREDIT_LETTERS = 40;
/** A picture's credit names a photographer and an agency or two: this short (letters). */
const PICTURE_CREDIT_LETTERS = 60;

/** A line that only credits the text's agency or source: metadata, not text. */
function isCreditLine(block: TextBlock): boolean {
  if (block.kind !== 'paragraph') return false;
  const text = block.text.trim();
  if (block.chars <= PICTURE_CREDIT_LETTERS && PICTURE_CREDIT.test(text)) return true;
  return block.chars <= CREDIT_LETTERS && (AGENCY_CREDIT.test(text) || SOURCE_CREDIT.test(text));
}

/**
 * A line that passes the text on: a label about sharing it or its own address ("Read or Share this
 * story:", "Permalink:", "Short URL:", "Artikel teilen:", "Partager cet article :") and an address,
 * nothing more. Not any line of an address: "Paper: https://…" or "Download: https://…" is what the
 * text points its reader to.
 */
const SHARE_LINE =
  /^[^\n]{0,40}?(?<!\p{L})(?:share|permalink|perma-link|short ?(?:url|link)|shortlink|teilen|partager|partagez|compartir|comparte|condividi|compartilh\p{L}*|delen|deel|udostępnij|dela)(?!\p{L})[^\n]{0,30}?[:\-–—|]\s*(?:https?:\/\/|www\.)\S+$/iu;

/** A line that only passes the text on (`SHARE_LINE`). */
function isShareLine(block: TextBlock): boolean {
  return block.kind === 'paragraph' && SHARE_LINE.test(block.text.trim());
}

/**
 * What a copyright notice says, in the languages read most: the sign, "(C)" before a year or a name,
 * the word, and "all rights reserved".
 */
const LEGAL_NOTICE =
  /©|\([cC]\)\s*(?:\d{4}|\p{Lu})|\bcopyright\b|all rights reserved|alle rechte vorbehalten|tous droits réservés|todos los derechos reservados|tutti i diritti riservati|alle rechten voorbehouden|wszelkie prawa zastrzeżone|todos os direitos reservados/iu;
/** A copyright notice or a picture's credit is a line; a paragraph that names copyright is text. */
const LEGAL_LINE_LETTERS = 100;

/** A copyright notice or credit ("© 2020 The Company. All Rights Reserved.", "… / (C) Jane Doe"): not text. */
function isLegalLine(block: TextBlock): boolean {
  return block.kind === 'paragraph' && block.chars <= LEGAL_LINE_LETTERS && LEGAL_NOTICE.test(block.text);
}

/**
 * The words for readers' comments in the languages read most (a comment, to comment): a short line
 * with one of them is about the comment box ("No comments yet", "Comments are closed", "Log in to
 * leave a comment"), not part of the article.
 */
const COMMENT_WORDS =
  /(?:^|[^\p{L}])(?:comments?|kommentar\p{L}*|kommentieren|commentaires?|commenter|comentarios?|comentar|comentário\p{L}*|commento|commenti|commentare|komentarz\p{L}*|komentowa\p{L}*|reacties?|reageren)(?:$|[^\p{L}])/iu;
/** A line about the comment box is a sentence at most. */
const COMMENT_LINE_LETTERS = 100;

function isCommentLine(block: TextBlock): boolean {
  if (block.kind !== 'paragraph' && block.kind !== 'heading') return false;
  return block.chars <= COMMENT_LINE_LETTERS && COMMENT_WORDS.test(block.text);
}

/**
 * A byline on a line of its own: the word for "by" in the languages read most, then one to four
 * capitalised words, a name ("By Staff Writer", "Von Anna Meier", "Par Jean Dupont").
 */
const BYLINE = /^(?:by|von|par|por|door|av|af|przez)\s+\p{Lu}[\p{L}.'’-]*(?:\s+\p{Lu}[\p{L}.'’-]*){0,3}$/u;
/** A byline is a name; a longer line that begins with "By" is a sentence. */
const BYLINE_LETTERS = 40;

/** A line that only names the author: metadata, not text. */
function isBylineLine(block: TextBlock): boolean {
  if (block.kind !== 'paragraph' || block.chars > BYLINE_LETTERS) return false;
  // "By", "BY" and "by" open a byline alike; the name after it stays as written.
  const text = block.text.trim();
  return BYLINE.test(text.replace(/^\p{L}+/u, (word) => word.toLowerCase()));
}

/** Separators between the fields of a metadata line ("May 3, 2020 | Python, Rust | 4 Comments"). */
const FIELD_SEPARATORS = /\s[|·•]\s/;
/** Whether a page has several clock times each on a line of its own (a schedule's). */
const isTimetable = oncePerPage(
  (blocks) =>
    blocks.filter((block) => block.kind === 'paragraph' && TIME_ALONE.test(block.text.trim())).length > 1,
);
/** A clock time on a line of its own. */
const TIME_ALONE = /^\d{1,2}[:.]\d{2}(?:\s?(?:am|pm|a\.m\.|p\.m\.|uhr|h))?$/i;
/** A metadata row's field on a line of its own, its separator left at its start or end. */
const FIELD_AT_EDGE = /^\|\s|\s\|$/;
/** A line that is a label and its value, a metadata row's separator at either end or none. */
const FIELD_LINE = /^(?:\|\s*)?\p{L}[\p{L} ]{0,25}:\s*[^\n]{0,50}?(?:\s*\|)?$/u;
/** A dated line with fields this long at most is a byline or a post's metadata. */
const META_LINE_LETTERS = 120;

/**
 * A line that only dates the article ("7. Oktober 2020", "11 Jan 2019 · 5 min"), or dates it among
 * other fields set apart by separators ("January 13, 2020 | categories: Python | View Comments"):
 * metadata, not text. So is a clock time alone, unless the page has several (`timetable`: a
 * schedule's times are its data), and a metadata row's fields cut off at their separators.
 */
function isDateLine(block: TextBlock, timetable = false): boolean {
  if (block.kind !== 'paragraph') return false;
  const text = block.text.trim();
  // A clock time alone ("3:59 PM", "15.49 Uhr"), or a metadata row's fields on lines of their own,
  // cut off at their separators ("Views: 1120 |", "Added by: Posh", "| Rating: 0.0/0"): the post's
  // stamp and counters, not its text.
  if (TIME_ALONE.test(text) && !timetable) return true;
  const lines = text.split('\n').map((line) => line.trim());
  if (
    block.chars <= META_LINE_LETTERS &&
    lines.some((line) => FIELD_AT_EDGE.test(line)) &&
    lines.every((line) => FIELD_LINE.test(line))
  )
    return true;
  if (/[.!?]$/.test(block.text) || !DATE_IN_LINE.test(block.text)) return false;
  return block.chars <= 40 || (block.chars <= META_LINE_LETTERS && FIELD_SEPARATORS.test(block.text));
}

/** A label that introduces a list is a short line. */
const LABEL_LETTERS = 80;
/** Dropping a further-reading section never takes more than this share of the text: then it was the text. */
const FURTHER_READING_SHARE = 0.5;

/**
 * Sections announced as other articles ("Related articles", "Lesen Sie auch", "Las más leídas", "関連記事";
 * the words in further-reading.ts), left out with the heading or label that announces them when what
 * they hold is mostly links or short headline-like lines. A section runs to the next heading of its
 * level or higher, or to the end of its box (the smallest element around the label that holds more
 * text); where the label stands in the article's own flow of paragraphs, a prose paragraph of that flow
 * ends it too: the article goes on there. A section of prose under such words is the article's own.
 */
function withoutFurtherReading(blocks: readonly TextBlock[]): TextBlock[] {
  const dropped = new Set<number>();
  for (let index = 0; index < blocks.length; index++) {
    const label = blocks[index]!;
    // A label set as a list's item (a tab over a box of most-read stories) is a label line too.
    if (label.chars > LABEL_LETTERS || !['heading', 'paragraph', 'item'].includes(label.kind)) continue;
    const text = label.text.trim();
    const heading = label.kind === 'heading';
    // The article's tags ("Schlagworte", "Mots-clés") head a list of a word or two per line.
    const tags = isTagsHeading(text);
    if (!tags && (heading ? !isFurtherReadingHeading(text) : !opensWithFurtherReading(text))) continue;
    const section = furtherReadingSection(blocks, index);
    if (section.end === index + 1 && section.continued) continue;
    if (tags ? !onlyWords(blocks, index, section.end) : !mostlyHeadlines(blocks, index, section.end))
      continue;
    for (let inner = index; inner < section.end; inner++) dropped.add(inner);
    index = section.end - 1;
  }
  if (dropped.size === 0) return [...blocks];
  let total = 0;
  let lost = 0;
  blocks.forEach((block, index) => {
    total += block.chars;
    if (dropped.has(index)) lost += block.chars;
  });
  if (lost > total * FURTHER_READING_SHARE) return [...blocks];
  return blocks.filter((_, index) => !dropped.has(index));
}

/**
 * Where the section a further-reading label opens ends (the index after its last block), and whether
 * the article's own prose goes on right there (then a label that heads nothing heads the article's text).
 */
function furtherReadingSection(
  blocks: readonly TextBlock[],
  labelIndex: number,
): { end: number; continued: boolean } {
  const label = blocks[labelIndex]!;
  const next = blocks[labelIndex + 1];
  if (!next) return { end: labelIndex + 1, continued: false };
  // The label's box: the smallest element around it that holds other text.
  let box: AnyNode | null = label.owner;
  while (box && box.type !== 'root' && !within(next.owner, box as Element)) box = box.parent;
  if (!box || box.type === 'root') return { end: labelIndex + 1, continued: false };
  const boxElement = box as Element;
  // In the article's flow when prose of the same box stands before it.
  let inFlow = false;
  for (let before = labelIndex - 1; before >= 0 && within(blocks[before]!.owner, boxElement); before--) {
    if (isProse(blocks[before]!)) {
      inFlow = true;
      break;
    }
  }
  // A label line ("Mirá también", a tab's "Las más leídas") introduces a list, never a text.
  const line = label.kind !== 'heading';
  let end = labelIndex + 1;
  // Blocks before this index sit in a card: a heading and at most a teaser's text under it.
  let cardEnd = -1;
  for (; end < blocks.length; end++) {
    const block = blocks[end]!;
    if (!within(block.owner, boxElement)) break;
    if (block.kind === 'heading') {
      // A heading of the label's level or higher opens the next section; one under a label line opens a card.
      if (line ? inFlow : block.level <= label.level) break;
      let after = end + 1;
      let text = 0;
      while (
        after < blocks.length &&
        blocks[after]!.kind !== 'heading' &&
        within(blocks[after]!.owner, boxElement)
      )
        text += blocks[after++]!.chars;
      cardEnd = text <= TEASER_TEXT ? after : end + 1;
      continue;
    }
    if (end < cardEnd) continue;
    // A prose paragraph outside a card is the article again, in its flow or after a label line's list.
    if ((inFlow || line) && block.kind === 'paragraph' && isProse(block)) return { end, continued: true };
  }
  return { end, continued: false };
}

/** Whether a section holds only a word or two per line (a list of tags), and no heading. */
function onlyWords(blocks: readonly TextBlock[], labelIndex: number, end: number): boolean {
  for (let index = labelIndex + 1; index < end; index++) {
    const block = blocks[index]!;
    if ((block.kind !== 'item' && block.kind !== 'paragraph') || block.chars >= SHORT_BLOCK) return false;
  }
  return true;
}

/**
 * Whether a section holds mostly links or short lines of a headline's shape: linked lines, headings,
 * lines shorter than a paragraph, and the short summaries of cards (a heading and at most a teaser's
 * text under it) outweigh its prose.
 */
function mostlyHeadlines(blocks: readonly TextBlock[], labelIndex: number, end: number): boolean {
  let headlines = 0;
  let prose = 0;
  for (let index = labelIndex + 1; index < end; index++) {
    const block = blocks[index]!;
    if (block.kind === 'heading') {
      headlines += block.chars;
      // A card: the heading and its short text, up to the next heading.
      let cardEnd = index + 1;
      let cardText = 0;
      while (cardEnd < end && blocks[cardEnd]!.kind !== 'heading') cardText += blocks[cardEnd++]!.chars;
      if (cardText <= TEASER_TEXT) {
        headlines += cardText;
        index = cardEnd - 1;
      }
      continue;
    }
    if (block.linkChars > block.chars * LINK_DENSITY_LIMIT || block.chars - block.linkChars < PROSE_BLOCK)
      headlines += block.chars;
    else {
      // A sentence around links to other pages counts by its links.
      headlines += block.linkChars;
      prose += block.chars - block.linkChars;
    }
  }
  return headlines > prose || prose === 0;
}

/**
 * A heading whose section lost all its text ("Related articles" over a dropped link list) is dropped
 * too: nothing under it is left to head.
 */
function withoutOrphanHeadings(blocks: readonly TextBlock[]): TextBlock[] {
  const kept: TextBlock[] = [];
  for (let index = 0; index < blocks.length; index++) {
    const block = blocks[index]!;
    if (block.kind === 'heading') {
      const next = blocks[index + 1];
      if (!next || (next.kind === 'heading' && next.level <= block.level)) continue;
    }
    kept.push(block);
  }
  return kept;
}

/** Writes blocks as Markdown-like plain text: `# Heading`, `- item`, paragraphs between blank lines. */
export function blocksToParagraphs(blocks: readonly TextBlock[]): string[] {
  const paragraphs: string[] = [];
  let previous: TextBlock | undefined;
  for (const block of blocks) {
    let line: string;
    switch (block.kind) {
      case 'heading':
        line = `${'#'.repeat(block.level)} ${block.text.replace(/\n/g, ' ')}`;
        break;
      case 'item':
        line = `${block.marker} ${block.text.replace(/\n/g, ' ')}`;
        break;
      case 'quote':
        line = block.text
          .split('\n')
          .map((row) => `> ${row}`)
          .join('\n');
        break;
      case 'code':
        line = '```\n' + block.text + '\n```';
        break;
      default:
        line = block.text;
    }
    // List items and table rows stay together as one paragraph, as they would be read.
    const sameList =
      previous &&
      ((previous.kind === 'item' && block.kind === 'item') ||
        (previous.kind === 'row' && block.kind === 'row'));
    if (sameList && paragraphs.length > 0) paragraphs[paragraphs.length - 1] += `\n${line}`;
    else paragraphs.push(line);
    previous = block;
  }
  return paragraphs;
}
