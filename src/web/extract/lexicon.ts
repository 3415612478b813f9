// Translations of a word from one language into another, from the bilingual dictionaries FreeDict
// publishes in dictd format (Debian's `dict-freedict-<from>-<to>` packages, under /usr/share/dictd).
// For a question asked in another language than the page's, the question's words in the page's
// language. A pair is read from its own dictionary (`<from>-<to>`, looked up by headword and by stem
// among the headwords that share the word's first letters, else by a headword whose stem begins the
// word's); where that is not installed, from the other way round (`<to>-<from>`: the entries whose
// translations hold the word, in its whole text); where neither is, or the pair's lacks
// the word, through a pivot language (`<from>-eng`, then `eng-<to>`). Dictionaries are opened when
// first needed and kept, a bounded number of them, so a worker that reads pages all day keeps only the
// pairs its questions use.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { cedictSource, openChineseEnglish, openEnglishChinese } from './cedict-dictionary.ts';
import { DictdDictionary } from './dictd-dictionary.ts';
import { PREFIX_MARK, termReader } from './passage-terms.ts';

/** Where Debian's dictd packages put their dictionaries. */
export const DEFAULT_DICTIONARY_FOLDER = '/usr/share/dictd';
/** The environment variable naming another folder of dictd dictionaries (empty: none are used). */
export const DICTIONARY_FOLDER_VARIABLE = 'QUARRY_DICTIONARIES';

/**
 * The languages FreeDict has dictionaries between, with their ISO 639-3 codes (FreeDict's file names):
 * Debian's `dict-freedict-<a>-<b>` packages for these eight cover 47 of their 56 pairs.
 */
export const DICTIONARY_LANGUAGES: Readonly<Record<string, string>> = {
  en: 'eng',
  de: 'deu',
  fr: 'fra',
  es: 'spa',
  it: 'ita',
  nl: 'nld',
  pl: 'pol',
  pt: 'por',
  ru: 'rus',
  ja: 'jpn',
  // FreeDict's pairs with English only (one way or both), reached from the others through English.
  ar: 'ara',
  bg: 'bul',
  cs: 'ces',
  da: 'dan',
  el: 'ell',
  fi: 'fin',
  ga: 'gle',
  hu: 'hun',
  id: 'ind',
  lt: 'lit',
  no: 'nor',
  sk: 'slk',
  sv: 'swe',
  tr: 'tur',
  // CC-CEDICT's (cedict-dictionary.ts), not FreeDict's: Chinese–English only.
  zh: 'zho',
};

/**
 * Bytes of dictionaries kept open (their indexes, the chunks read, the texts read backwards): enough
 * for the pairs between the eight languages that one process's questions need (about 45 MB for all the
 * question sets', 24 of them the German–English pair's two indexes), so a worker asked in many
 * languages does not read an index again and again.
 */
const OPEN_DICTIONARY_BYTES = 96_000_000;
/**
 * A dictionary whose file is larger than this (bytes, compressed as installed) is not read backwards,
 * which keeps its whole text in memory: the German–English pair's (15–16 MB, 80–100 MB of text) would
 * cost a hundred megabytes, and both its directions are installed anyway. FreeDict's others are 3 MB
 * at most (deu-fra, 7 MB of text).
 */
const LARGEST_READ_BACKWARDS = 4_000_000;
/**
 * Translations remembered, by language pair and word: a research run asks one question of many pages,
 * and a German entry's senses lie in as many chunks of the file, each inflated to be read.
 */
const REMEMBERED_TRANSLATIONS = 20_000;
/** Headwords sharing a word's first letters looked at for one with the word's stem. */
const STEM_CANDIDATES = 200;
/**
 * Letters a headword with a word's stem may have beyond the word's own (in bytes, as the index is
 * compared): an inflection's ending ("schreibt" → "schreiben"); a longer one is another word built on it.
 */
const LONGEST_ENDING = 4;
/**
 * Letters of an inflection's ending a Snowball stemmer may leave on the stem (German's "-t" and "-et":
 * "findet" stays "findet" while "finden" is "find"): a headword whose stem, this much shorter at most,
 * begins the word's is taken where none has the word's own stem.
 */
const UNSTEMMED_ENDING = 2;
/** A headword's stem shorter than this beginning a word's says little ("ren" of "rente"). */
const SHORTEST_LEMMA_STEM = 4;
/** Headwords with the word's stem whose entries are taken ("invited": "invite", "invitation"). */
const STEM_HEADWORDS = 3;
/** Translations kept for one word: the first senses, which dictionaries list first. */
const MOST_TRANSLATIONS = 16;
/** Words of a pivot language a translation goes through, and translations taken of each. */
const PIVOT_WORDS = 4;
/**
 * The languages a word goes through where no dictionary holds the pair, or the pair's is small and
 * lacks the word, in order: those FreeDict has the most and largest dictionaries of.
 */
const PIVOT_LANGUAGES = ['en', 'de', 'fr'];
/** The pairs CC-CEDICT gives (cedict-dictionary.ts): as it is, and turned round. */
const CEDICT_PAIRS = ['zho-eng', 'eng-zho'];
/** A translation of more words than this is a gloss or an example, not a translation. */
const LONGEST_TRANSLATION = 4;

/** The translations given on an entry's lines: the first after the headword's and each numbered sense's. */
export function entryTranslations(entry: string): string[] {
  const lines = entry.split('\n');
  const translations: string[] = [];
  // Whether the sense being read has had its translation line: JMdict's (jpn-*) put lines of notes
  // alone in brackets ("(noun (common))") between a sense's start and its translation.
  let translated = true;
  lines.forEach((line, index) => {
    if (index === 0) return;
    const numbered = /^\s*\d+\.\s+(.*)$/.exec(line);
    if (numbered || index === 1) translated = false;
    // The first line after the headword's is the translation; later unnumbered lines are examples,
    // notes, synonyms of the source language or (WikDict) a gloss in the source language.
    if (translated) return;
    const text = numbered ? numbered[1]! : line;
    if (/^\s*("|see:|synonyms?:|note:|antonyms?:)/i.test(text)) return;
    const cleaned = withoutNotes(
      // An abbreviation written right after the part of speech ("Zeitung <fem>Ztg.,  /ts…/ ").
      text.replace(/(<[^<>]*>)[^\s,;<]+\.(,\s*\/[^/,;]*\/)?/g, '$1'),
    )
      // A pronunciation of its own between commas.
      .replace(/(^|[,;])\s*\/[^/,;]*\/\s*(?=[,;]|$)/g, '$1')
      // The placeholders of FreeDict's German–English dictionaries: "cover sth.", "etw. verkaufen".
      .replace(PLACEHOLDERS, ' ')
      // WikDict writes the next sense's number at the end of the line before it ("comer 2.").
      .replace(/\s+\d+\.\s*$/, '')
      // A word's part left out ("Hauptstadt…", "the .... river").
      .replace(/…|\.{2,}/g, ' ');
    if (!cleaned.trim()) return;
    translated = true;
    for (const piece of cleaned.split(/[,;]/)) {
      const translation = piece.replace(/\s+/g, ' ').trim().toLowerCase();
      if (!translation || /\d/.test(translation)) continue;
      if (translation.split(' ').length > LONGEST_TRANSLATION) continue;
      if (!translations.includes(translation)) translations.push(translation);
    }
  });
  return translations;
}

/**
 * The placeholders for an object in FreeDict's German–English dictionaries (from Ding): English
 * "sb.", "sth." (and their possessives), German "jd.", "jdm.", "jdn.", "jds.", "etw." (and the longer
 * "jmd." forms); a translation holding one would otherwise need it on the page.
 */
const PLACEHOLDERS = /(?<![\p{L}.])(sb|sth|jd|jdm|jdn|jds|jmd|jmdm|jmdn|jmds|etw)\.(['’]s)?(?![\p{L}])/giu;

/** Text without its notes in brackets, nested ones too ("(noun (common) (futsuumeishi))"). */
function withoutNotes(text: string): string {
  let cleaned = text;
  for (let previous = ''; previous !== cleaned;) {
    previous = cleaned;
    cleaned = cleaned.replace(/<[^<>]*>|\[[^[\]]*\]|\{[^{}]*\}|\([^()]*\)/g, ' ');
  }
  return cleaned;
}

/**
 * The headword as an entry's first line writes it, before its pronunciation or part of speech (after
 * the frequency tags JMdict's put first: " [ichi1]  [news1]  首都 /…/").
 */
function entryHeadword(entry: string): string {
  const line = entry.slice(0, entry.indexOf('\n') >>> 0);
  return line
    .replace(/^(\s*\[[^\]]*\])+/, '')
    .replace(/\s*(\/[^/]*\/|<[^>]*>).*$/, '')
    .trim()
    .toLowerCase();
}

/** A word or phrase as its stems say it, so "invited" and "invite" meet; empty for stop words alone. */
export function stemKey(text: string, language: string): string {
  // A fresh reader: its word maps are for one text, and the language's stems are remembered anyway.
  return termReader(language)
    .terms(text)
    .filter((term) => !term.startsWith(PREFIX_MARK))
    .join(' ');
}

/**
 * Keeps values up to a total weight (`weigh`, weighed again when a new one comes: a dictionary grows
 * as it is read), forgetting the one used longest ago first; always the newest.
 */
class Kept<T> {
  private readonly values = new Map<string, T>();
  constructor(
    private readonly capacity: number,
    /** Unset: each value weighs one, and the total is their count. */
    private readonly weigh?: (value: T) => number,
  ) {}
  get(key: string, make: () => T): T {
    let value = this.values.get(key);
    if (value !== undefined || this.values.has(key)) {
      this.values.delete(key);
      this.values.set(key, value as T);
      return value as T;
    }
    value = make();
    const weigh = this.weigh ?? (() => 1);
    let total = this.values.size + 1;
    if (this.weigh) {
      total = this.weigh(value);
      for (const kept of this.values.values()) total += this.weigh(kept);
    }
    for (const [oldest, kept] of this.values) {
      if (total <= this.capacity) break;
      total -= weigh(kept);
      this.values.delete(oldest);
    }
    this.values.set(key, value);
    return value;
  }
}

export class Lexicon {
  /** The pairs installed, as `eng-deu`. */
  readonly pairs: ReadonlySet<string>;
  /** Each pair's text file's size in bytes (compressed, as installed). */
  private readonly fileSizes = new Map<string, number>();
  private readonly open = new Kept<DictdDictionary | undefined>(
    OPEN_DICTIONARY_BYTES,
    (dictionary) => dictionary?.bytes ?? 0,
  );
  private readonly translations = new Kept<string[]>(REMEMBERED_TRANSLATIONS);

  constructor(readonly folder: string) {
    let names: string[] = [];
    try {
      names = existsSync(folder) ? readdirSync(folder) : [];
    } catch {
      names = [];
    }
    const pairs = new Set<string>();
    for (const name of names) {
      const pair = /^freedict-([a-z]{3}-[a-z]{3})\.index$/.exec(name)?.[1];
      const data = [`freedict-${pair}.dict.dz`, `freedict-${pair}.dict`].find((file) => names.includes(file));
      if (!pair || !data) continue;
      pairs.add(pair);
      try {
        this.fileSizes.set(pair, statSync(join(folder, data)).size);
      } catch {
        // Unreadable: looked up forwards only, as an over-large one.
      }
    }
    // An operator's own folder gives Chinese only with its own CC-CEDICT file, as it gives every pair.
    const cedict = folder
      ? cedictSource(folder, { packaged: folder === DEFAULT_DICTIONARY_FOLDER })
      : undefined;
    if (cedict && !CEDICT_PAIRS.some((pair) => pairs.has(pair))) {
      for (const pair of CEDICT_PAIRS) pairs.add(pair);
      this.cedict = cedict;
    }
    this.pairs = pairs;
  }

  /** Where CC-CEDICT's text is read from, when it gives the Chinese–English pairs. */
  private readonly cedict: string | undefined;

  /**
   * Whether words can be taken from `from` into `to` (ISO 639-1 codes): a pair read either way, or
   * both through a pivot language.
   */
  bridges(from: string, to: string): boolean {
    if (!DICTIONARY_LANGUAGES[from] || !DICTIONARY_LANGUAGES[to] || from === to) return false;
    return this.readsDirectly(from, to) || this.pivotsOf(from, to).length > 0;
  }

  /** Whether a dictionary takes words from `from` into `to`: the pair's own, or the other way round's read backwards. */
  private readsDirectly(from: string, to: string): boolean {
    const source = DICTIONARY_LANGUAGES[from]!;
    const target = DICTIONARY_LANGUAGES[to]!;
    return (
      this.pairs.has(`${source}-${target}`) ||
      (this.pairs.has(`${target}-${source}`) &&
        (this.fileSizes.get(`${target}-${source}`) ?? Infinity) <= LARGEST_READ_BACKWARDS)
    );
  }

  /** The pivot languages words go through from `from` into `to`. */
  private pivotsOf(from: string, to: string): string[] {
    return PIVOT_LANGUAGES.filter(
      (pivot) =>
        pivot !== from && pivot !== to && this.readsDirectly(from, pivot) && this.readsDirectly(pivot, to),
    );
  }

  /**
   * The word's (or phrase's) translations from `from` into `to` (ISO 639-1 codes), lower-cased, first
   * senses first; none when no dictionary knows it.
   */
  translate(word: string, from: string, to: string): readonly string[] {
    const source = DICTIONARY_LANGUAGES[from];
    const target = DICTIONARY_LANGUAGES[to];
    if (!source || !target || source === target) return [];
    const text = word.normalize('NFC').toLowerCase().trim();
    if (!text) return [];
    return this.translations.get(`${from} ${to} ${text}`, () => this.lookUpEverywhere(text, from, to));
  }

  /**
   * From a dictionary of the pair; where none holds it or the pair's lacks the word, through the first
   * pivot language that knows it. Every pair lacks words: FreeDict's English–Russian has 1,700
   * headwords, its English–French 8,800 ("fail", "fuel", "launch" missing), Polish–German lacks
   * "kłótnia" and Spanish–German "desactivar", which English has both ways. Going through a pivot only
   * where a pair's dictionary had under 10,000 headwords found 858 of the 952 questions in other words,
   * for every pair 860 (`heldout3`, `heldout8` +1), the bench's process peaking at 697 MB against 691
   * (the dictionaries held stay within `OPEN_DICTIONARY_BYTES` either way).
   */
  private lookUpEverywhere(text: string, from: string, to: string): string[] {
    if (this.readsDirectly(from, to)) {
      const direct = this.translateDirectly(text, from, to);
      if (direct.length > 0) return direct;
    }
    for (const pivot of this.pivotsOf(from, to)) {
      const found: string[] = [];
      for (const word of this.translateDirectly(text, from, pivot).slice(0, PIVOT_WORDS)) {
        for (const translation of this.translateDirectly(word, pivot, to).slice(0, PIVOT_WORDS)) {
          if (!found.includes(translation)) found.push(translation);
        }
      }
      if (found.length > 0) return found.slice(0, MOST_TRANSLATIONS);
    }
    return [];
  }

  /** From the pair's own dictionary, else from the other way round's. */
  private translateDirectly(text: string, from: string, to: string): string[] {
    const source = DICTIONARY_LANGUAGES[from]!;
    const target = DICTIONARY_LANGUAGES[to]!;
    const found: string[] = [];
    const add = (translations: readonly string[]): void => {
      for (const translation of translations) if (!found.includes(translation)) found.push(translation);
    };
    const forward = this.dictionary(`${source}-${target}`);
    if (forward) add(this.lookUp(forward, text, from));
    // The other way round only where the pair's own is not installed: beside it, it found no answer
    // more on the reworded questions, and it keeps a whole dictionary's text in memory.
    if (!forward && (this.fileSizes.get(`${target}-${source}`) ?? Infinity) <= LARGEST_READ_BACKWARDS) {
      const backward = this.dictionary(`${target}-${source}`);
      if (backward) add(this.lookUpBackwards(backward, text, from));
    }
    return found.slice(0, MOST_TRANSLATIONS);
  }

  private dictionary(pair: string): DictdDictionary | undefined {
    if (!this.pairs.has(pair)) return undefined;
    return this.open.get(pair, () =>
      this.cedict && CEDICT_PAIRS.includes(pair)
        ? pair === 'zho-eng'
          ? openChineseEnglish(this.cedict)
          : openEnglishChinese(this.cedict, entryTranslations)
        : DictdDictionary.open(join(this.folder, `freedict-${pair}`)),
    );
  }

  /** The headword's entries, and those of the headwords with its stem (a question's words are inflected). */
  private lookUp(dictionary: DictdDictionary, text: string, language: string): string[] {
    const exact = dictionary.entries(text).flatMap(entryTranslations);
    if (text.includes(' ')) return exact;
    const key = stemKey(text, language);
    // An inflected form that is a headword of its own also brings its lemma's senses: CC-CEDICT turned
    // round has "towns" only as one rare word's gloss, "town" as the common words'.
    if (!key || (exact.length > 0 && key === text)) return exact;
    const candidates = dictionary
      .headwordsStartingWith(stemPrefix(text, key, UNSTEMMED_ENDING + 1), STEM_CANDIDATES, {
        longestBytes: Buffer.byteLength(text) + LONGEST_ENDING,
      })
      .filter((headword) => !headword.includes(' '))
      .map((headword) => ({ headword, key: stemKey(headword, language) }));
    let headwords = candidates.filter((candidate) => candidate.key === key);
    if (headwords.length === 0) {
      // An ending the stemmer keeps: the headword's stem, and a letter or two more ("findet" → "finden").
      // The longest such stem only ("schreib" of "schreiben", not "schrei" of "schrei"), the longer
      // headword first (an inflection's lemma before a shorter word: "heißen" before "heiß").
      const beginning = candidates.filter(
        (candidate) =>
          candidate.key.length >= SHORTEST_LEMMA_STEM &&
          key.length - candidate.key.length <= UNSTEMMED_ENDING &&
          key.startsWith(candidate.key),
      );
      const longest = Math.max(...beginning.map((candidate) => candidate.key.length));
      headwords = beginning
        .filter((candidate) => candidate.key.length === longest)
        .sort((a, b) => b.headword.length - a.headword.length);
    }
    const stemMates = headwords
      .filter((candidate) => candidate.headword !== text)
      .slice(0, STEM_HEADWORDS)
      .flatMap((candidate) => dictionary.entries(candidate.headword))
      .flatMap(entryTranslations);
    return [...new Set([...exact, ...stemMates])];
  }

  /**
   * The headwords of the other way round's dictionary that the word translates: those whose
   * translations hold the word itself, else one with its stem.
   */
  private lookUpBackwards(dictionary: DictdDictionary, text: string, language: string): string[] {
    const exact: string[] = [];
    for (const entry of dictionary.entriesHolding(text, STEM_CANDIDATES, { wholeWord: true })) {
      const headword = entryHeadword(entry.text) || entry.headword;
      if (!exact.includes(headword) && entryTranslations(entry.text).includes(text)) exact.push(headword);
    }
    if (exact.length > 0 || text.includes(' ')) return exact.slice(0, MOST_TRANSLATIONS);
    const key = stemKey(text, language);
    if (!key) return [];
    const stemmed: string[] = [];
    for (const entry of dictionary.entriesHolding(stemPrefix(text, key), STEM_CANDIDATES)) {
      const headword = entryHeadword(entry.text) || entry.headword;
      if (stemmed.includes(headword)) continue;
      if (entryTranslations(entry.text).some((translation) => stemKey(translation, language) === key))
        stemmed.push(headword);
      if (stemmed.length >= MOST_TRANSLATIONS) break;
    }
    return stemmed;
  }
}

/**
 * The first letters a word's stem-mates share: Snowball's stems are mostly the word's beginning
 * ("invit" of "invited"); one letter less allows for the few it rewrites ("parti" of "party").
 */
function stemPrefix(text: string, key: string, lessLetters = 1): string {
  const letters = [...text];
  const length = Math.max(3, key.split(' ')[0]!.length - lessLetters);
  return letters.slice(0, Math.min(letters.length, length)).join('');
}

let shared: Lexicon | undefined;
/** The lexicon of the folder the environment names (`QUARRY_DICTIONARIES`, else /usr/share/dictd), made once. */
export function sharedLexicon(): Lexicon {
  const folder = process.env[DICTIONARY_FOLDER_VARIABLE] ?? DEFAULT_DICTIONARY_FOLDER;
  if (!shared || shared.folder !== folder) shared = new Lexicon(folder);
  return shared;
}
