// Reads an HTML page the way an agent needs it: the main text as Markdown-like plain text (no menus,
// footers, cookie banners, comments or ads), split into parts, with the page's title, picture and
// publication date; given a question, only the passages that answer it.
import { load } from 'cheerio/slim';
import { flattenDeepNesting } from './extract/dom.ts';
import { blocksToParagraphs, selectMainText } from './extract/main-text.ts';
import { collectBlocks } from './extract/text-blocks.ts';
import { pageImage, pageLanguage, pageTitle, publishedDate, readHead } from './extract/metadata.ts';
import { splitIntoParts } from './extract/parts.ts';
import {
  buildPassages,
  LOCAL_METHOD,
  matchesText,
  selectReading,
  selectReadingWithMeaning,
  type QuestionFilter,
  type Selection,
  type SelectionOptions,
  type QuestionMatch,
} from './extract/question-filter.ts';
import {
  articleBodyParagraphs,
  NEARLY_EMPTY_TEXT,
  preferArticleBody,
  scriptParagraphs,
  withArticleBody,
} from './extract/script-text.ts';
import { EmbeddingsError, rankPassagesByEmbeddings, type EmbeddingsSettings } from './embeddings-ranking.ts';

export type { QuestionFilter, QuestionMatch, Passage } from './extract/question-filter.ts';
export type { EmbeddingsSettings } from './embeddings-ranking.ts';

/** Characters per part when the caller gives none; the same default as `config.read.partSize`. */
export const DEFAULT_PART_SIZE = 6_000;

/** Deeper nesting than this is flattened to text; real pages stay far below it (a few dozen levels). */
const MAX_DEPTH = 400;

export interface ReadHtmlOptions {
  /** The page's address: makes the picture's address absolute and can carry the date. */
  url: string;
  /** Only the passages that answer this question come back. */
  question?: string;
  /** Which part to read, 1-based (default 1). */
  part?: number;
  /** About this many characters per part (default `DEFAULT_PART_SIZE`). */
  partSize?: number;
  /** A provider's question filter; without one (or when it declines) the local BM25 ranking is used. */
  questionFilter?: QuestionFilter;
  /** The clock for the date rules (dates in the future are mistakes). */
  now?: number;
}

export interface ReadHtmlResult {
  title: string;
  /**
   * What to read: the requested part of the main text, or, given a question, the passages that answer
   * it, best first, each headed by its part number.
   */
  text: string;
  /** The whole main text in parts of about `partSize` characters; the page's picture ends part 1. */
  parts: string[];
  /** The part `text` holds (1-based); with a question, the part of the best passage. */
  part: number;
  partCount: number;
  /** ISO 8601 day or date-time with its zone, when the page states one plainly. */
  publishedDate?: string;
  /** The page's own picture (`og:image`), absolute. */
  image?: string;
  /**
   * `main-text` for a plain read; given a question, `local-bm25`, `local-bm25+embeddings` (reranked by the
   * operator's embeddings endpoint) or the question filter's name.
   */
  method: string;
  /** Given a question: the passages that answer it, best first, with their parts. */
  matches?: QuestionMatch[];
  /** Said when something about the result needs explaining (no main text, a part out of range). */
  note?: string;
}

function checkedPositive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) {
    throw new RangeError(`readHtml: ${name} must be a whole number of 1 or more, got ${String(value)}.`);
  }
  return value;
}

/**
 * Reads one HTML page. Synchronous and pure: fetching and caching are the caller's business. A
 * question is ranked without the sentence encoder, which is asynchronous: `readHtmlWithMeaning` uses it.
 */
export function readHtml(html: string, options: ReadHtmlOptions): ReadHtmlResult {
  return readDocument(html, options).result;
}

/**
 * Reads one HTML page as `readHtml` does and, given an English question on an English page, ranks
 * its passages with the sentence encoder's nearness too (sentence-encoder.ts; `QUARRY_SENTENCE_ENCODER=off`
 * turns it off). This is how read_page reads.
 */
export async function readHtmlWithMeaning(html: string, options: ReadHtmlOptions): Promise<ReadHtmlResult> {
  return (await readDocumentWithMeaning(html, options)).result;
}

/** A small page and questions of the kinds asked most, for `warmUpReading`. */
const WARM_UP_PAGE =
  '<html lang="en"><head><title>Ferries</title></head><body><article><p>The ferry leaves the north pier every forty minutes, from six in the morning until midnight.</p><p>Captain Anna Berg, who has run the line since March 2019, said 1,200 people cross each day because the bridge is closed.</p></article></body></html>';
const WARM_UP_QUESTIONS = [
  'How many passengers travel daily?',
  'Who is in charge of the line?',
  'Why do so many people take it?',
];

/**
 * Reads a small page with questions of the kinds asked most, so that the first question a worker is
 * asked does not pay for loading the ranking's parts (the English stemmer and stop words, the language
 * detector, the answer kinds' patterns, the sentence encoder: about a second on a fresh process).
 * Returns the reads.
 */
export async function warmUpReading(): Promise<ReadHtmlResult[]> {
  const reads: ReadHtmlResult[] = [];
  for (const question of WARM_UP_QUESTIONS)
    reads.push(await readHtmlWithMeaning(WARM_UP_PAGE, { url: 'http://localhost/warm-up', question }));
  return reads;
}

export interface ReadHtmlWithEmbeddingsOptions extends ReadHtmlOptions {
  /** The operator's embeddings endpoint (`config.read.embeddings`). */
  embeddings: EmbeddingsSettings;
  /** For tests; the global fetch otherwise. The endpoint is the operator's own, not a page's address. */
  fetch?: typeof fetch;
}

/**
 * Reads a page as `readHtml` does and, given a question the local ranking answered, reranks the
 * passages with the embeddings endpoint (`method` is then `local-bm25+embeddings`). When the endpoint
 * fails, the local answer stands and `note` says why and what to check.
 */
export async function readHtmlWithEmbeddings(
  html: string,
  options: ReadHtmlWithEmbeddingsOptions,
): Promise<ReadHtmlResult> {
  const { result, paragraphs, partOfParagraph, partSize } = await readDocumentWithMeaning(html, options);
  const question = options.question?.trim();
  if (!question || result.method !== LOCAL_METHOD || paragraphs.length === 0) return result;
  const passages = buildPassages(paragraphs, partOfParagraph);
  try {
    const matches = await rankPassagesByEmbeddings(
      question,
      passages,
      result.matches ?? [],
      partSize,
      options.embeddings,
      options.fetch,
    );
    if (matches.length === 0) return result;
    result.matches = matches;
    result.text = matchesText(matches);
    result.part = matches[0]!.part;
    result.method = `${LOCAL_METHOD}+embeddings`;
    delete result.note;
  } catch (error) {
    if (!(error instanceof EmbeddingsError)) throw error;
    result.note = `${error.message} The local ranking answered.`;
  }
  return result;
}

/**
 * How pages are parsed: as HTML, except that an element written self-closed (`<a href="/top"/>`,
 * `<div/>`) ends there, as its author meant; HTML's rules leave it open round the rest of the page,
 * which then reads as one link (every article word link text) or one empty box. No page of the
 * corpora reads differently for it.
 */
const PARSING = { xml: { xmlMode: false, recognizeSelfClosing: true, decodeEntities: true } };

/** The meta tags in which a page describes itself. */
const DESCRIPTION_TAGS = ['description', 'og:description', 'twitter:description'];

/** A page read up to choosing what to give of it: the selection's input and the result so far. */
interface ReadDocument {
  result: ReadHtmlResult;
  paragraphs: string[];
  parts: string[];
  partOfParagraph: number[];
  partSize: number;
  selection: SelectionOptions;
}

function readDocument(html: string, options: ReadHtmlOptions): ReadDocument {
  const read = documentBeforeSelection(html, options);
  withSelection(
    read.result,
    selectReading(read.paragraphs, read.parts, read.partOfParagraph, read.selection),
  );
  return read;
}

async function readDocumentWithMeaning(html: string, options: ReadHtmlOptions): Promise<ReadDocument> {
  const read = documentBeforeSelection(html, options);
  withSelection(
    read.result,
    await selectReadingWithMeaning(read.paragraphs, read.parts, read.partOfParagraph, read.selection),
  );
  return read;
}

function withSelection(result: ReadHtmlResult, selection: Selection): void {
  result.text = selection.text;
  result.part = selection.part;
  if (selection.method) result.method = selection.method;
  if (selection.matches) result.matches = selection.matches;
  if (selection.note) result.note = selection.note;
}

function documentBeforeSelection(html: string, options: ReadHtmlOptions): ReadDocument {
  const partSize = checkedPositive('partSize', options.partSize, DEFAULT_PART_SIZE);
  const requestedPart = checkedPositive('part', options.part, 1);
  const root = load(html, PARSING).root()[0]!;
  flattenDeepNesting(root, MAX_DEPTH);

  const head = readHead(root);
  const title = pageTitle(head, root);
  const image = pageImage(head, options.url);
  const blocks = collectBlocks(root);
  const date = publishedDate(head, root, { url: options.url, now: options.now, blocks });

  const main = selectMainText(
    blocks,
    DESCRIPTION_TAGS.flatMap((name) => head.meta.get(name) ?? []),
  );
  let paragraphs = blocksToParagraphs(main.blocks);
  const articleBody = articleBodyParagraphs(head.jsonLd);
  if (preferArticleBody(paragraphs, articleBody)) paragraphs = withArticleBody(paragraphs, articleBody);
  else if (paragraphs.join('').length < NEARLY_EMPTY_TEXT) {
    // Built by JavaScript: the article may be in the page's data instead (a third opinion).
    const fromScripts = scriptParagraphs(root, head.jsonLd);
    if (fromScripts.join('').length > paragraphs.join('').length) paragraphs = fromScripts;
  }
  const split = splitIntoParts(paragraphs, partSize);
  const parts = split.parts;
  if (image) {
    if (parts.length === 0) parts.push(`![](${image})`);
    else parts[0] = `${parts[0]}\n\n![](${image})`;
  }

  const result: ReadHtmlResult = {
    title,
    text: '',
    parts,
    part: requestedPart,
    partCount: parts.length,
    method: 'main-text',
  };
  if (date) result.publishedDate = date;
  if (image) result.image = image;

  if (paragraphs.length === 0) {
    result.note =
      'The page has no readable main text (it may be only navigation, or built by JavaScript); only its title and metadata were read.';
  }

  const selection: SelectionOptions = {
    question: options.question,
    part: requestedPart,
    partSize,
    questionFilter: options.questionFilter,
    noun: 'page',
    context: { title, language: pageLanguage(head, root) },
  };
  return { result, paragraphs, parts, partOfParagraph: split.partOfParagraph, partSize, selection };
}
