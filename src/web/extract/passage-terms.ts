// Words as the question filter compares them: lower-cased, stop words out, stemmed for the page's
// language (Snowball stemmers from @orama/stemmers; stop words from the `stopword` package and
// Snowball's own lists from @orama/stopwords), so
// "Heizungen" finds "Heizung" and "recycled" finds "recycling". A language without a stemmer here
// falls back to the first letters of each word, a crude stemmer that works in every language.
import { createRequire } from 'node:module';
import type * as Stopword from 'stopword';
import type * as Tinyld from 'tinyld';

// The stemmers, stop word lists and language detector are loaded when a question is first ranked, not
// when the module is imported: every command line and worker imports the readers, few rank questions.
const require = createRequire(import.meta.url);

interface Language {
  /**
   * The `@orama/stemmers` module that stems the language, if one does; `@orama/stopwords` names its
   * Snowball stop word list the same.
   */
  stemmer?: string;
  /** The `stopword` package's list for the language. */
  stopWords: keyof typeof Stopword;
}

/** The languages read with their own stemmer and stop words, by ISO 639-1 code. */
const LANGUAGES: Record<string, Language> = {
  en: { stemmer: 'english', stopWords: 'eng' },
  de: { stemmer: 'german', stopWords: 'deu' },
  fr: { stemmer: 'french', stopWords: 'fra' },
  es: { stemmer: 'spanish', stopWords: 'spa' },
  it: { stemmer: 'italian', stopWords: 'ita' },
  pt: { stemmer: 'portuguese', stopWords: 'por' },
  nl: { stemmer: 'dutch', stopWords: 'nld' },
  sv: { stemmer: 'swedish', stopWords: 'swe' },
  da: { stemmer: 'danish', stopWords: 'dan' },
  no: { stemmer: 'norwegian', stopWords: 'nob' },
  nb: { stemmer: 'norwegian', stopWords: 'nob' },
  fi: { stemmer: 'finnish', stopWords: 'fin' },
  hu: { stemmer: 'hungarian', stopWords: 'hun' },
  ro: { stemmer: 'romanian', stopWords: 'ron' },
  ru: { stemmer: 'russian', stopWords: 'rus' },
  tr: { stemmer: 'turkish', stopWords: 'tur' },
  uk: { stemmer: 'ukrainian', stopWords: 'ukr' },
  bg: { stemmer: 'bulgarian', stopWords: 'bul' },
  el: { stemmer: 'greek', stopWords: 'ell' },
  lt: { stemmer: 'lithuanian', stopWords: 'lit' },
  id: { stemmer: 'indonesian', stopWords: 'ind' },
  ga: { stemmer: 'irish', stopWords: 'gle' },
  hy: { stemmer: 'armenian', stopWords: 'hye' },
  ar: { stemmer: 'arabic', stopWords: 'ara' },
  // Written without spaces between words: read as pairs of characters (`eastAsianTerms`).
  ja: { stopWords: 'jpn' },
  zh: { stopWords: 'zho' },
  // No stemmer for these in the package (its Slovak one is not exported): stop words, and the first
  // letters of each word.
  pl: { stopWords: 'pol' },
  cs: { stopWords: 'ces' },
  sk: { stopWords: 'slk' },
};

/**
 * Stems kept for each stemmer, across pages, up to this many words (then forgotten all at once):
 * the Snowball stemmers take microseconds a word (the English one builds its regular expressions on
 * each call), most of a question's ranking time, and a language's common words come back on every
 * page. Some tens of thousands of words cover them in a few megabytes.
 */
const REMEMBERED_STEMS = 50_000;

const stemmers = new Map<string, (word: string) => string>();
function stemmerOf(language: Language): ((word: string) => string) | undefined {
  if (!language.stemmer) return undefined;
  let stem = stemmers.get(language.stemmer);
  if (!stem) {
    stem = remembered(
      (require(`@orama/stemmers/${language.stemmer}`) as { stemmer: (word: string) => string }).stemmer,
    );
    stemmers.set(language.stemmer, stem);
  }
  return stem;
}

/** A stemmer that gives a word it has stemmed before from memory (a stemmer is a pure function). */
function remembered(stemmer: (word: string) => string): (word: string) => string {
  const stems = new Map<string, string>();
  return (word) => {
    let stem = stems.get(word);
    if (stem === undefined) {
      if (stems.size >= REMEMBERED_STEMS) stems.clear();
      stem = stemmer(word);
      stems.set(word, stem);
    }
    return stem;
  };
}

let stopwordLists: typeof Stopword | undefined;
const stopWordsByLanguage = new Map<Language, readonly string[]>();
/**
 * The `stopword` package's list with Snowball's beside it: the first misses common function words
 * ("does", "will", "its"; Spanish "han", "fueron", "cuántos"), which then match passages by chance.
 */
function stopWordsOf(language: Language): readonly string[] {
  let words = stopWordsByLanguage.get(language);
  if (!words) {
    stopwordLists ??= require('stopword') as typeof Stopword;
    const own = (stopwordLists[language.stopWords] as readonly string[] | undefined) ?? [];
    const snowball = language.stemmer
      ? (require(`@orama/stopwords/${language.stemmer}`) as { stopwords: readonly string[] }).stopwords
      : [];
    words = [...own, ...snowball];
    stopWordsByLanguage.set(language, words);
  }
  return words;
}

let detector: typeof Tinyld | undefined;
const KNOWN = Object.keys(LANGUAGES);

/** Words are cut to this many letters where no stemmer knows the language. */
const PREFIX_LENGTH = 5;
/** Characters of the text a language is detected from: enough for a sure guess, little time. */
const DETECTION_SAMPLE = 2_000;

/** The ISO 639-1 code of a language tag (`de-AT` → `de`), when it is one we read. */
export function languageCode(tag: string | undefined): string | undefined {
  const code = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return code && code in LANGUAGES ? code : undefined;
}

/** The language of a text among those we read; undefined when the detector is not sure. */
export function detectLanguage(text: string): string | undefined {
  const sample = text.length > DETECTION_SAMPLE ? text.slice(0, DETECTION_SAMPLE) : text;
  detector ??= require('tinyld') as typeof Tinyld;
  return languageCode(detector.detect(sample, { only: KNOWN }) || undefined);
}

const stopWordSets = new Map<string, ReadonlySet<string>>();
/** English's stop words and those of the languages given, as one set, built once for each combination. */
function stopWordSet(codes: readonly (string | undefined)[]): ReadonlySet<string> {
  const key = codes.join(' ');
  let set = stopWordSets.get(key);
  if (!set) {
    const words = new Set<string>(stopWordsOf(LANGUAGES.en!));
    for (const code of codes) {
      const language = code ? LANGUAGES[code] : undefined;
      if (language) for (const word of stopWordsOf(language)) words.add(word);
    }
    set = words;
    stopWordSets.set(key, set);
  }
  return set;
}

/** The languages that write a thing's name as a compound's part ("Helikopter" in "Rettungshelikopter"). */
const COMPOUNDING_LANGUAGES = new Set(['de', 'nl']);

/** Whether the language (ISO 639-1) joins words into compounds as German and Dutch do. */
export function writesCompounds(language: string | undefined): boolean {
  return language !== undefined && COMPOUNDING_LANGUAGES.has(language);
}

/**
 * A word's cuts into a first and a last part, each of `shortest` letters or more, from its start: the
 * first part also without a linking s ("Haushalts-energie": "Haushalt"), where that leaves `shortest`.
 */
export function* compoundCuts(word: string, shortest: number): Generator<{ heads: string[]; tail: string }> {
  const letters = [...word];
  for (let cut = shortest; cut <= letters.length - shortest; cut++) {
    const head = letters.slice(0, cut).join('');
    const tail = letters.slice(cut).join('');
    yield { heads: head.endsWith('s') && cut > shortest ? [head, head.slice(0, -1)] : [head], tail };
  }
}

/** Whether a word (lower-cased) is a stop word of English or of the language given. */
export function isStopWord(word: string, language: string | undefined): boolean {
  return stopWordSet([language]).has(word);
}

export interface TermReader {
  /** The language the words are stemmed for, if known. */
  language: string | undefined;
  /**
   * The comparable terms of a text, in order. Where a stemmer knows the language, each word gives its
   * stem and, marked with `~`, its first letters too: Snowball keeps "acquire" and "acquisition" apart,
   * their first letters do not.
   */
  terms(text: string): string[];
  /**
   * The letter runs of each word of a text (stop words out), case and accents folded: "turistas" and
   * "tourists" share "uris" and "rist", "gazociąg" and "rurociągiem" share "ociag", where their stems
   * differ. One list per word, in order.
   */
  letterRuns(text: string): (readonly string[])[];
  /** A text's terms and letter runs at once, from one pass over its words (as `terms` and `letterRuns` give them). */
  read(text: string): Reading;
}

/** A text's terms and letter runs (`TermReader.read`). */
export interface Reading {
  terms: string[];
  letterRuns: (readonly string[])[];
}

/** Marks a term made of a word's first letters, so it never equals a stem. */
export const PREFIX_MARK = '~';

/**
 * Letters in a run `letterRuns` cuts words into: three letters match too much by chance ("ion", "ent"),
 * five miss the cognates whose spellings drift every few letters (militar/military, parlement/parliament).
 */
export const LETTER_RUN_LENGTH = 4;

/** Text without accents ("ą" → "a"); printable ASCII is already so, and most words are. */
const fold = (text: string): string =>
  /^[ -~]*$/.test(text) ? text : text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');

/**
 * Cyrillic letters in Latin ones, as names are spelt across the languages that write them so
 * (Russian, Ukrainian, Belarusian, Bulgarian, Serbian, Macedonian; the soft and hard signs dropped): a
 * name a question writes in Latin letters ("Podolski") meets the page's Cyrillic ("Подольски") in
 * letter runs.
 */
const CYRILLIC_IN_LATIN: ReadonlyMap<string, string> = new Map(
  (
    'а a,б b,в v,г g,д d,е e,ё e,ж zh,з z,и i,й i,к k,л l,м m,н n,о o,п p,р r,с s,т t,у u,ф f,х kh,' +
    'ц ts,ч ch,ш sh,щ shch,ъ ,ы y,ь ,э e,ю yu,я ya,і i,ї i,є e,ґ g,ў u,ђ dj,ј j,љ lj,њ nj,ћ c,џ dz,' +
    'ѓ g,ќ k,ѕ dz'
  )
    .split(',')
    .map((pair) => pair.split(' ') as [string, string]),
);
const CYRILLIC = /[\u0400-\u04ff]/u;

/** A word's letters for its letter runs: accents folded, Cyrillic in Latin letters. */
function runLetters(word: string): string {
  const folded = fold(word);
  if (!CYRILLIC.test(folded)) return folded;
  return [...word].map((letter) => CYRILLIC_IN_LATIN.get(letter) ?? fold(letter)).join('');
}

function letterRunsOf(word: string): string[] {
  const runs: string[] = [];
  for (let at = 0; at + LETTER_RUN_LENGTH <= word.length; at++)
    runs.push(word.slice(at, at + LETTER_RUN_LENGTH));
  return runs;
}

/**
 * A number as one term however it is written: thousands separators out ("80.000", "80,000" and
 * "80000" alike), the decimal comma a point ("5,96" and "5.96" alike).
 */
function plainNumber(word: string): string {
  return word.replace(/[.,](?=\d{3}\b)/g, '').replace(',', '.');
}

/**
 * Words that multiply the number before them, in the languages read most ("80 mil", "534 tys.",
 * "19,5 Millionen"): the number then also counts as its value, so "80 mil" meets "80,000". Only the
 * unambiguous ones: German "Billion" is a million millions, English "billion" a thousand millions.
 */
const SCALE_WORDS = new Map<string, number>([
  ...['thousand|thousands|tausend|mille|mil|mila|duizend|tys|tysiąc|tysiące|tysięcy|tis|tisíc'].flatMap(
    (names) => names.split('|').map((name): [string, number] => [name, 1e3]),
  ),
  ...[
    'million|millions|mio|mln|millionen|millón|millones|milione|milioni|milhão|milhões|miljoen|miljoenen|milion|miliony|milionów|milionu',
  ].flatMap((names) => names.split('|').map((name): [string, number] => [name, 1e6])),
  ...[
    'milliarde|milliarden|mrd|milliard|milliards|miliardo|miliardi|miljard|miljarden|miliard|miliardy|miliardów|mld|bilhão|bilhões',
  ].flatMap((names) => names.split('|').map((name): [string, number] => [name, 1e9])),
]);

function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:[.,]\d+)*/gu) ?? [];
}

/**
 * Reads terms for a page in `language`, dropping the stop words of that language, of English and of
 * the question's own language (a reader may ask in another language than the page's).
 */
export function termReader(
  language: string | undefined,
  otherLanguages: readonly (string | undefined)[] = [],
): TermReader {
  const known = language ? LANGUAGES[language] : undefined;
  const stopWords = stopWordSet([language, ...otherLanguages]);
  const stem = known && stemmerOf(known);
  // Undefined for a word too short or too common to have runs that tell passages apart.
  const wordRuns = new Map<string, readonly string[] | undefined>();
  const runsOfLetters = (word: string): readonly string[] | undefined => {
    let runs = wordRuns.get(word);
    if (runs === undefined && !wordRuns.has(word)) {
      runs =
        word.length < LETTER_RUN_LENGTH || stopWords.has(word) ? undefined : letterRunsOf(runLetters(word));
      wordRuns.set(word, runs);
    }
    return runs;
  };
  // A page's words repeat: each distinct word is looked at once (stop word, stem, first letters,
  // whether it is a number, its letter runs) and what it gives is kept for the rest of the page.
  const wordTerms = new Map<string, WordTerms>();
  const wordTermsOf = (word: string): WordTerms => {
    let entry = wordTerms.get(word);
    if (entry === undefined) {
      // A lone letter says little, but a lone Han character is a word ("川", river).
      const skipped = stopWords.has(word) || (word.length < 2 && !/\d/.test(word) && !HAN.test(word));
      const runs: (readonly string[])[] = [];
      // A word of `words` holds whole words of letters only ("covid19": "covid"; "1.5km" is two words).
      for (const letters of word.match(/\p{L}+/gu) ?? []) {
        const ofLetters = runsOfLetters(letters);
        if (ofLetters) runs.push(ofLetters);
      }
      entry = {
        terms: skipped
          ? []
          : EAST_ASIAN_TEST.test(word)
            ? wordTermsWithEastAsian(word, stem, stopWords)
            : stemmedTerms(word, stem),
        isNumber: !skipped && /^\d/.test(word),
        letterRuns: runs,
      };
      wordTerms.set(word, entry);
    }
    return entry;
  };
  const read = (text: string): Reading => {
    const terms: string[] = [];
    const letterRuns: (readonly string[])[] = [];
    const all = words(text);
    for (let index = 0; index < all.length; index++) {
      const word = all[index]!;
      const entry = wordTermsOf(word);
      for (const term of entry.terms) terms.push(term);
      for (const runs of entry.letterRuns) letterRuns.push(runs);
      if (!entry.isNumber) continue;
      const scale = SCALE_WORDS.get(all[index + 1] ?? '');
      if (scale) terms.push(String(Math.round(Number(plainNumber(word)) * scale)));
    }
    return { terms, letterRuns };
  };
  return {
    language,
    letterRuns(text) {
      const runs: (readonly string[])[] = [];
      for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
        const ofWord = runsOfLetters(word);
        if (ofWord) runs.push(ofWord);
      }
      return runs;
    },
    terms: (text) => read(text).terms,
    read,
  };
}

/** What one word of a text gives `TermReader.read`. */
interface WordTerms {
  /** None for a stop word or a single letter. */
  terms: readonly string[];
  /** The word is a number, so the word after it may scale it ("80 mil"). */
  isNumber: boolean;
  /** The letter runs of each word of letters in it. */
  letterRuns: readonly (readonly string[])[];
}

/** Characters of the scripts written without spaces between words (Han, kana; `ー` lengthens kana). */
const EAST_ASIAN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc]+/gu;
const EAST_ASIAN_TEST = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HAN = /\p{Script=Han}/u;

/**
 * The terms of a run of Chinese or Japanese text, which has no spaces to cut words at: each pair of
 * characters (a lone character alone), as search engines index it (Lucene's CJK bigrams), so a word
 * of two or more characters, whatever surrounds it, gives the same pairs as on its own; and, marked,
 * each Han character, so a word of one ("川", river) still meets the text holding it.
 */
function eastAsianTerms(run: string): string[] {
  const characters = [...run];
  const terms: string[] = [];
  if (characters.length === 1) terms.push(characters[0]!);
  for (let at = 0; at + 1 < characters.length; at++) terms.push(characters[at]! + characters[at + 1]!);
  for (const character of characters) if (HAN.test(character)) terms.push(PREFIX_MARK + character);
  return terms;
}

/** A word's terms with its Chinese or Japanese runs read as pairs of characters (`eastAsianTerms`). */
function wordTermsWithEastAsian(
  word: string,
  stem: ((word: string) => string) | undefined,
  stopWords: ReadonlySet<string>,
): readonly string[] {
  const terms: string[] = [];
  let at = 0;
  for (const match of word.matchAll(EAST_ASIAN)) {
    const before = word.slice(at, match.index);
    if (before && !stopWords.has(before)) terms.push(...stemmedTerms(before, stem));
    terms.push(...eastAsianTerms(match[0]));
    at = match.index + match[0].length;
  }
  const after = word.slice(at);
  if (after && !stopWords.has(after)) terms.push(...stemmedTerms(after, stem));
  return terms;
}

/**
 * A word's terms: a number as one term; else its stem and, marked, its first letters where a stemmer
 * knows the language, its first letters alone where none does.
 */
function stemmedTerms(word: string, stem: ((word: string) => string) | undefined): readonly string[] {
  if (/^\d/.test(word)) return [plainNumber(word)];
  if (stem) return [fold(stem(word)), PREFIX_MARK + fold(word).slice(0, PREFIX_LENGTH)];
  return [fold(word).slice(0, PREFIX_LENGTH)];
}
