// Given a question, keeps only the passages of a page that answer it, ranked, each with the part it is
// in so an agent can read around it. The local ranking is BM25 over the page's passages; a provider
// that filters pages by question can be plugged in as a `QuestionFilter`.
import { bm25Scores } from './bm25.ts';

export interface Passage {
  text: string;
  /** 1-based part holding the passage's start. */
  part: number;
}

export interface QuestionMatch {
  part: number;
  text: string;
  /** The ranking's score (BM25 for the local ranking); higher is better. */
  score: number;
}

/**
 * Another way to pick the passages that answer a question, e.g. a search provider's page filter whose
 * answer was fetched beforehand. `select` returns passage indices, best first, or undefined to let the
 * local ranking decide.
 */
export interface QuestionFilter {
  /** Named in the result's `method` when used, e.g. `tavily-extract`. */
  method: string;
  select(question: string, passages: readonly Passage[]): readonly number[] | undefined;
}

/** A passage shorter than this is joined to the next: a heading or a one-line paragraph says little alone. */
const SHORT_PASSAGE = 160;
/** Joined passages stop growing here, so one passage stays one idea. */
const LONG_PASSAGE = 900;
/** Passages scoring under this share of the best one are not answers. */
const RELATIVE_SCORE = 0.45;
/** At most this many passages come back. */
const MOST_PASSAGES = 5;
/** What comes back stays under this share of the page (the point of asking a question). */
const PAGE_SHARE = 0.2;

/** Groups paragraphs into passages: headings and short paragraphs join the paragraph after them. */
export function buildPassages(paragraphs: readonly string[], partOfParagraph: readonly number[]): Passage[] {
  const passages: Passage[] = [];
  let text = '';
  let part = 0;
  paragraphs.forEach((paragraph, index) => {
    if (!text) part = partOfParagraph[index] ?? 1;
    text = text ? `${text}\n\n${paragraph}` : paragraph;
    const next = paragraphs[index + 1];
    const endsHere =
      next === undefined ||
      (text.length >= SHORT_PASSAGE && !text.endsWith(':')) ||
      text.length + next.length > LONG_PASSAGE;
    if (endsHere) {
      passages.push({ text, part });
      text = '';
    }
  });
  return passages;
}

/** The passages BM25 ranks as answers: close to the best score, few, and a small share of the page. */
export function rankPassages(
  question: string,
  passages: readonly Passage[],
  partSize: number,
): QuestionMatch[] {
  const scores = bm25Scores(
    question,
    passages.map((passage) => passage.text),
  );
  const order = scores
    .map((score, index) => ({ score, index }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score);
  const best = order[0]?.score ?? 0;
  const pageLength = passages.reduce((sum, passage) => sum + passage.text.length, 0);
  const budget = Math.min(pageLength * PAGE_SHARE, partSize);
  const matches: QuestionMatch[] = [];
  let used = 0;
  for (const { score, index } of order) {
    if (score < best * RELATIVE_SCORE || matches.length >= MOST_PASSAGES) break;
    const passage = passages[index]!;
    if (matches.length > 0 && used + passage.text.length > budget) continue;
    matches.push({ part: passage.part, text: passage.text, score: Math.round(score * 1000) / 1000 });
    used += passage.text.length;
  }
  return matches;
}

/** Passages picked by another filter, in its order. */
export function filteredPassages(indices: readonly number[], passages: readonly Passage[]): QuestionMatch[] {
  const matches: QuestionMatch[] = [];
  indices.forEach((index, rank) => {
    const passage = passages[index];
    if (passage) matches.push({ part: passage.part, text: passage.text, score: indices.length - rank });
  });
  return matches;
}

/** What a reader gets from a document's paragraphs: the part asked for, or the passages answering a question. */
export interface Selection {
  text: string;
  part: number;
  /** Set given a question: `local-bm25` or the question filter's name. */
  method?: string;
  matches?: QuestionMatch[];
  note?: string;
}

export interface SelectionOptions {
  question?: string;
  /** The part asked for (1-based). */
  part: number;
  partSize: number;
  questionFilter?: QuestionFilter;
  /** How the notes name the document: `page` or `document`. */
  noun: string;
}

/**
 * Picks what to read from a document split into parts: given a question, the passages that answer it
 * (the filter's choice, else BM25), each headed by its part; otherwise the part asked for. HTML, plain
 * text and PDF all go through here, so they answer alike.
 */
export function selectReading(
  paragraphs: readonly string[],
  parts: readonly string[],
  partOfParagraph: readonly number[],
  options: SelectionOptions,
): Selection {
  const question = options.question?.trim();
  if (question) {
    const passages = buildPassages(paragraphs, partOfParagraph);
    const chosen = options.questionFilter?.select(question, passages);
    const matches = chosen
      ? filteredPassages(chosen, passages)
      : rankPassages(question, passages, options.partSize);
    const selection: Selection = {
      text: matches.map((match) => `[part ${match.part}]\n${match.text}`).join('\n\n'),
      part: matches[0]?.part ?? options.part,
      method: chosen && options.questionFilter ? options.questionFilter.method : 'local-bm25',
      matches,
    };
    if (matches.length === 0 && paragraphs.length > 0) {
      selection.note = `No passage of the ${options.noun} matches the question; read the ${options.noun} by parts instead.`;
    }
    return selection;
  }
  if (options.part > Math.max(parts.length, 1)) {
    const count = `${parts.length} part${parts.length === 1 ? '' : 's'}`;
    return {
      text: '',
      part: options.part,
      note: `The ${options.noun} has ${count}; part ${options.part} does not exist.`,
    };
  }
  return { text: parts[options.part - 1] ?? '', part: options.part };
}
