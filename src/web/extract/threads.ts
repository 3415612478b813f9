// Readers' comments found by their shape rather than their names: on a page whose markup names nothing
// we know ("comments", "kommentare"), a thread is still a series of entries of one markup under one
// element, each stamped with when it was written ("19. Februar 2017 20:00", "14/04/2020 at 3:00 pm",
// "6 years ago") beside what its reader wrote. An article states its own day once, in its header; a
// list of events in a table or one line per item carries its day inside its text, not as a line of
// its own over text.
import { within, type AnyNode, type Element } from './dom.ts';

/** What the thread finder needs to know about one text block (main-text.ts's blocks have it). */
export interface ThreadBlock {
  kind: string;
  text: string;
  /** The element the text lives in. */
  owner: Element;
  /** Letters and digits in the block, and how many of them are inside links. */
  chars: number;
  linkChars: number;
}

/** A stamp is a short line: a name, a day and a time at most ("Alan Goodale wrote on … at 3:53 am:"). */
const STAMP_LETTERS = 80;
/** A year, or a numeric day ("14/04/2020", "28.12.13"). */
const YEAR_OR_DAY = /\b(?:1[89]|20)\d{2}\b|\b\d{1,2}[./]\d{1,2}[./]\d{2,4}\b/;
/** A time of day: "20:00", "3:53 am", "14h30"; not a score's "5:1" nor a part of a longer number. */
const TIME_OF_DAY = /(?:^|[^\d:.,])(?:[01]?\d|2[0-3])[:h][0-5]\d(?![\d:])/;
/**
 * A time written relative to now, with its number, in the languages read most: "6 years ago", "vor 2
 * Stunden", "il y a 3 jours", "hace 5 días", "há 2 horas", "před 3 dny", "3 giorni fa", "2 dni temu",
 * "3 dagen geleden", "för 2 dagar sedan", "for 2 dager siden", "2 päivää sitten", "3 gün önce", "2 дня назад".
 */
const RELATIVE_TIME =
  /(?:^|[^\p{L}])(?:\d+\s*\p{L}+\.?\s+(?:ago|fa|temu|geleden|sedan|siden|sitten|önce|назад|тому)|(?:vor|il y a|hace|há|před|for|för)\s+\d+\s*\p{L}+)(?![\p{L}])/iu;

/** A short line that says when an entry was written. */
export function isStamp(block: ThreadBlock): boolean {
  if (block.chars > STAMP_LETTERS || block.kind === 'heading' || block.kind === 'row') return false;
  const text = block.text;
  return (YEAR_OR_DAY.test(text) && TIME_OF_DAY.test(text)) || RELATIVE_TIME.test(text);
}

/** An entry's stamp sits a few tags deep in it: paths longer than this (characters) are not followed. */
const MAX_PATH = 200;
/** This many stamped entries of one markup side by side make a thread. */
const THREAD_ENTRIES = 3;
/** Table rows and cells stamped with a day and a time are a schedule, not a thread. */
const TABLE_TAGS = new Set(['table', 'tbody', 'thead', 'tfoot', 'tr', 'td', 'th']);
/**
 * Paragraphs side by side under one element adding up to this many letters are an article's body;
 * each counts from this many letters (a line of Chinese or Japanese says as much as an English
 * sentence in fewer characters). Beside such a body a thread is the readers' comments; without one,
 * a forum's thread or a stream of posts, it is the page's content.
 */
const ARTICLE_RUN = 500;
const RUN_PARAGRAPH = 25;
/** Blocks with more of their letters in links than this are menus and link lists, not text. */
const LINK_DENSITY_LIMIT = 0.5;

export interface ThreadOptions {
  /** Blocks set apart as boilerplate by what their elements are (nav, aside, footer, roles): not the page's text. */
  boilerplate: (index: number) => boolean;
}

/**
 * The blocks that belong to comment threads recognised by their stamps: series of at least three
 * entries (children of one element, reaching their stamps through the same tags) that each hold a
 * stamp and text besides it, beside an article's body: without a body outside its entries, the
 * series is the page's content (a forum's thread, whose first entry is the question; a stream of posts).
 */
export function threadBlocks(blocks: readonly ThreadBlock[], options: ThreadOptions): Set<number> {
  const found = new Set<number>();
  const stamps: number[] = [];
  blocks.forEach((block, index) => {
    if (isStamp(block)) stamps.push(index);
  });
  if (stamps.length < THREAD_ENTRIES) return found;
  // Each element, with its children that hold a stamp, grouped by the tags from the stamp up to the
  // child: entries made from one template reach their stamps the same way ("li<article<footer<p").
  const stamped = new Map<Element, Map<string, Set<Element>>>();
  for (const index of stamps) {
    let child: AnyNode = blocks[index]!.owner;
    let path = '';
    for (
      let parent = child.parent;
      parent && parent.type !== 'root';
      child = parent, parent = parent.parent
    ) {
      path = `${path}<${(child as Element).name}`;
      if (path.length > MAX_PATH) break;
      let groups = stamped.get(parent as Element);
      if (!groups) stamped.set(parent as Element, (groups = new Map()));
      let group = groups.get(path);
      if (!group) groups.set(path, (group = new Set()));
      group.add(child as Element);
    }
  }
  const series: Element[][] = [];
  for (const groups of stamped.values()) {
    for (const group of groups.values()) {
      if (group.size < THREAD_ENTRIES) continue;
      const [first] = group;
      if (TABLE_TAGS.has(first!.name)) continue;
      series.push([...group]);
    }
  }
  if (series.length === 0) return found;
  const stampSet = new Set(stamps);
  // Each entry with its series, so every block finds its entries in one walk up the tree.
  const seriesOf = new Map<Element, number[]>();
  series.forEach((entries, number) => {
    for (const entry of entries) {
      const numbers = seriesOf.get(entry);
      if (numbers) numbers.push(number);
      else seriesOf.set(entry, [number]);
    }
  });
  const totals = series.map(() => ({ inside: [] as number[], written: new Set<Element>() }));
  // The paragraphs side by side under each parent: an article's body, wherever it is.
  const runs = new Map<AnyNode, number>();
  blocks.forEach((block, index) => {
    const text = block.linkChars <= block.chars * LINK_DENSITY_LIMIT;
    if (
      text &&
      block.kind === 'paragraph' &&
      block.chars >= RUN_PARAGRAPH &&
      block.owner.parent &&
      !options.boilerplate(index)
    )
      runs.set(block.owner.parent, (runs.get(block.owner.parent) ?? 0) + block.chars);
    for (let node: AnyNode | null = block.owner; node && node.type !== 'root'; node = node.parent) {
      const numbers = seriesOf.get(node as Element);
      if (!numbers) continue;
      for (const number of numbers) {
        const total = totals[number]!;
        total.inside.push(index);
        // What the reader wrote: text of its own, not only a "Reply" link beside the stamp.
        if (text && !stampSet.has(index)) total.written.add(node as Element);
      }
    }
  });
  const bodies = [...runs].filter(([, letters]) => letters >= ARTICLE_RUN).map(([parent]) => parent);
  series.forEach((entries, number) => {
    const { inside, written } = totals[number]!;
    // Entries that are only their stamps (a list of dated links) are a listing, not what readers wrote.
    if (written.size < THREAD_ENTRIES) return;
    // Without an article's body beside it, the thread is what the page holds.
    if (!bodies.some((body) => !entries.some((entry) => within(body, entry)))) return;
    for (const index of inside) found.add(index);
  });
  return found;
}
